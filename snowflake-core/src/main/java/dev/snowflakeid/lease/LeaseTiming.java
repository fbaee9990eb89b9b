package dev.snowflakeid.lease;

import java.time.Duration;
import java.util.Objects;
import dev.snowflakeid.internal.Durations;

/**
 * The timing of a lease protocol, derived from one figure a user chooses: how long a holder keeps issuing
 * while the lease store does not answer.
 *
 * <ul>
 * <li>{@link #ceilingLead() A} = outage tolerance + 2 &times; renew interval. The last renewal before an
 * outage may have been up to one interval (plus a command timeout, which is shorter) earlier, and the first
 * after it up to one interval later; its ceiling covers both.</li>
 * <li>{@link #quarantine() Q} = A + &delta; + W, with &delta; = 2 &times; (max clock skew + request lateness)
 * and W the failover window: how long a deposed primary may still grant after its successor took over. A
 * script accepts a caller whose clock lies up to the skew behind Redis time, or up to the skew plus the
 * lateness (a request may run up to its command timeout after it was sent) ahead of it; the servers before
 * and after a loss are each compared with callers separately, so their clocks differ by at most &delta;.
 * After a detected loss no new range starts below the detection time plus Q, which lies above every ceiling
 * the lost data could have held.</li>
 * </ul>
 *
 * @param outageTolerance how long a holder keeps issuing while the store does not answer
 * @param renewInterval time between renewals
 * @param maxClockSkew largest allowed difference between a caller's clock and the store's clock
 * @param failoverWindow how long a deposed primary may still grant; zero without replicas
 * @param requestLateness how long after it was sent a request may still run (the command timeout)
 */
public record LeaseTiming(Duration outageTolerance, Duration renewInterval, Duration maxClockSkew,
		Duration failoverWindow, Duration requestLateness) {

	public static final Duration DEFAULT_OUTAGE_TOLERANCE = Duration.ofSeconds(10);

	public static final Duration DEFAULT_RENEW_INTERVAL = Duration.ofSeconds(1);

	public static final Duration DEFAULT_MAX_CLOCK_SKEW = Duration.ofSeconds(1);

	/** The default lease command timeout. */
	public static final Duration DEFAULT_REQUEST_LATENESS = Duration.ofMillis(300);

	public LeaseTiming {
		requireMillis("outage tolerance", outageTolerance, false);
		requireMillis("renew interval", renewInterval, false);
		requireMillis("max clock skew", maxClockSkew, true);
		requireMillis("failover window", failoverWindow, true);
		requireMillis("request lateness", requestLateness, true);
	}

	/** A timing whose requests may run up to {@link #DEFAULT_REQUEST_LATENESS} after they were sent. */
	public LeaseTiming(Duration outageTolerance, Duration renewInterval, Duration maxClockSkew,
			Duration failoverWindow) {
		this(outageTolerance, renewInterval, maxClockSkew, failoverWindow, DEFAULT_REQUEST_LATENESS);
	}

	/** The defaults, with no failover window (a Redis without replicas). */
	public static LeaseTiming defaults() {
		return new LeaseTiming(DEFAULT_OUTAGE_TOLERANCE, DEFAULT_RENEW_INTERVAL, DEFAULT_MAX_CLOCK_SKEW, Duration.ZERO);
	}

	/**
	 * Failover window of a Redis primary whose grants need its {@code replicas} replicas, each reported
	 * online within {@code maxReplicaLag}: none without replicas (grants are then refused while any replica
	 * is attached), else the lag limit plus the whole second to which INFO rounds the lag.
	 */
	public static Duration replicaFailoverWindow(int replicas, Duration maxReplicaLag) {
		requireReplicas(replicas);
		requireMaxReplicaLag(maxReplicaLag);
		return (replicas == 0) ? Duration.ZERO : maxReplicaLag.plus(Duration.ofSeconds(1));
	}

	/**
	 * The rule of a replica count: returns {@code replicas} if it is zero or above; otherwise throws an
	 * {@link IllegalArgumentException}.
	 */
	public static int requireReplicas(int replicas) {
		if (replicas < 0) {
			throw new IllegalArgumentException("replicas must be zero or positive but was " + replicas);
		}
		return replicas;
	}

	/**
	 * The rule of a replica lag limit: returns {@code maxReplicaLag} if it is a whole, non-negative number of
	 * seconds, the unit in which Redis reports replica lag; otherwise throws an
	 * {@link IllegalArgumentException}.
	 */
	public static Duration requireMaxReplicaLag(Duration maxReplicaLag) {
		Objects.requireNonNull(maxReplicaLag, "max replica lag");
		if (maxReplicaLag.isNegative() || maxReplicaLag.toNanos() % 1_000_000_000 != 0) {
			throw new IllegalArgumentException("max replica lag must be a whole, non-negative number of seconds "
					+ "(Redis reports replica lag in seconds) but was " + maxReplicaLag);
		}
		return maxReplicaLag;
	}

	/** How far above the store's clock every granted ceiling lies. */
	public Duration ceilingLead() {
		return this.outageTolerance.plus(this.renewInterval.multipliedBy(2));
	}

	/** How far above the detection time of a loss every new range starts. */
	public Duration quarantine() {
		return ceilingLead().plus(this.maxClockSkew.plus(this.requestLateness).multipliedBy(2))
			.plus(this.failoverWindow);
	}

	/**
	 * The rule of every lease interval that must not be zero (a ttl, a renew interval, a command timeout):
	 * returns {@code value} if it is above zero and a whole number of milliseconds, as lease stores count
	 * time; otherwise throws an {@link IllegalArgumentException} naming the setting {@code name}.
	 */
	public static Duration requirePositiveMillis(String name, Duration value) {
		return Durations.requireWholeMillis(name, Durations.requirePositive(name, value));
	}

	/**
	 * The rule of every lease interval that may be zero (a clock skew, a wait budget): returns {@code value}
	 * if it is zero or above and a whole number of milliseconds; otherwise throws an
	 * {@link IllegalArgumentException} naming the setting {@code name}.
	 */
	public static Duration requireNonNegativeMillis(String name, Duration value) {
		return Durations.requireWholeMillis(name, Durations.requireNonNegative(name, value));
	}

	private static void requireMillis(String name, Duration value, boolean zeroAllowed) {
		Objects.requireNonNull(value, name);
		if (zeroAllowed) {
			requireNonNegativeMillis(name, value);
		}
		else {
			requirePositiveMillis(name, value);
		}
	}

}
