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

import java.time.Duration;

import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.autoconfigure.StoreTiming;
import dev.snowflakeid.lease.LeaseTiming;

/**
 * The timing rules of {@code snowflake.worker.redis.*}: a lease command must answer well
 * inside a renew interval, a renewal must reach Redis before the lease key expires, and a
 * failover may lose the writes of {@link LeaseTiming#replicaFailoverWindow}. Instances on
 * one Redis share a key space, so each stays within the fleet lead limit.
 */
final class RedisLeaseTimingRules {

	private RedisLeaseTimingRules() {
	}

	static StoreTiming storeTiming(SnowflakeProperties.Lease lease, SnowflakeRedisProperties redis) {
		if (redis.getMinReplicas() != null) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.redis.min-replicas",
					"min-replicas " + redis.getMinReplicas() + " is no longer read: grants need a majority of the "
							+ "replicas snowflake.worker.redis.replicas counts, and a minimum set below half of them "
							+ "let two primaries grant at once",
					"Remove snowflake.worker.redis.min-replicas and set snowflake.worker.redis.replicas to the "
							+ "number of replicas each primary has, chained replicas included.");
		}
		Duration ttl = lease.getTtl();
		Duration renew = lease.getRenewInterval();
		Duration commandTimeout = redis.getCommandTimeout();
		InvalidSnowflakeConfigurationException.checkMillis("snowflake.worker.redis.command-timeout", commandTimeout,
				false);
		InvalidSnowflakeConfigurationException.checkMillis("snowflake.worker.redis.connect-timeout",
				redis.getConnectTimeout(), false);
		if (commandTimeout.compareTo(renew) >= 0) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.redis.command-timeout",
					"lease command timeout " + commandTimeout + " is not shorter than the renew interval " + renew,
					"Set snowflake.worker.redis.command-timeout well inside the renew interval, such as 300ms for 1s.");
		}
		if (renew.plus(commandTimeout).compareTo(ttl) >= 0) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.lease.renew-interval",
					"renew interval " + renew + " plus the command timeout " + commandTimeout
							+ " is not shorter than the lease ttl " + ttl
							+ ", so the lease would expire in Redis between two renewals",
					"Make snowflake.worker.lease.renew-interval a fraction of snowflake.worker.lease.ttl, such as 1s "
							+ "for 10s.");
		}
		int replicas = InvalidSnowflakeConfigurationException.check("snowflake.worker.redis.replicas",
				() -> LeaseTiming.requireReplicas(redis.getReplicas()),
				"Set snowflake.worker.redis.replicas to 0 for a primary without replicas, "
						+ "or to the number of replicas each primary has.");
		Duration lag = InvalidSnowflakeConfigurationException.check("snowflake.worker.redis.max-replica-lag",
				() -> LeaseTiming.requireMaxReplicaLag(redis.getMaxReplicaLag()),
				"Set snowflake.worker.redis.max-replica-lag to whole seconds, at least 1s (the default).");
		return new StoreTiming(commandTimeout, LeaseTiming.replicaFailoverWindow(replicas, lag), true);
	}

}
