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

import java.util.List;

import dev.snowflakeid.redis.RedisLeaseServerCheck;
import dev.snowflakeid.redis.UnsuitableRedisException;
import dev.snowflakeid.redis.UnsuitableRedisException.MissingPermissions;
import dev.snowflakeid.redis.UnsuitableRedisException.ReplicaCount;
import dev.snowflakeid.redis.UnsuitableRedisException.Topology;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a lease Redis that cannot keep leases safe, one analysis per
 * {@link UnsuitableRedisException.Reason}: what the server reported, why leases cannot
 * rest on it, and the setting to change with a value that works.
 */
class UnsuitableRedisFailureAnalyzer extends AbstractFailureAnalyzer<UnsuitableRedisException> {

	/** The {@code INFO} fields the lease script reads the data's lineage from. */
	private static final List<String> LINEAGE_FIELDS = List.of("INFO run_id", "INFO master_replid");

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnsuitableRedisException cause) {
		return switch (cause.reason()) {
			case VERSION -> version(cause);
			case NOT_PRIMARY -> notPrimary(cause);
			case REPLICA_WRITABLE -> replicaWritable(cause);
			case REPLICA_MIGRATION -> replicaMigration(cause);
			case REPLICA_COUNT -> replicaCount(cause);
			case EVICTION_POLICY -> evictionPolicy(cause);
			case PERMISSION -> permission(cause);
			case CAPABILITY -> capability(cause);
		};
	}

	private static FailureAnalysis version(UnsuitableRedisException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". The lease scripts set absolute expiry times (SET ... PXAT), which Redis accepts from version "
				+ RedisLeaseServerCheck.MINIMUM_VERSION + " on.",
				"Upgrade Redis to " + RedisLeaseServerCheck.MINIMUM_VERSION + " or later, or point the lease "
						+ "connection at a newer server with spring.data.redis.* or snowflake.worker.redis.* (url, "
						+ "host, sentinel, cluster).",
				cause);
	}

	private static FailureAnalysis notPrimary(UnsuitableRedisException cause) {
		return new FailureAnalysis(
				"Worker leases cannot use this Redis: " + cause.getMessage()
						+ ". Leases written anywhere but the primary are not fenced.",
				"Point spring.data.redis.host (or snowflake.worker.redis.host/url) at the primary, or configure "
						+ "the set-up as it is so the client finds the primary itself: spring.data.redis.sentinel.master "
						+ "and .nodes for Sentinel, spring.data.redis.masterreplica.nodes for a fixed primary with "
						+ "replicas, spring.data.redis.cluster.nodes for a Cluster.",
				cause);
	}

	private static FailureAnalysis replicaWritable(UnsuitableRedisException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". A writable replica, or a deposed primary that became one, could grant a worker code that the "
				+ "primary has granted too.",
				"Set replica-read-only yes on every node of the lease Redis (CONFIG SET replica-read-only yes, and "
						+ "in redis.conf so it survives a restart; it is the default).",
				cause);
	}

	private static FailureAnalysis replicaMigration(UnsuitableRedisException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis Cluster: " + cause.getMessage()
				+ ". Grants need a majority of a primary's nodes (snowflake.worker.redis.replicas counts them); a "
				+ "migrated replica is a node the count does not know, so a primary cut off with one of its replicas "
				+ "and its successor with a migrated one could both grant the same worker code.",
				"Set cluster-allow-replica-migration no on every node of the lease Cluster (CONFIG SET "
						+ "cluster-allow-replica-migration no, and in redis.conf so it survives a restart).",
				cause);
	}

	private static FailureAnalysis replicaCount(UnsuitableRedisException cause) {
		ReplicaCount count = cause.replicaCount();
		return new FailureAnalysis("Worker leases cannot use this Redis as configured: " + cause.getMessage()
				+ ". Grants need a majority of the nodes snowflake.worker.redis.replicas counts; counted against too "
				+ "few nodes, a primary cut off with some replicas and its successor with the others could both "
				+ "have one, so the lease script refuses every grant here.",
				"Set snowflake.worker.redis.replicas=" + count.attached() + " on every instance of the region, or "
						+ "higher: at least the " + count.attached() + " attached now, plus every other node that may "
						+ "ever follow the primary (chained replicas, replicas that are down, spares); "
						+ whereReplicasAreListed(count.topology()) + ".",
				cause);
	}

	private static String whereReplicasAreListed(Topology topology) {
		return switch (topology) {
			case SENTINEL -> "SENTINEL REPLICAS <master> on a sentinel lists the primary's replicas";
			case CLUSTER ->
				"CLUSTER REPLICAS <node-id> lists those of one shard's primary, and the largest shard " + "counts";
			case FIXED -> "INFO replication on the primary lists its replicas (connected_slaves)";
		};
	}

	private static FailureAnalysis evictionPolicy(UnsuitableRedisException cause) {
		return new FailureAnalysis(
				"Worker leases cannot use this Redis: " + cause.getMessage()
						+ ". The marks that keep successive owners of a worker code apart have no expiry; an allkeys-* "
						+ "policy may evict them, and the next owner could then reuse timestamps.",
				"Set maxmemory-policy noeviction (recommended) or a volatile-* policy on the lease Redis "
						+ "(CONFIG SET maxmemory-policy noeviction, and in redis.conf), or give the leases a Redis "
						+ "of their own with snowflake.worker.redis.*.",
				cause);
	}

	private static FailureAnalysis permission(UnsuitableRedisException cause) {
		MissingPermissions missing = cause.missingPermissions();
		return new FailureAnalysis("Worker leases cannot use this Redis user: " + cause.getMessage() + ".",
				"Grant the missing permissions (ACL SETUSER " + missing.user() + " "
						+ String.join(" ", missing.permissions()) + "), or give the user the lease rule from the "
						+ "docs/redis.md#acl-user: the lease commands on keys ~" + keyPattern(missing.sampleKey())
						+ ". The user is " + "spring.data.redis.username (or snowflake.worker.redis.username).",
				cause);
	}

	private static String keyPattern(String sampleKey) {
		int colon = sampleKey.indexOf(':');
		return ((colon > 0) ? sampleKey.substring(0, colon) : sampleKey) + ":*";
	}

	private static FailureAnalysis capability(UnsuitableRedisException cause) {
		return new FailureAnalysis(
				"Worker leases cannot use this Redis: " + cause.getMessage() + ". " + whyLeasesNeed(cause.setting())
						+ " Without it no lease can be proven safe, so the application does not start.",
				"Use a Redis " + RedisLeaseServerCheck.MINIMUM_VERSION + " or later that runs " + cause.setting()
						+ " as Redis does: remove any rename-command of it from the server's configuration, or, on a "
						+ "managed service or Redis-compatible server that hides or lacks it, point the lease "
						+ "connection at a Redis that has it with spring.data.redis.* or snowflake.worker.redis.* "
						+ "(url, host, sentinel, cluster).",
				cause);
	}

	private static String whyLeasesNeed(String capability) {
		if (LINEAGE_FIELDS.stream().anyMatch(capability::startsWith)) {
			return "The lease script tells a server that lost its data (a restart without persistence, a promoted "
					+ "replica) by run_id and master_replid, and quarantines the codes it granted before.";
		}
		if (capability.startsWith("INFO")) {
			return "The lease script reads the server's role, replicas and lineage from INFO.";
		}
		return switch (capability) {
			case "TIME" -> "Every lease is timed by the server's clock, TIME, not by the workers' clocks.";
			case "WAIT" -> "A grant is used only once WAIT confirms that the replicas hold it.";
			case "SET ... PXAT" -> "Leases expire at absolute server times, SET ... PXAT.";
			default -> "Each claim and renewal is one atomic Lua script, run with EVAL.";
		};
	}

}
