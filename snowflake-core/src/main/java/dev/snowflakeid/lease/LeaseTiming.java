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
package dev.snowflakeid.lease;

import java.time.Duration;
import java.util.Objects;

/**
 * The timing of a lease protocol, derived from one figure a user chooses: how long a
 * holder keeps issuing while the lease store does not answer.
 *
 * <ul>
 * <li>{@link #ceilingLead() A} = outage tolerance + 2 &times; renew interval. The last
 * renewal before an outage may have been up to one interval (plus a command timeout,
 * which is shorter) earlier, and the first after it up to one interval later; its ceiling
 * covers both.</li>
 * <li>{@link #leadLimit() B}, the fleet lead limit: a bound on A + max clock skew +
 * request lateness of every instance of a key space, whatever its own timing: how far
 * past true time any ceiling granted to any of them can reach. Fleet-wide and recorded
 * with the key space's format, because after a loss of every key the recorded timings are
 * gone and the first claimant must still start above every holder's ceiling.</li>
 * <li>{@link #quarantine() Q} = B + max clock skew + request lateness + W, with W the
 * failover window: how long a deposed primary may still grant after its successor took
 * over. A script accepts a caller whose clock lies up to the skew ahead of Redis time, or
 * up to the skew plus the lateness (a request may run up to its command timeout after it
 * was sent) behind it, so a server's clock is within skew + lateness of true time while
 * it grants. A holder's ceiling T1 + A lies at most B past the true time of its grant;
 * the detection time of a loss lies at most skew + lateness before true time. After a
 * detected loss no new range starts below the detection time plus Q, which lies above
 * every ceiling the lost data could have held, whichever instance of the key space held
 * it. With B = A + skew + lateness (the default timing's 13.3 s), Q = A + 2 &times; (skew
 * + lateness) + W.</li>
 * </ul>
 *
 * @param outageTolerance how long a holder keeps issuing while the store does not answer
 * @param renewInterval time between renewals
 * @param maxClockSkew largest allowed difference between a caller's clock and the store's
 * clock
 * @param failoverWindow how long a deposed primary may still grant; zero without replicas
 * @param requestLateness how long after it was sent a request may still run (the command
 * timeout)
 * @param leadLimit the fleet lead limit B, at least this timing's A + max clock skew +
 * request lateness
 */
public record LeaseTiming(Duration outageTolerance, Duration renewInterval, Duration maxClockSkew,
		Duration failoverWindow, Duration requestLateness, Duration leadLimit) {

	public static final Duration DEFAULT_OUTAGE_TOLERANCE = Duration.ofSeconds(10);

	/**
	 * Default lifetime of a lease in its store without renewal: how soon a crashed
	 * worker's code is free.
	 */
	public static final Duration DEFAULT_TTL = Duration.ofSeconds(10);

	public static final Duration DEFAULT_RENEW_INTERVAL = Duration.ofSeconds(1);

	public static final Duration DEFAULT_MAX_CLOCK_SKEW = Duration.ofSeconds(1);

	/**
	 * Smallest replica lag limit: replicas acknowledge once a second, so a healthy
	 * replica's reported lag is 0 or 1.
	 */
	public static final Duration MIN_MAX_REPLICA_LAG = Duration.ofSeconds(1);

	/**
	 * Startup wait budget when none is configured and the timing needs no more: see
	 * {@link #defaultStartupWaitBudget(Duration)}.
	 */
	public static final Duration DEFAULT_STARTUP_WAIT_BUDGET = Duration.ofSeconds(30);

	/**
	 * Command timeouts a first start spends besides its wait for the floor: the claim,
	 * its replicas' acknowledgement and the renewal that raises the ceiling above the
	 * floor.
	 */
	private static final int STARTUP_REQUESTS = 3;

	/** The default lease command timeout. */
	public static final Duration DEFAULT_REQUEST_LATENESS = Duration.ofMillis(300);

	/**
	 * The default fleet lead limit: the default timing's ceiling lead (12 s) plus its max
	 * clock skew (1 s) and request lateness (300 ms), so that the default quarantine
	 * stays 14.6 s.
	 */
	public static final Duration DEFAULT_LEAD_LIMIT = Duration.ofMillis(13_300);

	/**
	 * @throws IllegalArgumentException if a duration is out of range, or the lead exceeds
	 * the lead limit
	 */
	public LeaseTiming {
		requireMillis("outage tolerance", outageTolerance, false);
		requireMillis("renew interval", renewInterval, false);
		requireMillis("max clock skew", maxClockSkew, true);
		requireMillis("failover window", failoverWindow, true);
		requireMillis("request lateness", requestLateness, true);
		requireMillis("fleet lead limit", leadLimit, false);
		Duration lead = lead(outageTolerance, renewInterval, maxClockSkew, requestLateness);
		if (lead.compareTo(leadLimit) > 0) {
			throw new IllegalArgumentException("ceiling lead " + ceilingLead(outageTolerance, renewInterval)
					+ " plus max clock skew " + maxClockSkew + " and request lateness " + requestLateness + " is "
					+ lead + ", beyond the fleet lead limit " + leadLimit);
		}
	}

	/**
	 * A timing whose fleet lead limit is its own ceiling lead plus max clock skew and
	 * request lateness: for a key space where every instance uses this timing.
	 */
	public LeaseTiming(Duration outageTolerance, Duration renewInterval, Duration maxClockSkew, Duration failoverWindow,
			Duration requestLateness) {
		this(outageTolerance, renewInterval, maxClockSkew, failoverWindow, requestLateness,
				lead(outageTolerance, renewInterval, maxClockSkew, requestLateness));
	}

	/**
	 * A timing whose requests may run up to {@link #DEFAULT_REQUEST_LATENESS} after they
	 * were sent.
	 */
	public LeaseTiming(Duration outageTolerance, Duration renewInterval, Duration maxClockSkew,
			Duration failoverWindow) {
		this(outageTolerance, renewInterval, maxClockSkew, failoverWindow, DEFAULT_REQUEST_LATENESS);
	}

	/** This timing with another fleet lead limit. */
	public LeaseTiming withLeadLimit(Duration leadLimit) {
		return new LeaseTiming(this.outageTolerance, this.renewInterval, this.maxClockSkew, this.failoverWindow,
				this.requestLateness, leadLimit);
	}

	/**
	 * How far past the true time of its grant a ceiling of this timing can reach: the
	 * ceiling lead plus the max clock skew and request lateness by which the granting
	 * server's clock may run ahead.
	 */
	public Duration lead() {
		return lead(this.outageTolerance, this.renewInterval, this.maxClockSkew, this.requestLateness);
	}

	private static Duration lead(Duration outageTolerance, Duration renewInterval, Duration maxClockSkew,
			Duration requestLateness) {
		Objects.requireNonNull(maxClockSkew, "max clock skew");
		Objects.requireNonNull(requestLateness, "request lateness");
		return ceilingLead(outageTolerance, renewInterval).plus(maxClockSkew).plus(requestLateness);
	}

	private static Duration ceilingLead(Duration outageTolerance, Duration renewInterval) {
		Objects.requireNonNull(outageTolerance, "outage tolerance");
		Objects.requireNonNull(renewInterval, "renew interval");
		return outageTolerance.plus(renewInterval.multipliedBy(2));
	}

	/** The defaults, with no failover window (a Redis without replicas). */
	public static LeaseTiming defaults() {
		return new LeaseTiming(DEFAULT_OUTAGE_TOLERANCE, DEFAULT_RENEW_INTERVAL, DEFAULT_MAX_CLOCK_SKEW, Duration.ZERO);
	}

	/**
	 * Failover window of a Redis primary whose grants need its {@code replicas} replicas,
	 * each reported online within {@code maxReplicaLag}: none without replicas (grants
	 * are then refused while any replica is attached), else the lag limit plus the whole
	 * second to which INFO rounds the lag.
	 */
	public static Duration replicaFailoverWindow(int replicas, Duration maxReplicaLag) {
		requireReplicas(replicas);
		requireMaxReplicaLag(maxReplicaLag);
		return (replicas == 0) ? Duration.ZERO : maxReplicaLag.plus(Duration.ofSeconds(1));
	}

	/**
	 * The rule of a replica count: returns {@code replicas} if it is zero or above;
	 * otherwise throws an {@link IllegalArgumentException}.
	 */
	public static int requireReplicas(int replicas) {
		if (replicas < 0) {
			throw new IllegalArgumentException("replicas must be zero or positive but was " + replicas);
		}
		return replicas;
	}

	/**
	 * The rule of a replica lag limit: returns {@code maxReplicaLag} if it is a whole
	 * number of seconds, the unit in which Redis reports replica lag, and at least
	 * {@link #MIN_MAX_REPLICA_LAG}; otherwise throws an {@link IllegalArgumentException}.
	 * Redis reports the seconds since a replica's last acknowledgement, which replicas
	 * send once a second: an idle, healthy replica reports lag 1 in about half of all
	 * samples, so a limit of 0 would refuse about half of all grants.
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
		return ceilingLead(this.outageTolerance, this.renewInterval);
	}

	/**
	 * How far above the detection time of a loss every new range starts: the fleet lead
	 * limit plus the max clock skew, request lateness and failover window of this
	 * instance.
	 */
	public Duration quarantine() {
		return this.leadLimit.plus(this.maxClockSkew).plus(this.requestLateness).plus(this.failoverWindow);
	}

	/**
	 * Shortest startup wait budget in which a first start on an empty (or lost) store
	 * begins issuing: its floor lies Q above the store's clock, which may run up to the
	 * max clock skew ahead of this worker's; the whole tick around the wall clock must
	 * then lie above the floor; and the claim, its replicas' acknowledgement and a
	 * renewal each take up to a command timeout (the request lateness). Rounded up to
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
	 * The startup wait budget when none is configured: {@link #firstStartWait(Duration)},
	 * never below {@link #DEFAULT_STARTUP_WAIT_BUDGET}, so that every timing that passes
	 * its rules also starts on an empty store.
	 * @param tick the generator's tick
	 */
	public Duration defaultStartupWaitBudget(Duration tick) {
		Duration needed = firstStartWait(tick);
		return (needed.compareTo(DEFAULT_STARTUP_WAIT_BUDGET) > 0) ? needed : DEFAULT_STARTUP_WAIT_BUDGET;
	}

	/**
	 * The rule of a configured startup wait budget for a store that quarantines after a
	 * loss: returns {@code budget} if it is at least {@link #firstStartWait(Duration)};
	 * otherwise throws an {@link IllegalArgumentException}: such a budget would fail
	 * every first start on an empty store.
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
	 * The rule of every lease interval that must not be zero (a ttl, a renew interval, a
	 * command timeout): returns {@code value} if it is above zero and a whole number of
	 * milliseconds, as lease stores count time; otherwise throws an
	 * {@link IllegalArgumentException} naming the setting {@code name}.
	 */
	public static Duration requirePositiveMillis(String name, Duration value) {
		return Durations.requireWholeMillis(name, Durations.requirePositive(name, value));
	}

	/**
	 * The rule of every lease interval that may be zero (a clock skew, a wait budget):
	 * returns {@code value} if it is zero or above and a whole number of milliseconds;
	 * otherwise throws an {@link IllegalArgumentException} naming the setting
	 * {@code name}.
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
