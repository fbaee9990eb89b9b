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
package dev.snowflakeid.jdbc.lease.autoconfigure;

import dev.snowflakeid.jdbc.lease.UnsuitableDatabaseException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a lease database that cannot keep leases safe, one analysis per
 * {@link UnsuitableDatabaseException.Reason}: what the database reported, why leases
 * cannot rest on it, and the setting to change with a value that works.
 */
class UnsuitableDatabaseFailureAnalyzer extends AbstractFailureAnalyzer<UnsuitableDatabaseException> {

	private static final String TARGET = "spring.datasource.url (or snowflake.worker.jdbc.url)";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnsuitableDatabaseException cause) {
		return switch (cause.reason()) {
			case PRODUCT -> new FailureAnalysis("Worker leases cannot use this database: " + cause.getMessage() + ".",
					"Point " + TARGET + " at a PostgreSQL database, or lease worker codes elsewhere: "
							+ "snowflake.worker.allocator=redis (the default), snowflake.worker.allocator=static "
							+ "(a code and a state file per instance) or snowflake.worker.allocator=kubernetes "
							+ "(a StatefulSet pod's ordinal).",
					cause);
			case STANDBY -> new FailureAnalysis(
					"Worker leases cannot use this database: " + cause.getMessage()
							+ ". A grant read from a standby's rows could start below a ceiling the primary recorded.",
					"Point " + TARGET + " at the primary: with several hosts in the URL, add "
							+ "targetServerType=primary; never a read-only pooler or a replica endpoint.",
					cause);
			case SETTING -> new FailureAnalysis("Worker leases cannot use this database: " + cause.getMessage() + ".",
					"Set " + cause.observed().replace(" = off", "") + " = on in postgresql.conf (it is the default) "
							+ "and reload the server, or point " + TARGET + " at a server that has it on.",
					cause);
			case TABLE -> new FailureAnalysis("Worker leases cannot use this database: " + cause.getMessage() + ".",
					"Set snowflake.worker.jdbc.initialize-schema=always to let the lease store create the table, or "
							+ "create it in your migrations from schema-postgresql.sql (with ${table} replaced by "
							+ cause.observed() + "); snowflake.worker.jdbc.schema and .table name it.",
					cause);
		};
	}

}
