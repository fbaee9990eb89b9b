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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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

import io.lettuce.core.api.async.RedisAsyncCommands;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Leases worker codes from Redis with the v2 protocol: one Lua script ({@code lease.lua}) claims and
 * renews, taking "now" from the Redis server's {@code TIME}, recording every granted ceiling before it
 * answers, and detecting lost data by the lineage of the server it runs on.
 *
 * <p>Keys of region {@code R} in namespace {@code ns} share the hash tag {@code {ns:R}} (one Cluster slot):
 * <ul>
 * <li>{@code prefix:{ns:R}:lease:<code>}: value {@code generation|nonce}, expiring at the Redis time of the
 * last claim or renewal plus the TTL;</li>
 * <li>{@code prefix:{ns:R}:state}: one hash holding the loss marker ({@code lineage}, {@code floor0}), the
 * fleet settings ({@code layout}, {@code region}, {@code q}, {@code a}) and per code the mark
 * ({@code m:<code>}, highest ceiling ever granted), its owner ({@code t:<code>}), the highest ceiling of
 * every other owner ({@code o:<code>}) and the generation counter ({@code g:<code>}); being one key, all of
 * it survives or vanishes together;</li>
 * <li>{@code prefix:{ns:R}:guard}: never written; every script declares it so that Redis Cluster answers
 * TRYAGAIN while the slot is being migrated, instead of running against half of the region's keys.</li>
 * </ul>
 *
 * <p>Each grant's ceiling is Redis time plus the ceiling lead; its floor is the highest ceiling granted to
 * any other owner of the code, or the loss floor if higher. The loss floor is raised to Redis time plus
 * the quarantine whenever the script finds a lineage ({@code run_id} and {@code master_replid}) other than
 * the recorded one. Grants are refused, writing nothing, when the caller's clock and Redis time differ by
 * more than the allowed skew (the request's allowed lateness added), when the server is not a primary, or
 * when it and the replicas keeping up with it are not a majority of the configured nodes (see the README,
 * "Safety model"). A grant is used only once the replicas of that majority acknowledged it ({@code WAIT} on
 * the connection that ran the script). On a
 * Redis Cluster the lease script and {@code WAIT} run on one node connection to the primary that owns the
 * region's slot ({@link ClusterSlotPrimary}); releases and counts of free codes go through the cluster
 * connection's own routing. Every Redis error or timeout surfaces as {@link LeaseStoreUnavailableException};
 * instances are thread-safe.
 */
public final class RedisWorkerLeaseStore implements WorkerLeaseStore {

	public static final String DEFAULT_KEY_PREFIX = RedisLeaseDefaults.KEY_PREFIX;

	public static final String DEFAULT_NAMESPACE = RedisLeaseDefaults.NAMESPACE;

	public static final Duration DEFAULT_TTL = RedisLeaseDefaults.TTL;

	public static final Duration DEFAULT_COMMAND_TIMEOUT = RedisLeaseDefaults.COMMAND_TIMEOUT;

	public static final Duration DEFAULT_MAX_REPLICA_LAG = RedisLeaseDefaults.MAX_REPLICA_LAG;

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> LEASE = RedisScript.of(load("lease.lua"), List.class);

	private static final RedisScript<Long> RELEASE = RedisScript.of(load("release.lua"), Long.class);

	private static final RedisScript<Long> AVAILABLE = RedisScript.of(load("available.lua"), Long.class);

	/** How much longer than WAIT's own timeout its reply may take to arrive. */
	private static final long REPLICATION_REPLY_SLACK_MILLIS = 1_000;

	private static final SecureRandom nonces = new SecureRandom();

	private final StringRedisTemplate redis;

	private final SnowflakeLayout layout;

	private final String keyPrefix;

	private final String namespace;

	private final int region;

	private final Duration ttl;

	private final LeaseTiming timing;

	private final Duration commandTimeout;

	private final int replicas;

	private final Duration maxReplicaLag;

	private final InstantSource wallClock;

	private final String regionKeyPrefix;

	private final String leaseKeyPrefix;

	private final List<String> regionKeys;

	private final String layoutDescription;

	private final int codes;

	/** The Redis Cluster primary of the region's slot, which runs lease.lua and WAIT; {@code null} elsewhere. */
	private final ClusterSlotPrimary slotPrimary;

	private RedisWorkerLeaseStore(Builder builder) {
		this.redis = Objects.requireNonNull(builder.redis, "redis template");
		this.layout = Objects.requireNonNull(builder.layout, "layout");
		this.keyPrefix = requireKeyPart("key prefix", builder.keyPrefix);
		this.namespace = requireKeyPart("namespace", builder.namespace);
		this.region = this.layout.requireRegion(builder.region);
		this.ttl = requirePositive("lease ttl", builder.ttl);
		this.timing = Objects.requireNonNull(builder.timing, "lease timing");
		this.commandTimeout = requirePositive("command timeout", builder.commandTimeout);
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
		this.regionKeyPrefix = this.keyPrefix + ":{" + this.namespace + ":" + this.region + "}:";
		this.leaseKeyPrefix = this.regionKeyPrefix + "lease:";
		this.regionKeys = List.of(this.regionKeyPrefix + "guard", this.regionKeyPrefix + "state");
		this.layoutDescription = this.layout.toString();
		this.codes = this.layout.maxWorkers();
		this.slotPrimary = (this.redis.getConnectionFactory() instanceof LettuceConnectionFactory lettuce
				&& lettuce.isClusterAware()) ? new ClusterSlotPrimary(lettuce, stateKey()) : null;
	}

	private static String requireKeyPart(String name, String value) {
		if (value == null || value.isEmpty()) {
			throw new IllegalArgumentException(name + " must not be empty");
		}
		if (value.indexOf('{') >= 0 || value.indexOf('}') >= 0) {
			throw new IllegalArgumentException(name + " '" + value
					+ "' must not contain '{' or '}': the keys of a region share the hash tag {namespace:region}");
		}
		return value;
	}

	private static Duration requirePositive(String name, Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException(name + " must be positive but was " + value);
		}
		if (value.toNanos() % 1_000_000 != 0) {
			throw new IllegalArgumentException(name + " must be a whole number of milliseconds but was " + value);
		}
		return value;
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
		List<?> reply = lease("claim a worker code", "claim", nonce, Math.max(-1, preferredCode), start);
		return new LeaseGrant((int) number(reply, 1), number(reply, 2), number(reply, 2) + "|" + nonce,
				number(reply, 3), number(reply, 4), number(reply, 5), this.ttl);
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		Objects.requireNonNull(grant, "grant");
		List<?> reply = lease("renew the lease of worker code " + grant.workerCode(), "renew", grant.token(),
				grant.workerCode(), 0);
		long status = number(reply, 0);
		if (status == Reply.EXPIRED) {
			return LeaseRenewal.expired(number(reply, 1));
		}
		if (status == Reply.FENCED) {
			return LeaseRenewal.fenced(number(reply, 1));
		}
		return LeaseRenewal.renewed(number(reply, 3), number(reply, 4), number(reply, 5));
	}

	// Runs lease.lua and turns every refusal but EXPIRED and FENCED into its exception.
	private List<?> lease(String action, String operation, String token, int code, int start) {
		if (this.slotPrimary == null) {
			long caller = this.wallClock.millis();
			return answer(action, caller, leaseReply(action, operation, caller, token, code, start), null);
		}
		try {
			// lease.lua and WAIT on one connection to the slot's primary; the caller's clock is read once that
			// connection is up, so connecting does not count as lateness in the two-clocks check
			return this.slotPrimary.execute((node) -> {
				long caller = this.wallClock.millis();
				return answer(action, caller, this.slotPrimary.eval(node, LEASE, leaseKeys(operation, code),
						leaseArgs(operation, caller, token, code, start)), node);
			});
		}
		catch (WorkerLeaseException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw unavailable(action, ex);
		}
	}

	/**
	 * Turns a lease.lua reply into its outcome: a grant once every attached replica acknowledged it, an
	 * EXPIRED or FENCED renewal, or the exception of a refusal. {@code node} is the Cluster node connection the
	 * script ran on, or {@code null} for the template's shared connection.
	 */
	private List<?> answer(String action, long caller, List<?> reply, RedisAsyncCommands<?, ?> node) {
		long status = number(reply, 0);
		if (status == Reply.GRANTED) {
			awaitReplicas(action, number(reply, 6), node);
			return reply;
		}
		if (status == Reply.EXPIRED || status == Reply.FENCED) {
			return reply;
		}
		if (status == Reply.NONE_FREE) {
			throw new NoFreeWorkerCodeException(this.region, this.codes);
		}
		if (status == Reply.MISMATCH) {
			throw new StoreMismatchException("Redis keys " + this.regionKeyPrefix + "* were set up for layout '"
					+ reply.get(2) + "' in region " + reply.get(3) + " with quarantine " + reply.get(4)
					+ " ms and ceiling lead " + reply.get(5) + " ms, but this worker uses layout '" + this.layoutDescription
					+ "' in region " + this.region + " with quarantine " + this.timing.quarantine().toMillis()
					+ " ms and ceiling lead " + this.timing.ceilingLead().toMillis() + " ms. Every worker of a "
					+ "namespace must share the layout and lease timing; use a new namespace for new settings");
		}
		if (status == Reply.SKEW) {
			long skew = caller - number(reply, 1);
			throw new ClockSkewException("worker clock and Redis TIME differ by " + skew + " ms (request sent at "
					+ caller + ", run at " + number(reply, 1) + "), more than the allowed "
					+ this.timing.maxClockSkew().toMillis() + " ms skew plus " + this.timing.requestLateness().toMillis()
					+ " ms lateness; Redis wrote nothing", skew);
		}
		if (status == Reply.UNSAFE_PRIMARY) {
			throw new LeaseStoreUnavailableException("Redis (" + this.regionKeyPrefix + "*) refuses to grant: "
					+ reply.get(2) + " (snowflake.worker.redis.replicas=" + this.replicas
					+ ", max-replica-lag=" + this.maxReplicaLag.toSeconds() + "s)", null);
		}
		throw unexpected(action, reply);
	}

	/**
	 * Runs lease.lua once through the template (outside a Redis Cluster, the path of every lease command) and
	 * answers its raw reply. Package-private so that the conformance test can run it with chosen arguments.
	 */
	List<?> leaseReply(String action, String operation, long caller, String token, int code, int start) {
		return execute(action, LEASE, leaseKeys(operation, code),
				leaseArgs(operation, caller, token, code, start).toArray(String[]::new));
	}

	// The one home of lease.lua's keys and arguments.
	private List<String> leaseKeys(String operation, int code) {
		return operation.equals("renew") ? List.of(this.regionKeys.get(0), this.regionKeys.get(1), leaseKey(code))
				: this.regionKeys;
	}

	private List<String> leaseArgs(String operation, long caller, String token, int code, int start) {
		return List.of(operation, Long.toString(caller), millis(this.timing.maxClockSkew()),
				millis(this.timing.requestLateness()), Integer.toString(this.replicas),
				Long.toString(this.maxReplicaLag.toSeconds()), this.layoutDescription, Integer.toString(this.region),
				millis(this.timing.quarantine()), millis(this.timing.ceilingLead()), millis(this.ttl),
				this.leaseKeyPrefix, Integer.toString(this.codes), token, Integer.toString(code), Integer.toString(start));
	}

	/**
	 * A grant is used only once {@code required} replicas hold it (with the primary, more than half of the
	 * nodes): a replica promoted later without it grants only with a majority of its own, which the old
	 * primary then no longer has; and a primary that was deposed while paused (whose replica list still looks
	 * healthy for a moment after it resumes) cannot get the acknowledgements. WAIT
	 * counts the writes of the connection it runs on, so it goes to the connection that ran the script:
	 * {@code node} on a Redis Cluster, else the template's shared connection.
	 */
	private void awaitReplicas(String action, long required, RedisAsyncCommands<?, ?> node) {
		if (required == 0) {
			return;
		}
		long timeout = Math.max(1, this.commandTimeout.toMillis() / 2);
		Long acknowledged;
		try {
			// WAIT goes through Lettuce's own command: RedisConnection.execute cannot read its integer reply.
			acknowledged = (node != null) ? awaitReplication(node, required, timeout)
					: this.redis.execute((RedisCallback<Long>) (connection) -> awaitReplication(
							(RedisAsyncCommands<?, ?>) connection.getNativeConnection(), required, timeout));
		}
		catch (RuntimeException ex) {
			throw new LeaseStoreUnavailableException("Redis lease store (" + this.regionKeyPrefix + "*) could not "
					+ "confirm that its replicas hold the grant to " + action + ": " + ex.getMessage(), ex);
		}
		if (acknowledged == null || acknowledged < required) {
			throw new LeaseStoreUnavailableException("Redis lease store (" + this.regionKeyPrefix + "*) granted, but only "
					+ acknowledged + " of the " + required + " replicas required acknowledged within " + timeout
					+ " ms; the grant is not used", null);
		}
	}

	private static Long awaitReplication(RedisAsyncCommands<?, ?> commands, long replicas, long timeoutMillis) {
		try {
			return commands.waitForReplication((int) replicas, timeoutMillis)
				.get(timeoutMillis + REPLICATION_REPLY_SLACK_MILLIS, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while waiting for replicas", ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("WAIT failed: " + ex.getMessage(), ex);
		}
	}

	/** Gives the code back if {@code grant} still owns it; the mark already covers every ceiling it held. */
	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
		Objects.requireNonNull(grant, "grant");
		execute("release worker code " + grant.workerCode(), RELEASE,
				List.of(this.regionKeys.get(0), leaseKey(grant.workerCode())), grant.token());
	}

	/** Worker codes of the region nobody holds; scans every lease key of the region inside Redis. */
	@Override
	public long availableCodes() {
		Long free = execute("count free worker codes", AVAILABLE, this.regionKeys.subList(0, 1), this.leaseKeyPrefix,
				Integer.toString(this.codes));
		return (free != null) ? free : -1;
	}

	@Override
	public String name() {
		return "redis";
	}

	public SnowflakeLayout layout() {
		return this.layout;
	}

	public String keyPrefix() {
		return this.keyPrefix;
	}

	public String namespace() {
		return this.namespace;
	}

	public int region() {
		return this.region;
	}

	/** How long Redis keeps a lease without renewal. */
	public Duration ttl() {
		return this.ttl;
	}

	/** Ceiling lead and quarantine of this store. */
	public LeaseTiming timing() {
		return this.timing;
	}

	/** Name of the lease key of a worker code, for example {@code snowflake:{default:0}:lease:17}. */
	public String leaseKey(int code) {
		return this.leaseKeyPrefix + code;
	}

	/** Name of the region's state hash (loss marker, settings, marks and generations). */
	public String stateKey() {
		return this.regionKeys.get(1);
	}

	@Override
	public String toString() {
		return "RedisWorkerLeaseStore[" + this.regionKeyPrefix + "*, layout " + this.layoutDescription + ", ttl " + this.ttl
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
				"Redis lease store (" + this.regionKeyPrefix + "*) could not " + action + ": " + reason, ex);
	}

	private LeaseStoreUnavailableException unexpected(String what, List<?> reply) {
		return new LeaseStoreUnavailableException(
				"Redis lease store (" + this.regionKeyPrefix + "*) gave an unexpected reply to " + what + ": " + reply, null);
	}

	private long number(List<?> reply, int index) {
		if (reply == null || reply.size() <= index || !(reply.get(index) instanceof Number number)) {
			throw unexpected("a script", reply);
		}
		return number.longValue();
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

	/** First element of every lease.lua reply. */
	static final class Reply {

		static final long GRANTED = 1;

		static final long NONE_FREE = -1;

		static final long EXPIRED = -2;

		static final long FENCED = -3;

		static final long MISMATCH = -4;

		static final long SKEW = -5;

		static final long UNSAFE_PRIMARY = -6;

		private Reply() {
		}

	}

	/** Configures a {@link RedisWorkerLeaseStore}; every setting but the template and layout has a default. */
	public static final class Builder {

		private final StringRedisTemplate redis;

		private final SnowflakeLayout layout;

		private String keyPrefix = DEFAULT_KEY_PREFIX;

		private String namespace = DEFAULT_NAMESPACE;

		private int region;

		private Duration ttl = DEFAULT_TTL;

		private LeaseTiming timing = LeaseTiming.defaults();

		private Duration commandTimeout = DEFAULT_COMMAND_TIMEOUT;

		private int replicas;

		private Duration maxReplicaLag = DEFAULT_MAX_REPLICA_LAG;

		private InstantSource wallClock = InstantSource.system();

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
		 * Number of replicas each primary has: a grant is made only while exactly this many are attached, each
		 * online within the lag limit, and used only once all of them acknowledged it. Default 0: a primary
		 * without replicas.
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
