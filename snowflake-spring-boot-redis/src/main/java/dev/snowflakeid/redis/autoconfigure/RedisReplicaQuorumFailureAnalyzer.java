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
package dev.snowflakeid.redis.autoconfigure;

import dev.snowflakeid.redis.RedisReplicaQuorumException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Explains grants refused for want of a replica majority. Ordered first, since the refusal is also a
 * {@code LeaseStoreUnavailableException}, whose own analysis would blame the connection.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class RedisReplicaQuorumFailureAnalyzer extends AbstractFailureAnalyzer<RedisReplicaQuorumException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisReplicaQuorumException cause) {
		int quorum = (cause.configured() + 1) / 2;
		return new FailureAnalysis("Worker leases were refused by Redis within the startup wait budget: "
				+ cause.getMessage() + ". Redis was reached; it grants only as a primary with at least " + quorum
				+ " of the " + cause.configured() + " replicas snowflake.worker.redis.replicas counts online within "
				+ "snowflake.worker.redis.max-replica-lag, and at most " + cause.configured() + " attached.",
				cause.tooMany() ? "Set snowflake.worker.redis.replicas on every instance of the region to at least "
						+ "the number of replicas attached, plus every other node that may ever follow the primary "
						+ "(chained replicas, replicas that are down, spares)." : "Bring replicas back until at least " + quorum + " of them are online and in sync (INFO "
						+ "replication on the primary lists them, with their lag). Do not lower "
						+ "snowflake.worker.redis.replicas below the number of nodes that may ever follow the primary, "
						+ "replicas that are down included: counted too low, two primaries could each find a majority "
						+ "and grant the same worker code.",
				cause);
	}

}
