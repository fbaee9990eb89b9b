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
 * script accepts a caller whose clock lies up to the skew ahead of Redis time, or up to the skew plus the
 * lateness (a request may run up to its command timeout after it was sent) behind it; the servers before
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

	/**
	 * Smallest replica lag limit: replicas acknowledge once a second, so a healthy replica's reported lag is
	 * 0 or 1.
	 */
	public static final Duration MIN_MAX_REPLICA_LAG = Duration.ofSeconds(1);

	/**
	 * Startup wait budget when none is configured and the timing needs no more: see
	 * {@link #defaultStartupWaitBudget(Duration)}.
	 */
	public static final Duration DEFAULT_STARTUP_WAIT_BUDGET = Duration.ofSeconds(30);

	/**
	 * Command timeouts a first start spends besides its wait for the floor: the claim, its replicas'
	 * acknowledgement and the renewal that raises the ceiling above the floor.
	 */
	private static final int STARTUP_REQUESTS = 3;

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
	 * The rule of a replica lag limit: returns {@code maxReplicaLag} if it is a whole number of seconds, the
	 * unit in which Redis reports replica lag, and at least {@link #MIN_MAX_REPLICA_LAG}; otherwise throws an
	 * {@link IllegalArgumentException}. Redis reports the seconds since a replica's last acknowledgement,
	 * which replicas send once a second: an idle, healthy replica reports lag 1 in about half of all samples,
	 * so a limit of 0 would refuse about half of all grants.
	 */
	public static Duration requireMaxReplicaLag(Duration maxReplicaLag) {
		Objects.requireNonNull(maxReplicaLag, "max replica lag");
		if (maxReplicaLag.compareTo(MIN_MAX_REPLICA_LAG) < 0 || maxReplicaLag.toNanos() % 1_000_000_000 != 0) {
			throw new IllegalArgumentException("max replica lag must be a whole number of seconds, at least "
					+ MIN_MAX_REPLICA_LAG.toSeconds() + " s (Redis reports replica lag in seconds, and an idle, "
					+ "healthy replica reports lag 1 in about half of all samples) but was " + maxReplicaLag);
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
	 * Shortest startup wait budget in which a first start on an empty (or lost) store begins issuing: its
	 * floor lies Q above the store's clock, which may run up to the max clock skew ahead of this worker's;
	 * the whole tick around the wall clock must then lie above the floor; and the claim, its replicas'
	 * acknowledgement and a renewal each take up to a command timeout (the request lateness). Rounded up to
	 * whole seconds.
	 * @param tick the generator's tick
	 */
	public Duration firstStartWait(Duration tick) {
		Objects.requireNonNull(tick, "tick");
		Duration needed = quarantine().plus(this.maxClockSkew)
			.plus(tick)
			.plus(this.requestLateness.multipliedBy(STARTUP_REQUESTS));
		long seconds = needed.getSeconds() + ((needed.getNano() > 0) ? 1 : 0);
		return Duration.ofSeconds(seconds);
	}

	/**
	 * The startup wait budget when none is configured: {@link #firstStartWait(Duration)}, never below
	 * {@link #DEFAULT_STARTUP_WAIT_BUDGET}, so that every timing that passes its rules also starts on an
	 * empty store.
	 * @param tick the generator's tick
	 */
	public Duration defaultStartupWaitBudget(Duration tick) {
		Duration needed = firstStartWait(tick);
		return (needed.compareTo(DEFAULT_STARTUP_WAIT_BUDGET) > 0) ? needed : DEFAULT_STARTUP_WAIT_BUDGET;
	}

	/**
	 * The rule of a configured startup wait budget for a store that quarantines after a loss: returns
	 * {@code budget} if it is at least {@link #firstStartWait(Duration)}; otherwise throws an
	 * {@link IllegalArgumentException}: such a budget would fail every first start on an empty store.
	 * @param tick the generator's tick
	 */
	public Duration requireStartupWaitBudget(Duration budget, Duration tick) {
		requireNonNegativeMillis("startup wait budget", budget);
		Duration needed = firstStartWait(tick);
		if (budget.compareTo(needed) < 0) {
			throw new IllegalArgumentException("startup wait budget " + budget + " is shorter than the " + needed
					+ " a first start on an empty lease store may wait: the quarantine " + quarantine()
					+ " plus the max clock skew " + this.maxClockSkew + ", one tick and " + STARTUP_REQUESTS
					+ " command timeouts, in whole seconds");
		}
		return budget;
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
