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
package dev.snowflakeid.redis;

/**
 * A node of a lease Redis Cluster with replicas has {@code cluster-allow-replica-migration yes}: a replica of
 * another shard could then move to a primary that lost its replicas, and give a primary promoted in a
 * partition a majority the lease script counts against the configured number of replicas, while the deposed
 * primary keeps granting with a replica of its own.
 */
public final class RedisReplicaMigrationException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	public RedisReplicaMigrationException(String server) {
		super(server, "cluster-allow-replica-migration", "Redis " + server + " has cluster-allow-replica-migration "
				+ "yes: a replica of another shard may move to a promoted primary and lend it a majority");
	}

}
