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

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * The Redis server the leases use cannot keep them safe, found by
 * {@link RedisLeaseServerCheck} before the first claim. Names the server, the Redis
 * setting or server property at fault and the {@link Reason}, with what the server
 * reported, so a failure analysis can say what to change. A server that answered is never
 * retried: each reason is a refusal at once, however long the startup wait budget.
 */
public final class UnsuitableRedisException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final Reason reason;

	private final String server;

	private final String setting;

	private final String observed;

	private final @Nullable ReplicaCount replicaCount;

	private final @Nullable MissingPermissions missingPermissions;

	private UnsuitableRedisException(Reason reason, String server, String setting, String observed,
			@Nullable ReplicaCount replicaCount, @Nullable MissingPermissions missingPermissions, String message) {
		super(message);
		this.reason = reason;
		this.server = Objects.requireNonNull(server, "server");
		this.setting = Objects.requireNonNull(setting, "setting");
		this.observed = Objects.requireNonNull(observed, "observed");
		this.replicaCount = replicaCount;
		this.missingPermissions = missingPermissions;
	}

	private static UnsuitableRedisException of(Reason reason, String server, String setting, String observed,
			String message) {
		return new UnsuitableRedisException(reason, server, setting, observed, null, null, message);
	}

	/**
	 * Older than {@link RedisLeaseServerCheck#MINIMUM_VERSION}.
	 * @param server the server at fault
	 * @param version the version it reported
	 */
	public static UnsuitableRedisException version(String server, String version) {
		return of(Reason.VERSION, server, "redis_version", version, "Redis " + server + " runs version " + version
				+ "; worker leases need Redis " + RedisLeaseServerCheck.MINIMUM_VERSION + " or later");
	}

	/**
	 * Reached as a replica where the primary must be.
	 * @param server the server at fault
	 * @param role the role it reported, such as {@code slave}
	 */
	public static UnsuitableRedisException notPrimary(String server, String role) {
		return of(Reason.NOT_PRIMARY, server, "role", role, "the lease connection reached Redis " + server
				+ " whose role is '" + role + "'; worker leases must be written on the primary");
	}

	/** With {@code replica-read-only no}. */
	public static UnsuitableRedisException replicaWritable(String server) {
		return of(Reason.REPLICA_WRITABLE, server, "replica-read-only", "no", "Redis " + server
				+ " has replica-read-only no: as a replica it would accept lease writes that the primary never sees");
	}

	/**
	 * A node of a Cluster with replicas, with
	 * {@code cluster-allow-replica-migration yes}.
	 */
	public static UnsuitableRedisException replicaMigration(String server) {
		return of(Reason.REPLICA_MIGRATION, server, "cluster-allow-replica-migration", "yes",
				"Redis " + server
						+ " has cluster-allow-replica-migration yes: a replica of another shard may move to a promoted "
						+ "primary and lend it a majority");
	}

	/**
	 * A primary with more replicas attached than counted.
	 * @param server the primary, as {@code host:port} or a description
	 * @param attached the replicas the primary reports ({@code connected_slaves}, or the
	 * replicas of its shard)
	 * @param configured {@code snowflake.worker.redis.replicas}
	 * @param topology how the primary is reached, for the advice
	 */
	public static UnsuitableRedisException replicaCount(String server, int attached, int configured,
			Topology topology) {
		return new UnsuitableRedisException(Reason.REPLICA_COUNT, server, "connected_slaves",
				Integer.toString(attached), new ReplicaCount(attached, configured, topology), null,
				"Redis " + server + " (" + topology.description + ") has " + attached + " replica"
						+ ((attached == 1) ? "" : "s") + " attached, more than the " + configured
						+ " that snowflake.worker.redis.replicas counts");
	}

	/**
	 * With an {@code allkeys-*} eviction policy.
	 * @param server the server at fault
	 * @param policy the configured policy, such as {@code allkeys-lru}
	 */
	public static UnsuitableRedisException evictionPolicy(String server, String policy) {
		return of(Reason.EVICTION_POLICY, server, "maxmemory-policy", policy,
				"Redis " + server + " has maxmemory-policy " + policy
						+ ", which may evict the lease high-water marks under memory " + "pressure");
	}

	/**
	 * A lease user without ACL permissions the lease scripts need.
	 * @param server the server at fault
	 * @param user the user the lease connection authenticated as
	 * @param permissions the missing permissions in ACL rule syntax, such as
	 * {@code +hset}
	 * @param sampleKey a lease key the permissions were checked against
	 */
	public static UnsuitableRedisException permission(String server, String user, List<String> permissions,
			String sampleKey) {
		MissingPermissions missing = new MissingPermissions(user, List.copyOf(permissions), sampleKey);
		String joined = String.join(" ", missing.permissions());
		return new UnsuitableRedisException(Reason.PERMISSION, server, "ACL", joined, null, missing,
				"Redis user '" + user + "' lacks "
						+ ((permissions.size() == 1) ? "the permission " : "the permissions ") + joined
						+ " for lease keys such as '" + sampleKey + "' (Redis " + server + ")");
	}

	/**
	 * Lacking a server property the safety of leases rests on.
	 * @param server the server at fault
	 * @param capability what it lacks, such as {@code TIME} or {@code INFO run_id}
	 * @param detail what the server answered instead
	 */
	public static UnsuitableRedisException capability(String server, String capability, String detail) {
		return of(Reason.CAPABILITY, server, capability, detail,
				"Redis " + server + " lacks " + capability + ", which worker leases rely on (" + detail + ")");
	}

	/** Which rule the server fails. */
	public Reason reason() {
		return this.reason;
	}

	/**
	 * The server at fault, as {@code host:port}, or a description when the address is not
	 * known.
	 */
	public String server() {
		return this.server;
	}

	/**
	 * The Redis setting or server property at fault, such as {@code maxmemory-policy};
	 * for {@link Reason#CAPABILITY} what the server lacks, such as {@code TIME},
	 * {@code WAIT}, {@code EVAL} or {@code INFO run_id}; for {@link Reason#PERMISSION}
	 * {@code ACL}.
	 */
	public String setting() {
		return this.setting;
	}

	/**
	 * What the server reported for {@link #setting()}: the version, the role, the
	 * eviction policy, the number of replicas attached, the missing permissions, or, for
	 * {@link Reason#CAPABILITY}, what it answered instead.
	 */
	public String observed() {
		return this.observed;
	}

	/**
	 * The replicas counted against the configuration.
	 * @throws IllegalStateException unless the reason is {@link Reason#REPLICA_COUNT}
	 */
	public ReplicaCount replicaCount() {
		if (this.replicaCount == null) {
			throw new IllegalStateException("no replica count for reason " + this.reason);
		}
		return this.replicaCount;
	}

	/**
	 * The user and the permissions it lacks.
	 * @throws IllegalStateException unless the reason is {@link Reason#PERMISSION}
	 */
	public MissingPermissions missingPermissions() {
		if (this.missingPermissions == null) {
			throw new IllegalStateException("no missing permissions for reason " + this.reason);
		}
		return this.missingPermissions;
	}

	/** Why the server cannot keep leases safe. */
	public enum Reason {

		/**
		 * Older than {@link RedisLeaseServerCheck#MINIMUM_VERSION}, which
		 * {@code SET ... PXAT} needs.
		 */
		VERSION,

		/** A replica where lease scripts must write on the primary. */
		NOT_PRIMARY,

		/**
		 * {@code replica-read-only no}: as a replica (or once demoted after a failover)
		 * it would accept lease writes that its primary never sees, so two owners could
		 * hold one worker code.
		 */
		REPLICA_WRITABLE,

		/**
		 * {@code cluster-allow-replica-migration yes} in a Cluster with replicas: a
		 * replica of another shard could move to a primary that lost its replicas, and
		 * give a primary promoted in a partition a majority the lease script counts
		 * against the configured number of replicas, while the deposed primary keeps
		 * granting with a replica of its own.
		 */
		REPLICA_MIGRATION,

		/**
		 * More replicas attached to a primary than
		 * {@code snowflake.worker.redis.replicas} counts: grants need a majority of the
		 * counted nodes, and counted against too few nodes a majority could form twice,
		 * so the lease script refuses every grant on such a primary.
		 */
		REPLICA_COUNT,

		/**
		 * An {@code allkeys-*} eviction policy: the high-water marks, which have no
		 * expiry and must never disappear while the lineage stays the same, could be
		 * evicted.
		 */
		EVICTION_POLICY,

		/**
		 * The lease user lacks ACL permissions the lease scripts need: commands, or
		 * access to the lease keys.
		 */
		PERMISSION,

		/**
		 * A server property the safety of leases rests on is missing: an {@code INFO}
		 * field the lease script reads the data's lineage from ({@code run_id},
		 * {@code master_replid}), Redis time ({@code TIME}), replica acknowledgements
		 * ({@code WAIT}), absolute expiry times ({@code SET ... PXAT}) or atomic scripts
		 * ({@code EVAL}). Managed services that hide {@code INFO} fields, commands
		 * renamed or disabled with {@code rename-command}, and Redis-compatible servers
		 * that implement less than Redis are refused this way.
		 */
		CAPABILITY

	}

	/** How the lease connection reaches its primary. */
	public enum Topology {

		/** A primary found through sentinels. */
		SENTINEL("behind Sentinel"),

		/** The primaries of a Redis Cluster, one per shard. */
		CLUSTER("in a Redis Cluster"),

		/** A primary at a fixed address. */
		FIXED("at a fixed address");

		private final String description;

		Topology(String description) {
			this.description = description;
		}

	}

	/**
	 * The replicas of a primary counted against the configuration.
	 *
	 * @param attached replicas the primary reported
	 * @param configured the configured count, {@code snowflake.worker.redis.replicas}
	 * @param topology how the primary is reached
	 */
	public record ReplicaCount(int attached, int configured, Topology topology) implements Serializable {
	}

	/**
	 * ACL permissions the lease user lacks.
	 *
	 * @param user the user the lease connection authenticated as
	 * @param permissions the missing permissions in ACL rule syntax, such as
	 * {@code +hset}
	 * @param sampleKey a lease key the permissions were checked against
	 */
	public record MissingPermissions(String user, List<String> permissions, String sampleKey) implements Serializable {
	}

}
