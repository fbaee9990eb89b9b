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

import java.security.SecureRandom;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Leases worker codes from Redis with the v2 protocol: one Lua script ({@code lease.lua})
 * claims and renews, taking "now" from the Redis server's {@code TIME}, recording every
 * granted ceiling before it answers, and detecting lost data by the lineage of the server
 * it runs on. The keys of a region are named by {@link RegionKeys}; the script's replies
 * are read by {@link LeaseReply}.
 *
 * <p>
 * Each grant's ceiling is Redis time plus the ceiling lead; its floor is the highest
 * ceiling granted to any other owner of the code, or the loss floor if higher. The loss
 * floor is raised to Redis time plus the quarantine whenever the script finds a lineage
 * ({@code run_id} and {@code master_replid}) other than the recorded one. Grants are
 * refused, writing nothing, when the caller's clock and Redis time differ by more than
 * the allowed skew (the request's allowed lateness added), when the server is not a
 * primary, or when it and the replicas keeping up with it are not a majority of the
 * configured nodes (see docs/safety-model.md). A grant is used only once the replicas of
 * that majority acknowledged it: the script and its {@code WAIT} run on one connection
 * ({@link ScriptConnection}), on a Redis Cluster the node connection to the primary that
 * owns the region's slot. Releases and counts of free codes go through the template's own
 * routing. Every Redis error or timeout surfaces as
 * {@link LeaseStoreUnavailableException}; instances are thread-safe. It needs a Lettuce
 * connection factory.
 *
 * <p>
 * The store checks its settings once ({@link LeaseSettings}) and coordinates:
 * {@link LeaseRequests} sends the script and waits for the replicas
 * ({@link ReplicaConfirmation}), {@link LeaseRefusals} names each refusal and failure,
 * and {@link LeaseScripts} holds the scripts.
 */
public final class RedisWorkerLeaseStore implements WorkerLeaseStore {

	private static final SecureRandom nonces = new SecureRandom();

	private final StringRedisTemplate redis;

	private final LeaseSettings settings;

	private final LeaseRefusals refusals;

	private final LeaseRequests requests;

	private final FormatRecord format;

	private RedisWorkerLeaseStore(Builder builder) {
		this.redis = Objects.requireNonNull(builder.redis, "redis template");
		LettuceConnectionFactory factory = (this.redis
			.getConnectionFactory() instanceof LettuceConnectionFactory lettuce) ? lettuce : null;
		boolean clustered = factory != null && factory.isClusterAware();
		this.settings = LeaseSettings.of(builder.layout, builder.keyPrefix, builder.namespace, builder.region,
				builder.ttl, builder.timing, builder.commandTimeout, builder.replicas, builder.maxReplicaLag,
				(factory != null && !clustered) ? factory.getDatabase() : 0, clustered, builder.formatCoexistence);
		InstantSource wallClock = Objects.requireNonNull(builder.wallClock, "wall clock");
		// checked even where the builder was given a connection: the factory must suit
		// the store either way
		ScriptConnection implied = ScriptConnection.of(this.redis, this.settings.keys().state(),
				this.settings.replicas(), Objects.requireNonNull(builder.nanoTime, "nano time"));
		this.refusals = new LeaseRefusals(this.settings);
		this.format = new FormatRecord(this.redis, this.settings);
		this.requests = new LeaseRequests(this.settings, (builder.connection != null) ? builder.connection : implied,
				wallClock, this.refusals, this.format, this::releaseCode);
	}

	/**
	 * Starts a builder on a connection factory, preferably one from
	 * {@link RedisLeaseConnections}.
	 */
	public static Builder builder(RedisConnectionFactory connectionFactory, SnowflakeLayout layout) {
		Objects.requireNonNull(connectionFactory, "connection factory");
		return new Builder(new StringRedisTemplate(connectionFactory), layout);
	}

	/** Starts a builder on an existing template. */
	public static Builder builder(StringRedisTemplate template, SnowflakeLayout layout) {
		return new Builder(template, layout);
	}

	@Override
	public LeaseGrant claim(int preferredCode) {
		if (preferredCode >= 0) {
			this.settings.layout().requireWorkerCode(preferredCode);
		}
		String nonce = newNonce();
		int start = ThreadLocalRandom.current().nextInt(this.settings.codes());
		LeaseReply reply = this.requests.send("claim a worker code", "claim", nonce, Math.max(-1, preferredCode),
				start);
		return new LeaseGrant(reply.code(), reply.generation(), reply.generation() + "|" + nonce, reply.floor(),
				reply.ceiling(), reply.time(), this.settings.ttl());
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		Objects.requireNonNull(grant, "grant");
		LeaseReply reply = this.requests.send("renew the lease of worker code " + grant.workerCode(), "renew",
				grant.token(), grant.workerCode(), 0);
		return switch (reply.status()) {
			case EXPIRED -> LeaseRenewal.expired(reply.time());
			case FENCED -> LeaseRenewal.fenced(reply.time());
			default -> LeaseRenewal.renewed(reply.floor(), reply.ceiling(), reply.time());
		};
	}

	/**
	 * Runs lease.lua once, without WAIT, and answers its raw reply. Package-private so
	 * that the conformance test can run it with chosen arguments.
	 */
	List<?> leaseReply(String operation, long caller, String token, int code, int start) {
		return this.requests.sendOnce(operation, caller, token, code, start);
	}

	/**
	 * Runs format.lua now, whatever an earlier check answered. Package-private so that
	 * the conformance test can compare it with the model.
	 */
	void confirmFormat() {
		this.format.forget();
		this.format.confirm();
	}

	/**
	 * Gives the code back if {@code grant} still owns it; the mark already covers every
	 * ceiling it held.
	 */
	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
		Objects.requireNonNull(grant, "grant");
		releaseCode(grant.workerCode(), grant.token());
	}

	private void releaseCode(int code, String token) {
		RegionKeys keys = this.settings.keys();
		execute("release worker code " + code, LeaseScripts.RELEASE, List.of(keys.guard(), keys.lease(code)), token);
	}

	/**
	 * Worker codes of the region nobody holds; scans every lease key of the region inside
	 * Redis.
	 */
	@Override
	public long availableCodes() {
		RegionKeys keys = this.settings.keys();
		Long free = execute("count free worker codes", LeaseScripts.AVAILABLE, List.of(keys.guard()),
				keys.leasePrefix(), Integer.toString(this.settings.codes()));
		return (free != null) ? free : -1;
	}

	@Override
	public String name() {
		return "redis";
	}

	/**
	 * The key prefix, namespace and region name the uniqueness domain of this store's
	 * codes.
	 */
	public String keyPrefix() {
		return this.settings.keyPrefix();
	}

	public String namespace() {
		return this.settings.namespace();
	}

	public int region() {
		return this.settings.region();
	}

	/**
	 * Name of the lease key of a worker code, for example
	 * {@code snowflake:{default:0}:lease:17}.
	 */
	public String leaseKey(int code) {
		return this.settings.keys().lease(code);
	}

	/** The layout, keys, ttl and timing this store leases with. */
	LeaseSettings settings() {
		return this.settings;
	}

	@Override
	public String toString() {
		return "RedisWorkerLeaseStore[" + this.settings.keys() + ", layout " + this.settings.layoutDescription()
				+ ", ttl " + this.settings.ttl() + ", ceiling lead " + this.settings.timing().ceilingLead()
				+ ", quarantine " + this.settings.timing().quarantine() + "]";
	}

	private <T> T execute(String action, RedisScript<T> script, List<String> keys, String... args) {
		try {
			return this.redis.execute(script, keys, (Object[]) args);
		}
		catch (RuntimeException ex) {
			throw this.refusals.unavailable(action, ex);
		}
	}

	// 128 random bits: owners of one code never share a token, even after Redis lost the
	// generation.
	private static String newNonce() {
		byte[] bytes = new byte[16];
		nonces.nextBytes(bytes);
		return HexFormat.of().formatHex(bytes);
	}

	/**
	 * Configures a {@link RedisWorkerLeaseStore}; every setting but the template and
	 * layout has a default.
	 */
	public static final class Builder {

		private final StringRedisTemplate redis;

		private final SnowflakeLayout layout;

		private String keyPrefix = RedisLeaseDefaults.KEY_PREFIX;

		private String namespace = RedisLeaseDefaults.NAMESPACE;

		private int region;

		private Duration ttl = RedisLeaseDefaults.TTL;

		private LeaseTiming timing = LeaseTiming.defaults();

		private Duration commandTimeout = RedisLeaseDefaults.COMMAND_TIMEOUT;

		private int replicas;

		private Duration maxReplicaLag = RedisLeaseDefaults.MAX_REPLICA_LAG;

		private FormatCoexistence formatCoexistence = FormatCoexistence.NONE;

		private InstantSource wallClock = InstantSource.system();

		private @Nullable ScriptConnection connection;

		private LongSupplier nanoTime = RedisLeaseDefaults.NANO_TIME;

		private Builder(StringRedisTemplate redis, SnowflakeLayout layout) {
			this.redis = Objects.requireNonNull(redis, "redis template");
			this.layout = Objects.requireNonNull(layout, "layout");
		}

		/** First part of every key. Default {@code snowflake}. */
		public Builder keyPrefix(String keyPrefix) {
			this.keyPrefix = keyPrefix;
			return this;
		}

		/**
		 * Uniqueness domain within one Redis; part of the hash tag. Default
		 * {@code default}.
		 */
		public Builder namespace(String namespace) {
			this.namespace = namespace;
			return this;
		}

		/**
		 * Region code, below {@code 2^regionBits}; codes are leased within the region's
		 * own keys. Default 0.
		 */
		public Builder region(int region) {
			this.region = region;
			return this;
		}

		/** How long Redis keeps a lease without renewal. Default 10 s. */
		public Builder ttl(Duration ttl) {
			this.ttl = ttl;
			return this;
		}

		/**
		 * Ceiling lead, quarantine and allowed clock skew; its failover window must be
		 * {@link LeaseTiming#replicaFailoverWindow(int, Duration)} of the replica
		 * settings. Default {@link LeaseTiming#defaults()}.
		 */
		public Builder timing(LeaseTiming timing) {
			this.timing = timing;
			return this;
		}

		/**
		 * The lease connection's command timeout, which bounds how long the store waits
		 * for replicas to acknowledge a grant. How late a request may still run is the
		 * timing's request lateness. Default 300 ms.
		 */
		public Builder commandTimeout(Duration commandTimeout) {
			this.commandTimeout = commandTimeout;
			return this;
		}

		/**
		 * Number of replicas each primary has, counting every node that may ever follow a
		 * primary of this data (chained replicas too): a grant is made only while at most
		 * this many are attached and half of them (rounded up) are online within the lag
		 * limit, and used only once that many acknowledged it. Default 0: a primary
		 * without replicas.
		 */
		public Builder replicas(int replicas) {
			this.replicas = replicas;
			return this;
		}

		/**
		 * Largest replica lag, whole seconds, at which grants are still made. Default 1
		 * s.
		 */
		public Builder maxReplicaLag(Duration maxReplicaLag) {
			this.maxReplicaLag = maxReplicaLag;
			return this;
		}

		/**
		 * Whether this instance's format may differ from the one the key space records;
		 * see {@link FormatCoexistence}. Default {@link FormatCoexistence#NONE}.
		 */
		public Builder formatCoexistence(FormatCoexistence formatCoexistence) {
			this.formatCoexistence = formatCoexistence;
			return this;
		}

		/**
		 * Where the lease script and its WAIT run, instead of the connection the factory
		 * implies; for tests that route commands as a client with a changed topology view
		 * would.
		 */
		Builder connection(ScriptConnection connection) {
			this.connection = connection;
			return this;
		}

		/**
		 * Monotonic nanoseconds, for the intervals the store's connections measure; for
		 * tests.
		 */
		Builder nanoTime(LongSupplier nanoTime) {
			this.nanoTime = nanoTime;
			return this;
		}

		/** This worker's wall clock, sent with every request for the two-clocks check. */
		public Builder wallClock(InstantSource wallClock) {
			this.wallClock = wallClock;
			return this;
		}

		/**
		 * @throws IllegalArgumentException if a duration is out of range, the timing's
		 * failover window does not match the replica settings, the region does not fit
		 * the layout, or a key part contains a brace
		 */
		public RedisWorkerLeaseStore build() {
			return new RedisWorkerLeaseStore(this);
		}

	}

}
