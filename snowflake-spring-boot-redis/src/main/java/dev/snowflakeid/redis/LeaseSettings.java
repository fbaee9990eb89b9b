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

import java.time.Duration;
import java.util.Objects;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseTiming;

/**
 * The settings of one {@link RedisWorkerLeaseStore}, checked once when it is built: where
 * the region's keys are, the fleet settings {@code lease.lua} compares with those the
 * region was set up with, and the limits it grants within. Built only by {@link #of}, so
 * every instance passed its checks.
 *
 * @param layout the layout every worker of the namespace shares
 * @param keyPrefix first part of every key
 * @param namespace uniqueness domain within one Redis
 * @param region region code, within the layout
 * @param keys the keys of the region
 * @param ttl how long Redis keeps a lease without renewal, whole milliseconds
 * @param timing ceiling lead, quarantine, allowed skew and lateness, failover window
 * @param commandTimeout the lease connection's command timeout, whole milliseconds
 * @param replicas replicas of each primary, zero or more
 * @param maxReplicaLag largest replica lag at which grants are still made, whole seconds
 * @param database index of the database the lease connection selects, recorded in the
 * region's state so that a state moved in from another database reads as a loss; 0 on a
 * Cluster
 * @param clustered whether the keys are on a Redis Cluster, where the key space's format
 * record lies in another slot than the region's keys and cannot be declared beside them
 * @param coexistence whether this format may take an unused region beside another format
 * of the key space
 */
record LeaseSettings(SnowflakeLayout layout, String keyPrefix, String namespace, int region, RegionKeys keys,
		Duration ttl, LeaseTiming timing, Duration commandTimeout, int replicas, Duration maxReplicaLag, int database,
		boolean clustered, FormatCoexistence coexistence) {

	/**
	 * Checks the settings in the order of the parameters and answers them with the
	 * region's keys.
	 * @throws IllegalArgumentException if a duration is out of range, the timing's
	 * failover window does not match the replica settings, the region does not fit the
	 * layout, or a key part is empty or contains a brace
	 */
	static LeaseSettings of(SnowflakeLayout layout, String keyPrefix, String namespace, int region, Duration ttl,
			LeaseTiming timing, Duration commandTimeout, int replicas, Duration maxReplicaLag, int database,
			boolean clustered, FormatCoexistence coexistence) {
		Objects.requireNonNull(layout, "layout");
		layout.requireRegion(region);
		RegionKeys keys = RegionKeys.of(keyPrefix, namespace, region);
		LeaseTiming.requirePositiveMillis("lease ttl", ttl);
		Objects.requireNonNull(timing, "lease timing");
		LeaseTiming.requirePositiveMillis("command timeout", commandTimeout);
		Duration window = LeaseTiming.replicaFailoverWindow(replicas, maxReplicaLag);
		if (!timing.failoverWindow().equals(window)) {
			throw new IllegalArgumentException("lease timing assumes a failover window of " + timing.failoverWindow()
					+ " but " + replicas + " replicas with a lag limit of " + maxReplicaLag + " give " + window);
		}
		if (database < 0 || (clustered && database != 0)) {
			throw new IllegalArgumentException("database " + database + " is not a database index"
					+ (clustered ? " of a Redis Cluster, which has only database 0" : ""));
		}
		return new LeaseSettings(layout, keyPrefix, namespace, region, keys, ttl, timing, commandTimeout, replicas,
				maxReplicaLag, database, clustered, Objects.requireNonNull(coexistence, "format coexistence"));
	}

	/**
	 * The ID format as the key space's format record and the region's state record it and
	 * every request compares it: bit widths, tick and epoch.
	 */
	String layoutDescription() {
		return this.layout.toString();
	}

	/** The fleet lead limit as the format record holds it, whole milliseconds. */
	String leadLimitMillis() {
		return Long.toString(this.timing.leadLimit().toMillis());
	}

	/** Worker codes in the region. */
	int codes() {
		return this.layout.maxWorkers();
	}

}
