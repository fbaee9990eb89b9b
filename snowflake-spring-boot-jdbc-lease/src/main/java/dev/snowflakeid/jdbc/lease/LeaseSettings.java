/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.jdbc.lease;

import java.time.Duration;

import dev.snowflakeid.lease.LeaseTiming;

/**
 * What one store sends with every grant, fixed when it is built.
 *
 * @param table the lease table, qualified with its schema where one is configured
 * @param database the database the store reaches, without credentials, for messages
 * @param format the ID format as the meta row records it
 * @param coexistence whether another format may take an unused region beside the table's
 * @param codes worker codes in the region
 */
record LeaseSettings(String table, String database, String namespace, int region, int codes, String format,
		FormatCoexistence coexistence, LeaseTiming timing, Duration ttl, Duration commandTimeout) {

	String description() {
		return this.database + ", table " + this.table;
	}

	long quarantineMillis() {
		return this.timing.quarantine().toMillis();
	}

	long ceilingLeadMillis() {
		return this.timing.ceilingLead().toMillis();
	}

	long leadLimitMillis() {
		return this.timing.leadLimit().toMillis();
	}

	long maxClockSkewMillis() {
		return this.timing.maxClockSkew().toMillis();
	}

}
