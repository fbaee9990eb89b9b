package dev.snowflakeid.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.ClockSkewException;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.StoreMismatchException;
import dev.snowflakeid.lease.WorkerLeaseException;
import dev.snowflakeid.lease.WorkerLeaseStore;

import io.lettuce.core.ReadFrom;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Leases worker codes from Redis with the v2 protocol: one Lua script ({@code lease.lua}) claims and
 * renews, taking "now" from the Redis server's {@code TIME}, recording every granted ceiling before it
 * answers, and detecting lost data by the lineage of the server it runs on. The keys of a region are named
 * by {@link RegionKeys}; the script's replies are read by {@link LeaseReply}.
 *
 * <p>Each grant's ceiling is Redis time plus the ceiling lead; its floor is the highest ceiling granted to
 * any other owner of the code, or the loss floor if higher. The loss floor is raised to Redis time plus
 * the quarantine whenever the script finds a lineage ({@code run_id} and {@code master_replid}) other than
 * the recorded one. Grants are refused, writing nothing, when the caller's clock and Redis time differ by
 * more than the allowed skew (the request's allowed lateness added), when the server is not a primary, or
 * when it and the replicas keeping up with it are not a majority of the configured nodes (see the README,
 * "Safety model"). A grant is used only once the replicas of that majority acknowledged it: the script and
 * its {@code WAIT} run on one connection ({@link ScriptConnection}), on a Redis Cluster the node connection
 * to the primary that owns the region's slot. Releases and counts of free codes go through the template's
 * own routing. Every Redis error or timeout surfaces as {@link LeaseStoreUnavailableException}; instances
 * are thread-safe. It needs a Lettuce connection factory.
 */
public final class RedisWorkerLeaseStore implements WorkerLeaseStore {

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> LEASE = RedisScript.of(load("lease.lua"), List.class);

	private static final RedisScript<Long> RELEASE = RedisScript.of(load("release.lua"), Long.class);

	private static final RedisScript<Long> AVAILABLE = RedisScript.of(load("available.lua"), Long.class);

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> LINEAGE = RedisScript.of(load("lineage.lua"), List.class);

	private static final SecureRandom nonces = new SecureRandom();

	private final StringRedisTemplate redis;

	private final SnowflakeLayout layout;

	private final String keyPrefix;

	private final String namespace;

	private final int region;

	private final RegionKeys keys;

	private final Duration ttl;

	private final LeaseTiming timing;

	private final Duration commandTimeout;

	private final int replicas;

	private final Duration maxReplicaLag;

	private final InstantSource wallClock;

	private final String layoutDescription;

	private final int codes;

	private final ScriptConnection connection;

	private RedisWorkerLeaseStore(Builder builder) {
		this.redis = Objects.requireNonNull(builder.redis, "redis template");
		this.layout = Objects.requireNonNull(builder.layout, "layout");
		this.region = this.layout.requireRegion(builder.region);
		this.keys = RegionKeys.of(builder.keyPrefix, builder.namespace, this.region);
		this.keyPrefix = builder.keyPrefix;
		this.namespace = builder.namespace;
		this.ttl = LeaseTiming.requirePositiveMillis("lease ttl", builder.ttl);
		this.timing = Objects.requireNonNull(builder.timing, "lease timing");
		this.commandTimeout = LeaseTiming.requirePositiveMillis("command timeout", builder.commandTimeout);
		if (builder.replicas < 0) {
			throw new IllegalArgumentException("replicas must be zero or positive but was " + builder.replicas);
		}
		this.replicas = builder.replicas;
		this.maxReplicaLag = Objects.requireNonNull(builder.maxReplicaLag, "max replica lag");
		if (this.maxReplicaLag.isNegative() || this.maxReplicaLag.toNanos() % 1_000_000_000 != 0) {
			throw new IllegalArgumentException("max replica lag must be whole seconds but was " + this.maxReplicaLag);
		}
		Duration window = LeaseTiming.replicaFailoverWindow(this.replicas, this.maxReplicaLag);
		if (!this.timing.failoverWindow().equals(window)) {
			throw new IllegalArgumentException("lease timing assumes a failover window of " + this.timing.failoverWindow()
					+ " but " + this.replicas + " replicas with a lag limit of " + this.maxReplicaLag + " give " + window);
		}
		this.wallClock = Objects.requireNonNull(builder.wallClock, "wall clock");
		this.layoutDescription = this.layout.toString();
		this.codes = this.layout.maxWorkers();
		if (!(this.redis.getConnectionFactory() instanceof LettuceConnectionFactory lettuce)) {
			throw new IllegalArgumentException("the Redis lease store needs a LettuceConnectionFactory (it runs WAIT "
					+ "on the connection that ran its script), not " + this.redis.getConnectionFactory());
		}
		if (this.replicas > 0 && !lettuce.isClusterAware() && lettuce.getClientConfiguration()
			.getReadFrom()
			.filter((readFrom) -> readFrom.getClass() != ReadFrom.UPSTREAM.getClass())
			.isPresent()) {
			// Lettuce routes CLIENT ID as a read: it must reach the primary, as the script and WAIT do
			throw new IllegalArgumentException("the Redis lease store with replicas needs a connection factory that "
					+ "reads from the primary (ReadFrom.UPSTREAM, as RedisLeaseConnections sets), not "
					+ lettuce.getClientConfiguration().getReadFrom().get());
		}
		this.connection = (builder.connection != null) ? builder.connection
				: lettuce.isClusterAware() ? new ClusterSlotPrimary(lettuce, this.keys.state())
						: new TemplateConnection(this.redis, lettuce.getClientConfiguration().getCommandTimeout().toMillis());
	}

	/** Starts a builder on a connection factory, preferably one from {@link RedisLeaseConnections}. */
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
			this.layout.requireWorkerCode(preferredCode);
		}
		String nonce = newNonce();
		int start = ThreadLocalRandom.current().nextInt(this.codes);
		LeaseReply reply = lease("claim a worker code", "claim", nonce, Math.max(-1, preferredCode), start);
		return new LeaseGrant(reply.code(), reply.generation(), reply.generation() + "|" + nonce, reply.floor(),
				reply.ceiling(), reply.time(), this.ttl);
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		Objects.requireNonNull(grant, "grant");
		LeaseReply reply = lease("renew the lease of worker code " + grant.workerCode(), "renew", grant.token(),
				grant.workerCode(), 0);
		return switch (reply.status()) {
			case EXPIRED -> LeaseRenewal.expired(reply.time());
			case FENCED -> LeaseRenewal.fenced(reply.time());
			default -> LeaseRenewal.renewed(reply.floor(), reply.ceiling(), reply.time());
		};
	}

	/**
	 * Runs lease.lua and, for a grant, WAIT on the same connection; answers a grant once the required replicas
	 * acknowledged it, or an EXPIRED or FENCED renewal, and turns every other reply into its exception. The
	 * caller's clock is read once the connection is up, so connecting does not count as lateness in the
	 * two-clocks check.
	 */
	private LeaseReply lease(String action, String operation, String token, int code, int start) {
		try {
			return this.connection.execute((commands) -> {
				long client = (this.replicas > 0) ? commands.clientId() : -1;
				long caller = this.wallClock.millis();
				LeaseReply reply = LeaseReply.of(commands.eval(LEASE, leaseKeys(operation, code),
						leaseArgs(operation, caller, token, code, start)));
				return switch (reply.status()) {
					case GRANTED -> awaitReplicas(action, reply, commands, client);
					case EXPIRED, FENCED -> reply;
					default -> throw refusal(reply, caller);
				};
			});
		}
		catch (WorkerLeaseException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw unavailable(action, ex);
		}
	}

	private WorkerLeaseException refusal(LeaseReply reply, long caller) {
		return switch (reply.status()) {
			case NONE_FREE -> new NoFreeWorkerCodeException(this.region, this.codes);
			case MISMATCH -> new StoreMismatchException("Redis keys " + this.keys + " were set up for layout '"
					+ reply.detail(2) + "' in region " + reply.detail(3) + " with quarantine " + reply.detail(4)
					+ " ms and ceiling lead " + reply.detail(5) + " ms, but this worker uses layout '"
					+ this.layoutDescription + "' in region " + this.region + " with quarantine "
					+ this.timing.quarantine().toMillis() + " ms and ceiling lead " + this.timing.ceilingLead().toMillis()
					+ " ms. Every worker of a namespace must share the layout and lease timing; new settings go to a "
					+ "new namespace with an unused region, or to a new namespace once every worker of this one has "
					+ "stopped");
			case SKEW -> new ClockSkewException("worker clock and Redis TIME differ by " + (caller - reply.time())
					+ " ms (request sent at " + caller + ", run at " + reply.time() + "), more than the allowed "
					+ this.timing.maxClockSkew().toMillis() + " ms skew plus " + this.timing.requestLateness().toMillis()
					+ " ms lateness; Redis wrote nothing", caller - reply.time());
			case UNSAFE_PRIMARY -> new LeaseStoreUnavailableException("Redis (" + this.keys + ") refuses to grant: "
					+ reply.detail(2) + " (snowflake.worker.redis.replicas=" + this.replicas + ", max-replica-lag="
					+ this.maxReplicaLag.toSeconds() + "s)", null);
			default -> throw new IllegalStateException("not a refusal: " + reply);
		};
	}

	/**
	 * Runs lease.lua once, without WAIT, and answers its raw reply. Package-private so that the conformance
	 * test can run it with chosen arguments.
	 */
	List<?> leaseReply(String operation, long caller, String token, int code, int start) {
		return this.connection.execute((commands) -> commands.eval(LEASE, leaseKeys(operation, code),
				leaseArgs(operation, caller, token, code, start)));
	}

	// The one home of lease.lua's keys and arguments.
	private List<String> leaseKeys(String operation, int code) {
		return operation.equals("renew") ? List.of(this.keys.guard(), this.keys.state(), this.keys.lease(code))
				: List.of(this.keys.guard(), this.keys.state());
	}

	private List<String> leaseArgs(String operation, long caller, String token, int code, int start) {
		return List.of(operation, Long.toString(caller), millis(this.timing.maxClockSkew()),
				millis(this.timing.requestLateness()), Integer.toString(this.replicas),
				Long.toString(this.maxReplicaLag.toSeconds()), this.layoutDescription, Integer.toString(this.region),
				millis(this.timing.quarantine()), millis(this.timing.ceilingLead()), millis(this.ttl),
				this.keys.leasePrefix(), Integer.toString(this.codes), token, Integer.toString(code), Integer.toString(start));
	}

	/**
	 * A grant is used only once the replicas its reply names hold it (with the primary, more than half of the
	 * nodes): a replica promoted later without it grants only with a majority of its own, which the old
	 * primary then no longer has; and a primary that was deposed while paused (whose replica list still looks
	 * healthy for a moment after it resumes) cannot get the acknowledgements. WAIT counts the writes the server
	 * it reaches has replicated, so it must reach the server that granted: it goes through the
	 * {@code commands} that ran the script, and since a client that routes each command (Lettuce's
	 * primary/replica connection behind Sentinel) may send it elsewhere after a topology change, the server's
	 * lineage is read again afterwards and must be the grant's. A server's lineage changes on every
	 * promotion, so a route that left the granting server cannot have come back to it unchanged. And since
	 * WAIT counts only what the connection itself wrote, a connection re-established between the script and
	 * WAIT (a new client, which wrote nothing) would count every replica at once: the connection's
	 * {@code CLIENT ID}, read before the script, must be the same afterwards.
	 */
	private LeaseReply awaitReplicas(String action, LeaseReply grant, LeaseCommands commands, long client) {
		int required = grant.acknowledgements();
		if (required == 0) {
			return grant;
		}
		long timeout = Math.max(1, this.commandTimeout.toMillis() / 2);
		long acknowledged;
		String lineage = null;
		long clientAfter = client;
		try {
			acknowledged = commands.awaitReplicas(required, timeout);
			if (acknowledged >= required) {
				lineage = commands.lineage(LINEAGE);
				clientAfter = commands.clientId();
			}
		}
		catch (RuntimeException ex) {
			throw new LeaseStoreUnavailableException("Redis lease store (" + this.keys + ") could not confirm that its "
					+ "replicas hold the grant to " + action + ": " + ex.getMessage(), ex);
		}
		if (lineage == null) {
			throw new LeaseStoreUnavailableException("Redis lease store (" + this.keys + ") granted, but only "
					+ acknowledged + " of the " + required + " replicas required acknowledged within " + timeout
					+ " ms; the grant is not used", null);
		}
		if (!lineage.equals(grant.lineage())) {
			throw new LeaseStoreUnavailableException("Redis lease store (" + this.keys + ") granted on the server of "
					+ "lineage " + grant.lineage() + ", but the replicas' acknowledgement was read from " + lineage
					+ " (the connection moved to another server); the grant is not used", null);
		}
		if (clientAfter != client) {
			throw new LeaseStoreUnavailableException("Redis lease store (" + this.keys + ") granted, but the connection "
					+ "was re-established before the replicas' acknowledgement was read (client " + client + ", then "
					+ clientAfter + "); the grant is not used", null);
		}
		return grant;
	}

	/** Gives the code back if {@code grant} still owns it; the mark already covers every ceiling it held. */
	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
		Objects.requireNonNull(grant, "grant");
		execute("release worker code " + grant.workerCode(), RELEASE,
				List.of(this.keys.guard(), this.keys.lease(grant.workerCode())), grant.token());
	}

	/** Worker codes of the region nobody holds; scans every lease key of the region inside Redis. */
	@Override
	public long availableCodes() {
		Long free = execute("count free worker codes", AVAILABLE, List.of(this.keys.guard()), this.keys.leasePrefix(),
				Integer.toString(this.codes));
		return (free != null) ? free : -1;
	}

	@Override
	public String name() {
		return "redis";
	}

	/** The key prefix, namespace and region name the uniqueness domain of this store's codes. */
	public String keyPrefix() {
		return this.keyPrefix;
	}

	public String namespace() {
		return this.namespace;
	}

	public int region() {
		return this.region;
	}

	/** Name of the lease key of a worker code, for example {@code snowflake:{default:0}:lease:17}. */
	public String leaseKey(int code) {
		return this.keys.lease(code);
	}

	SnowflakeLayout layout() {
		return this.layout;
	}

	Duration ttl() {
		return this.ttl;
	}

	LeaseTiming timing() {
		return this.timing;
	}

	RegionKeys keys() {
		return this.keys;
	}

	@Override
	public String toString() {
		return "RedisWorkerLeaseStore[" + this.keys + ", layout " + this.layoutDescription + ", ttl " + this.ttl
				+ ", ceiling lead " + this.timing.ceilingLead() + ", quarantine " + this.timing.quarantine() + "]";
	}

	private <T> T execute(String action, RedisScript<T> script, List<String> keys, String... args) {
		try {
			return this.redis.execute(script, keys, (Object[]) args);
		}
		catch (RuntimeException ex) {
			throw unavailable(action, ex);
		}
	}

	private LeaseStoreUnavailableException unavailable(String action, RuntimeException ex) {
		Throwable root = NestedExceptionUtils.getMostSpecificCause(ex);
		String reason = (root != ex && root.getMessage() != null) ? ex.getMessage() + ": " + root.getMessage()
				: ex.getMessage();
		return new LeaseStoreUnavailableException(
				"Redis lease store (" + this.keys + ") could not " + action + ": " + reason, ex);
	}

	private static String millis(Duration duration) {
		return Long.toString(duration.toMillis());
	}

	// 128 random bits: owners of one code never share a token, even after Redis lost the generation.
	private static String newNonce() {
		byte[] bytes = new byte[16];
		nonces.nextBytes(bytes);
		return HexFormat.of().formatHex(bytes);
	}

	private static String load(String name) {
		try (InputStream in = RedisWorkerLeaseStore.class.getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException("Lua script " + name + " is missing next to "
						+ RedisWorkerLeaseStore.class.getName());
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Lua script " + name + " could not be read", ex);
		}
	}

	/** Configures a {@link RedisWorkerLeaseStore}; every setting but the template and layout has a default. */
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

		private InstantSource wallClock = InstantSource.system();

		private ScriptConnection connection;

		private Builder(StringRedisTemplate redis, SnowflakeLayout layout) {
			this.redis = Objects.requireNonNull(redis, "redis template");
			this.layout = Objects.requireNonNull(layout, "layout");
		}

		/** First part of every key. Default {@code snowflake}. */
		public Builder keyPrefix(String keyPrefix) {
			this.keyPrefix = keyPrefix;
			return this;
		}

		/** Uniqueness domain within one Redis; part of the hash tag. Default {@code default}. */
		public Builder namespace(String namespace) {
			this.namespace = namespace;
			return this;
		}

		/** Region code, below {@code 2^regionBits}; codes are leased within the region's own keys. Default 0. */
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
		 * {@link LeaseTiming#replicaFailoverWindow(int, Duration)} of the replica settings. Default {@link LeaseTiming#defaults()}.
		 */
		public Builder timing(LeaseTiming timing) {
			this.timing = timing;
			return this;
		}

		/**
		 * The lease connection's command timeout, which bounds how long the store waits for replicas to
		 * acknowledge a grant. How late a request may still run is the timing's request lateness. Default 300 ms.
		 */
		public Builder commandTimeout(Duration commandTimeout) {
			this.commandTimeout = commandTimeout;
			return this;
		}

		/**
		 * Number of replicas each primary has, counting every node that may ever follow a primary of this data
		 * (chained replicas too): a grant is made only while at most this many are attached and half of them
		 * (rounded up) are online within the lag limit, and used only once that many acknowledged it. Default
		 * 0: a primary without replicas.
		 */
		public Builder replicas(int replicas) {
			this.replicas = replicas;
			return this;
		}

		/** Largest replica lag, whole seconds, at which grants are still made. Default 1 s. */
		public Builder maxReplicaLag(Duration maxReplicaLag) {
			this.maxReplicaLag = maxReplicaLag;
			return this;
		}

		/**
		 * Where the lease script and its WAIT run, instead of the connection the factory implies; for tests
		 * that route commands as a client with a changed topology view would.
		 */
		Builder connection(ScriptConnection connection) {
			this.connection = connection;
			return this;
		}

		/** This worker's wall clock, sent with every request for the two-clocks check. */
		public Builder wallClock(InstantSource wallClock) {
			this.wallClock = wallClock;
			return this;
		}

		/**
		 * @throws IllegalArgumentException if a duration is out of range, the timing's failover window does
		 * not match the replica settings, the region does not fit the layout, or a key part contains a brace
		 */
		public RedisWorkerLeaseStore build() {
			return new RedisWorkerLeaseStore(this);
		}

	}

}
