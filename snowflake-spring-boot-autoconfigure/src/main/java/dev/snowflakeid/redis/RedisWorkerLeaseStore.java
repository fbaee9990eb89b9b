package dev.snowflakeid.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.StoreMismatchException;
import dev.snowflakeid.lease.WorkerLeaseStore;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Leases worker codes from Redis (standalone, Sentinel or Cluster) with Lua scripts that take "now" from
 * the Redis server's {@code TIME}, never from the caller.
 *
 * <p>Keys of region {@code R} in namespace {@code ns} share the hash tag {@code {ns:R}}, so every script
 * runs on one Cluster slot:
 * <ul>
 * <li>{@code prefix:{ns:R}:lease:<code>}: value {@code generation|nonce}, expiring at the Redis time of the
 * last claim or renewal plus the TTL;</li>
 * <li>{@code prefix:{ns:R}:gen}: hash code &rarr; generation, incremented on every claim;</li>
 * <li>{@code prefix:{ns:R}:hwm}: hash code &rarr; highest ceiling ever granted or last used millisecond
 * recorded on release; it never decreases and never expires;</li>
 * <li>{@code prefix:{ns:R}:meta}: the layout and region the key space was set up for; a worker with a
 * different layout is refused with {@link StoreMismatchException}.</li>
 * </ul>
 *
 * <p>Invariants, each kept inside one script:
 * <ul>
 * <li>A claim finds a free code (the preferred one first, then a scan from a random start) in one round
 * trip whatever the occupancy, and grants {@code floor = max(hwm, now + quarantine)} and
 * {@code ceiling = floor + ceilingLead}; the ceiling is the code's high-water mark before the reply.</li>
 * <li>A renewal succeeds only while the lease still holds the caller's {@code generation|nonce}; it
 * raises the ceiling to {@code max(hwm, now + ceilingLead)} and writes it to the high-water mark before
 * the reply. A missing lease is never recreated ({@link LeaseRenewal.Status#EXPIRED}); a lease with
 * another value means another owner ({@link LeaseRenewal.Status#FENCED}).</li>
 * <li>Every ceiling an owner holds is at most the high-water mark the next owner's floor starts from. If
 * Redis loses the mark, the next owner's floor is still {@code now + quarantine}, above any ceiling
 * ({@code renewal time + ceilingLead}) an earlier owner could hold, as long as the quarantine covers the
 * ceiling lead plus the clock disagreement between the Redis servers that answered.</li>
 * </ul>
 *
 * <p>A claim scans at most {@code 2^workerBits} keys inside Redis; with the default 8 worker bits that
 * takes well under a millisecond. Scripts run as {@code EVALSHA} and fall back to {@code EVAL} when the
 * server answers {@code NOSCRIPT} (after a restart or {@code SCRIPT FLUSH}). Every Redis error or timeout
 * surfaces as {@link LeaseStoreUnavailableException}; how long a call may take is the command timeout of
 * the connection factory (see {@link RedisLeaseConnections}). Instances are thread-safe.
 */
public final class RedisWorkerLeaseStore implements WorkerLeaseStore {

	public static final String DEFAULT_KEY_PREFIX = "snowflake";

	public static final String DEFAULT_NAMESPACE = "default";

	public static final Duration DEFAULT_TTL = Duration.ofSeconds(10);

	public static final Duration DEFAULT_CEILING_LEAD = Duration.ofSeconds(3);

	public static final Duration DEFAULT_QUARANTINE = Duration.ofSeconds(4);

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> CLAIM = script("claim.lua");

	@SuppressWarnings("rawtypes")
	private static final RedisScript<List> RENEW = script("renew.lua");

	private static final RedisScript<Long> RELEASE = RedisScript.of(load("release.lua"), Long.class);

	private static final RedisScript<Long> AVAILABLE = RedisScript.of(load("available.lua"), Long.class);

	private static final long CLAIMED = 1;

	private static final long NONE_FREE = -1;

	private static final long MISMATCH = -3;

	private static final long EXPIRED = -1;

	private static final long FENCED = -2;

	private static final SecureRandom nonces = new SecureRandom();

	private final StringRedisTemplate redis;

	private final SnowflakeLayout layout;

	private final String keyPrefix;

	private final String namespace;

	private final int region;

	private final Duration ttl;

	private final Duration ceilingLead;

	private final Duration quarantine;

	private final String regionKeyPrefix;

	private final List<String> claimKeys;

	private final String highWaterMarkKey;

	private final String layoutDescription;

	private final int codes;

	private RedisWorkerLeaseStore(Builder builder) {
		this.redis = Objects.requireNonNull(builder.redis, "redis template");
		this.layout = Objects.requireNonNull(builder.layout, "layout");
		this.keyPrefix = requireKeyPart("key prefix", builder.keyPrefix);
		this.namespace = requireKeyPart("namespace", builder.namespace);
		this.region = builder.region;
		if (this.region < 0 || this.region >= this.layout.maxRegions()) {
			throw new IllegalArgumentException("region " + this.region + " is outside 0.." + (this.layout.maxRegions() - 1)
					+ " (" + this.layout.regionBits() + " region bits)");
		}
		this.ttl = requirePositive("lease ttl", builder.ttl);
		this.ceilingLead = requirePositive("ceiling lead", builder.ceilingLead);
		this.quarantine = requirePositive("quarantine", builder.quarantine);
		if (this.quarantine.compareTo(this.ceilingLead) < 0) {
			throw new IllegalArgumentException("quarantine (" + this.quarantine + ") must be at least the ceiling lead ("
					+ this.ceilingLead + "): after Redis loses the high-water mark, a new owner starts at now + quarantine, "
					+ "which must lie above every ceiling (renewal time + ceiling lead) an earlier owner may still hold");
		}
		this.regionKeyPrefix = this.keyPrefix + ":{" + this.namespace + ":" + this.region + "}:";
		this.highWaterMarkKey = this.regionKeyPrefix + "hwm";
		this.claimKeys = List.of(this.regionKeyPrefix + "lease:", this.regionKeyPrefix + "gen", this.highWaterMarkKey,
				this.regionKeyPrefix + "meta");
		this.layoutDescription = this.layout.toString();
		this.codes = this.layout.maxWorkers();
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
		if (preferredCode >= this.codes) {
			throw new IllegalArgumentException("preferred worker code " + preferredCode + " is outside 0.."
					+ (this.codes - 1) + " (" + this.layout.workerBits() + " worker bits)");
		}
		String nonce = newNonce();
		int start = ThreadLocalRandom.current().nextInt(this.codes);
		List<?> reply = execute("claim a worker code", CLAIM, this.claimKeys, Integer.toString(Math.max(-1, preferredCode)),
				Integer.toString(this.codes), Integer.toString(start), nonce, millis(this.ttl), millis(this.quarantine),
				millis(this.ceilingLead), this.layoutDescription, Integer.toString(this.region));
		long status = number(reply, 0);
		if (status == CLAIMED) {
			int code = (int) number(reply, 1);
			long generation = number(reply, 2);
			return new LeaseGrant(code, generation, generation + "|" + nonce, number(reply, 3), number(reply, 4),
					number(reply, 5), this.ttl);
		}
		if (status == NONE_FREE) {
			throw new NoFreeWorkerCodeException(this.region, this.codes);
		}
		if (status == MISMATCH) {
			throw new StoreMismatchException("Redis keys " + this.regionKeyPrefix + "* were set up for layout '"
					+ reply.get(2) + "' in region " + reply.get(3) + ", but this worker uses layout '" + this.layoutDescription
					+ "' in region " + this.region + "; IDs of different layouts must not share worker codes. "
					+ "Use the same layout, or a different namespace for the new layout");
		}
		throw unexpected("claim", reply);
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		Objects.requireNonNull(grant, "grant");
		List<?> reply = execute("renew the lease of worker code " + grant.workerCode(), RENEW,
				List.of(leaseKey(grant.workerCode()), this.highWaterMarkKey), Integer.toString(grant.workerCode()),
				grant.token(), millis(this.ttl), millis(this.ceilingLead));
		long status = number(reply, 0);
		if (status == CLAIMED) {
			return LeaseRenewal.renewed(number(reply, 1), number(reply, 2));
		}
		if (status == EXPIRED) {
			return LeaseRenewal.expired(number(reply, 1));
		}
		if (status == FENCED) {
			return LeaseRenewal.fenced(number(reply, 1));
		}
		throw unexpected("renewal", reply);
	}

	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
		Objects.requireNonNull(grant, "grant");
		execute("release worker code " + grant.workerCode(), RELEASE,
				List.of(leaseKey(grant.workerCode()), this.highWaterMarkKey), Integer.toString(grant.workerCode()),
				grant.token(), Long.toString(Math.max(-1, lastUsedMillis)));
	}

	/** Worker codes of the region nobody holds; scans every lease key of the region inside Redis. */
	@Override
	public long availableCodes() {
		Long free = execute("count free worker codes", AVAILABLE, this.claimKeys.subList(0, 1),
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

	/** How far above Redis time a renewal raises the ceiling. */
	public Duration ceilingLead() {
		return this.ceilingLead;
	}

	/** How far above Redis time a new owner's floor lies at least. */
	public Duration quarantine() {
		return this.quarantine;
	}

	/** Name of the lease key of a worker code, for example {@code snowflake:{default:0}:lease:17}. */
	public String leaseKey(int code) {
		return this.claimKeys.get(0) + code;
	}

	/** Name of the hash of high-water marks (code &rarr; Unix-epoch millisecond). */
	public String highWaterMarkKey() {
		return this.highWaterMarkKey;
	}

	/** Name of the hash of generations (code &rarr; last generation granted). */
	public String generationKey() {
		return this.claimKeys.get(1);
	}

	/** Name of the hash holding the layout and region the key space was set up for. */
	public String metaKey() {
		return this.claimKeys.get(3);
	}

	@Override
	public String toString() {
		return "RedisWorkerLeaseStore[" + this.regionKeyPrefix + "*, layout " + this.layoutDescription + ", ttl " + this.ttl
				+ ", ceiling lead " + this.ceilingLead + ", quarantine " + this.quarantine + "]";
	}

	private <T> T execute(String action, RedisScript<T> script, List<String> keys, String... args) {
		try {
			return this.redis.execute(script, keys, (Object[]) args);
		}
		catch (RuntimeException ex) {
			Throwable root = NestedExceptionUtils.getMostSpecificCause(ex);
			String reason = (root != ex && root.getMessage() != null) ? ex.getMessage() + ": " + root.getMessage()
					: ex.getMessage();
			throw new LeaseStoreUnavailableException(
					"Redis lease store (" + this.regionKeyPrefix + "*) could not " + action + ": " + reason, ex);
		}
	}

	private LeaseStoreUnavailableException unexpected(String what, List<?> reply) {
		return new LeaseStoreUnavailableException(
				"Redis lease store (" + this.regionKeyPrefix + "*) gave an unexpected " + what + " reply " + reply, null);
	}

	private long number(List<?> reply, int index) {
		if (reply == null || reply.size() <= index || !(reply.get(index) instanceof Number number)) {
			throw unexpected("script", reply);
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

	@SuppressWarnings("rawtypes")
	private static RedisScript<List> script(String name) {
		return RedisScript.of(load(name), List.class);
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

		private String keyPrefix = DEFAULT_KEY_PREFIX;

		private String namespace = DEFAULT_NAMESPACE;

		private int region;

		private Duration ttl = DEFAULT_TTL;

		private Duration ceilingLead = DEFAULT_CEILING_LEAD;

		private Duration quarantine = DEFAULT_QUARANTINE;

		private Builder(StringRedisTemplate redis, SnowflakeLayout layout) {
			this.redis = Objects.requireNonNull(redis, "redis template");
			this.layout = Objects.requireNonNull(layout, "layout");
		}

		/** First part of every key. Default {@code snowflake}. */
		public Builder keyPrefix(String keyPrefix) {
			this.keyPrefix = keyPrefix;
			return this;
		}

		/** Separates deployments sharing one Redis; part of the hash tag. Default {@code default}. */
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

		/** How far above Redis time each grant and renewal sets the ceiling. Default 3 s. */
		public Builder ceilingLead(Duration ceilingLead) {
			this.ceilingLead = ceilingLead;
			return this;
		}

		/**
		 * Least distance between Redis time at a claim and the new owner's floor; at least the ceiling lead
		 * plus the largest clock disagreement between Redis primaries. Default 4 s.
		 */
		public Builder quarantine(Duration quarantine) {
			this.quarantine = quarantine;
			return this;
		}

		/**
		 * @throws IllegalArgumentException if a duration is not positive, the quarantine is shorter than the
		 * ceiling lead, the region does not fit the layout, or a key part contains a brace
		 */
		public RedisWorkerLeaseStore build() {
			return new RedisWorkerLeaseStore(this);
		}

	}

}
