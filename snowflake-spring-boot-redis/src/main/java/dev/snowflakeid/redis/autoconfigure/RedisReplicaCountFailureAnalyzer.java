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

import dev.snowflakeid.redis.RedisReplicaCountException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis primary with more replicas than {@code snowflake.worker.redis.replicas} counts. */
class RedisReplicaCountFailureAnalyzer extends AbstractFailureAnalyzer<RedisReplicaCountException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisReplicaCountException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis as configured: " + cause.getMessage()
				+ ". Grants need a majority of the nodes snowflake.worker.redis.replicas counts; counted against too "
				+ "few nodes, a primary cut off with some replicas and its successor with the others could both "
				+ "have one, so the lease script refuses every grant here.",
				"Set snowflake.worker.redis.replicas=" + cause.attached() + " on every instance of the region, or "
						+ "higher: at least the " + cause.attached() + " attached now, plus every other node that may "
						+ "ever follow the primary (chained replicas, replicas that are down, spares); "
						+ where(cause.setUp()) + ".",
				cause);
	}

	private static String where(RedisReplicaCountException.SetUp setUp) {
		return switch (setUp) {
			case SENTINEL -> "SENTINEL REPLICAS <master> on a sentinel lists the primary's replicas";
			case CLUSTER -> "CLUSTER REPLICAS <node-id> lists those of one shard's primary, and the largest shard "
					+ "counts";
			case FIXED -> "INFO replication on the primary lists its replicas (connected_slaves)";
		};
	}

}
