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

import dev.snowflakeid.redis.RedisReplicaMigrationException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis Cluster whose replicas may migrate between shards. */
class RedisReplicaMigrationFailureAnalyzer extends AbstractFailureAnalyzer<RedisReplicaMigrationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisReplicaMigrationException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis Cluster: " + cause.getMessage()
				+ ". Grants need a majority of a primary's nodes (snowflake.worker.redis.replicas counts them); a "
				+ "migrated replica is a node the count does not know, so a primary cut off with one of its replicas "
				+ "and its successor with a migrated one could both grant the same worker code.",
				"Set cluster-allow-replica-migration no on every node of the lease Cluster (CONFIG SET "
						+ "cluster-allow-replica-migration no, and in redis.conf so it survives a restart).",
				cause);
	}

}
