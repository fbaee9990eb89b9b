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
package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a lease store set up for another layout or region, naming the settings of the
 * store that refused: the lease table's for the JDBC store, the key space's otherwise.
 */
class StoreMismatchFailureAnalyzer extends AbstractFailureAnalyzer<StoreMismatchException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StoreMismatchException cause) {
		String action = "jdbc".equals(cause.store()) ? leaseTableAction() : keySpaceAction();
		return new FailureAnalysis(
				"The worker-code lease store disagrees with this instance: " + cause.getMessage() + ".", action, cause);
	}

	private static String keySpaceAction() {
		return "Use the ID format (snowflake.layout.*, snowflake.layout.tick, snowflake.epoch), the "
				+ "snowflake.worker.redis.namespace of the region and the lease timing "
				+ "(snowflake.worker.lease.outage-tolerance, renew-interval, max-clock-skew and "
				+ "snowflake.worker.redis.command-timeout, replicas, max-replica-lag) that the key space records, "
				+ "as named above, or another snowflake.region. Other lease timing takes a region over by itself "
				+ "once every instance with the recorded timing has stopped and its last ceiling plus the recorded "
				+ "quarantine has passed. Another ID format runs beside the recorded one only in a region no "
				+ "instance has used, with snowflake.worker.redis.format-coexistence=side-by-side and equal "
				+ "timestamp bits, region bits, tick and epoch; any other new format needs a key space whose IDs "
				+ "never meet these: IDs of two formats, and of two namespaces in one region, can be equal "
				+ "(docs/safety-model.md#uniqueness-domain).";
	}

	private static String leaseTableAction() {
		return "Use the ID format (snowflake.layout.*, snowflake.layout.tick, snowflake.epoch) and "
				+ "snowflake.worker.lease.fleet-lead-limit, the snowflake.worker.jdbc.namespace of the region and "
				+ "the lease timing (snowflake.worker.lease.outage-tolerance, renew-interval, max-clock-skew and "
				+ "snowflake.worker.jdbc.command-timeout) that the lease table records, as named above, or another "
				+ "snowflake.region. Other lease timing takes the table over by itself once every instance with the "
				+ "recorded timing has stopped and its last ceiling plus the recorded quarantine has passed. "
				+ "Another ID format runs beside the recorded one only in a region no instance has used, with "
				+ "snowflake.worker.jdbc.format-coexistence=side-by-side and equal timestamp bits, region bits, tick "
				+ "and epoch; any other new format needs a table of its own (snowflake.worker.jdbc.table or schema) "
				+ "whose IDs never meet these: IDs of two formats, and of two namespaces in one region, can be equal "
				+ "(docs/safety-model.md#uniqueness-domain).";
	}

}
