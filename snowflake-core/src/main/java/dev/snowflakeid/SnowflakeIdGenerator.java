package dev.snowflakeid;

import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseSource;

/**
 * The Snowflake generator: one lock around {@code (lastTick, lastSequence)}, no I/O, no allocation and
 * no logging on the path that issues an ID.
 *
 * <p>Invariants, all checked before an ID leaves:
 * <ul>
 * <li>Within one instance, {@code (tick, sequence)} strictly increases: a tick is never re-entered after
 * the clock steps back and a sequence never wraps. At most {@code 2^sequenceBits} IDs per tick.</li>
 * <li>The tick is at least 1 (so no ID is 0) and at most {@link SnowflakeLayout#maxTimestamp()}.</li>
 * <li>The whole tick lies inside the current lease range {@code (floor, ceiling]}, or inside the
 * earlier range the keeper still holds; the ID carries the code of that range.</li>
 * </ul>
 *
 * <p>When the clock is behind the last tick, or the tick's sequence is used up, the caller parks until
 * the needed tick starts, for at most the respective wait budget, spinning only for a bounded moment
 * around the expected tick boundary; when the needed wait is longer than the budget it is refused at
 * once. Waits happen while holding the lock: every other caller needs the same tick anyway.
 *
 * <p>With borrow-ahead, an exhausted tick moves on to the next tick at once while that tick lies no more
 * than the borrow window ahead of the wall clock (and inside the lease ceiling, which the lease store
 * persists before granting); once the window is full the caller waits, within the exhaustion budget,
 * for the clock to open it again. A clock that steps back by no more than the window is absorbed the
 * same way. IDs then carry timestamps up to the window ahead of wall time.
 */
public final class SnowflakeIdGenerator implements IdGenerator {

	public static final Duration DEFAULT_ROLLBACK_WAIT_BUDGET = Duration.ofMillis(5);

	public static final Duration DEFAULT_EXHAUSTION_WAIT_BUDGET = Duration.ofMillis(5);

	public static final Duration DEFAULT_FORWARD_JUMP_ALERT = Duration.ofSeconds(1);

	private static final long SHORT_PARK_NANOS = 100_000;

	private static final long MAX_PARK_NANOS = 1_000_000;

	private static final long SPIN_WINDOW_NANOS = 200_000;

	private static final int MAX_SPINS = 50_000;

	private static final System.Logger logger = System.getLogger(SnowflakeIdGenerator.class.getName());

	private final SnowflakeLayout layout;

	private final int region;

	private final WorkerLeaseSource leases;

	private final InstantSource wallClock;

	private final MonotonicClock monotonicClock;

	private final Parker parker;

	private final long rollbackBudgetNanos;

	private final long exhaustionBudgetNanos;

	private final long borrowTicks;

	private final long forwardJumpAlertMillis;

	private final long maxSequence;

	private final int timestampShift;

	private final GeneratorStatistics statistics;

	private final ReentrantLock lock = new ReentrantLock();

	// Guarded by lock.
	private long lastTick;

	private long lastSequence;

	private long lastClockMillis = Long.MIN_VALUE;

	private long lastAdvanceMillis;

	private long lastAdvanceNanos;

	private WorkerLease adoptedLease;

	private long ownerBits;

	private long earlierOwnerBits;

	private volatile boolean stopped;

	private SnowflakeIdGenerator(Builder builder) {
		this.layout = builder.layout;
		this.region = builder.region;
		this.leases = Objects.requireNonNull(builder.leases, "worker lease source");
		if (this.leases instanceof WorkerLeaseKeeper keeper) {
			keeper.attach();
		}
		this.wallClock = builder.wallClock;
		this.monotonicClock = builder.monotonicClock;
		this.parker = builder.parker;
		this.rollbackBudgetNanos = nonNegative("rollback wait budget", builder.rollbackWaitBudget).toNanos();
		this.exhaustionBudgetNanos = nonNegative("exhaustion wait budget", builder.exhaustionWaitBudget).toNanos();
		this.borrowTicks = nonNegative("borrow-ahead", builder.borrowAhead).toMillis() / this.layout.tickMillis();
		this.forwardJumpAlertMillis = nonNegative("forward jump alert", builder.forwardJumpAlert).toMillis();
		if ((this.region >>> this.layout.regionBits()) != 0 || this.region < 0) {
			throw new IllegalArgumentException("region " + this.region + " is outside 0.."
					+ (this.layout.maxRegions() - 1) + " (" + this.layout.regionBits() + " region bits)");
		}
		this.maxSequence = this.layout.maxIdsPerTick() - 1;
		this.timestampShift = this.layout.timestampShift();
		this.statistics = new GeneratorStatistics(this.layout);
		this.lastSequence = this.maxSequence;
	}

	private static Duration nonNegative(String name, Duration value) {
		if (value == null || value.isNegative()) {
			throw new IllegalArgumentException(name + " must be zero or positive but was " + value);
		}
		return value;
	}

	/** Starts a builder for the given layout. */
	public static Builder builder(SnowflakeLayout layout) {
		return new Builder(layout);
	}

	@Override
	public SnowflakeLayout layout() {
		return this.layout;
	}

	/** Region code written into every ID. */
	public int region() {
		return this.region;
	}

	/** Running counts for metrics and health. */
	public GeneratorStatistics statistics() {
		return this.statistics;
	}

	/**
	 * How far the last issued tick starts ahead of the wall clock now, in milliseconds; 0 when it does not.
	 * Only borrow-ahead makes this positive.
	 */
	public long leadMillis() {
		long tick = this.statistics.lastIssuedTick();
		return (tick == 0) ? 0 : Math.max(0, this.layout.tickStartMillis(tick) - this.wallClock.millis());
	}

	/** Borrow-ahead window; zero when off. */
	public Duration borrowAhead() {
		return this.layout.tick().multipliedBy(this.borrowTicks);
	}

	@Override
	public long nextId() {
		this.lock.lock();
		try {
			long id = issue();
			this.statistics.issued(1, this.lastTick);
			return id;
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public long[] nextIds(int count) {
		int max = maxBatchSize();
		if (count < 1 || count > max) {
			throw new IllegalArgumentException("count must be between 1 and " + max + " but was " + count);
		}
		long[] ids = new long[count];
		this.lock.lock();
		try {
			for (int i = 0; i < count; i++) {
				ids[i] = issue();
			}
			this.statistics.issued(count, this.lastTick);
			return ids;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Stops issuing for good and returns the last Unix-epoch millisecond any issued ID covers (or
	 * {@link Long#MIN_VALUE} if none was issued). Returns only once no call is in flight, so a lease
	 * store can record the value as the code's high-water mark and release the code.
	 */
	public long stop() {
		this.lock.lock();
		try {
			this.stopped = true;
			return this.statistics.lastIssuedMillis();
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Whether {@link #stop()} was called. */
	public boolean isStopped() {
		return this.stopped;
	}

	// Called with the lock held. Commits (lastTick, lastSequence) only when the ID is returned.
	private long issue() {
		WorkerLease lease = this.leases.currentLease();
		if (lease != this.adoptedLease || lease == null || this.stopped) {
			adopt(lease);
		}
		long now = readClock();
		long nowTick = this.layout.tickAt(now);
		if (nowTick < 1) {
			throw refuse(Reason.CLOCK_MOVED_BACKWARDS, "clock reads " + now + " ms, not after the first tick of epoch "
					+ this.layout.epoch() + "; tick 0 is never issued so that no ID is 0");
		}
		long tick;
		long sequence;
		if (nowTick > this.lastTick) {
			tick = nowTick;
			sequence = 0;
			observeAdvance(now);
		}
		else {
			if (this.lastTick - nowTick > this.borrowTicks) {
				// Behind the last tick by more than the borrow window (any amount when not borrowing).
				nowTick = awaitTick(this.lastTick - this.borrowTicks, now, this.rollbackBudgetNanos,
						Reason.CLOCK_MOVED_BACKWARDS);
			}
			if (nowTick > this.lastTick) {
				tick = nowTick;
				sequence = 0;
			}
			else if (this.lastSequence < this.maxSequence) {
				tick = this.lastTick;
				sequence = this.lastSequence + 1;
			}
			else {
				this.statistics.sequenceExhausted();
				tick = this.lastTick + 1;
				sequence = 0;
				if (tick - nowTick > this.borrowTicks) {
					// Wait for the next tick, or with borrowing for the window to reach it.
					nowTick = awaitTick(tick - this.borrowTicks, this.lastClockMillis, this.exhaustionBudgetNanos,
							Reason.SEQUENCE_EXHAUSTED);
					tick = Math.max(tick, nowTick);
				}
				if (tick > nowTick) {
					this.statistics.tickBorrowed();
				}
			}
		}
		long owner = check(lease, tick);
		this.lastTick = tick;
		this.lastSequence = sequence;
		return (tick << this.timestampShift) | owner | sequence;
	}

	private void adopt(WorkerLease lease) {
		if (this.stopped) {
			throw refuse(Reason.LEASE_UNAVAILABLE, "generator is stopped; no IDs are issued after shutdown");
		}
		if (lease == null) {
			throw refuse(Reason.LEASE_UNAVAILABLE, "no worker lease is held");
		}
		WorkerLease earlier = lease.earlier();
		for (WorkerLease range : new WorkerLease[] { lease, earlier }) {
			if (range != null && (range.workerCode() >>> this.layout.workerBits()) != 0) {
				throw refuse(Reason.LEASE_UNAVAILABLE, "worker code " + range.workerCode() + " does not fit in "
						+ this.layout.workerBits() + " worker bits");
			}
		}
		this.ownerBits = this.layout.ownerBits(this.region, lease.workerCode());
		this.earlierOwnerBits = (earlier != null) ? this.layout.ownerBits(this.region, earlier.workerCode()) : 0;
		this.adoptedLease = lease;
	}

	private long readClock() {
		long now = this.wallClock.millis();
		if (now < this.lastClockMillis) {
			this.statistics.clockRolledBack(this.lastClockMillis - now);
		}
		this.lastClockMillis = now;
		return now;
	}

	// A wall-clock advance larger than the monotonic advance since the previous new tick is a forward step.
	private void observeAdvance(long now) {
		long nanos = this.monotonicClock.nanoTime();
		if (this.lastAdvanceNanos != 0 || this.lastAdvanceMillis != 0) {
			long jump = (now - this.lastAdvanceMillis) - (nanos - this.lastAdvanceNanos) / 1_000_000;
			if (jump > this.forwardJumpAlertMillis && this.forwardJumpAlertMillis > 0) {
				this.statistics.clockJumpedForward(jump);
				logger.log(System.Logger.Level.WARNING, "Wall clock jumped forward by {0} ms more than elapsed time; "
						+ "IDs continue from the new time and the jump uses up epoch lifetime", jump);
			}
		}
		this.lastAdvanceMillis = now;
		this.lastAdvanceNanos = nanos;
	}

	/**
	 * Waits until the wall clock reaches tick {@code target}, for at most {@code budgetNanos}; refuses at
	 * once if the needed wait already exceeds the budget. Returns the tick reached.
	 *
	 * <p>The wall clock only tells whole milliseconds, so the wait is timed on the monotonic clock: the
	 * target tick starts no later than {@code lastAdvanceNanos} plus the milliseconds between the tick seen
	 * then and the target (that tick had already started when it was seen). The caller parks until just
	 * before that instant, then spins for at most {@link #MAX_SPINS} short pauses around it, then parks in
	 * short slices; every path is bounded by the budget's deadline.
	 */
	private long awaitTick(long target, long now, long budgetNanos, Reason reason) {
		long targetStart = this.layout.tickStartMillis(target);
		long neededMillis = targetStart - now;
		if (neededMillis > budgetNanos / 1_000_000) {
			throw refuse(reason, describe(reason, target, now, neededMillis, budgetNanos, false));
		}
		long start = this.monotonicClock.nanoTime();
		long deadline = start + budgetNanos;
		long estimate = start + neededMillis * 1_000_000;
		if (this.lastAdvanceNanos != 0 || this.lastAdvanceMillis != 0) {
			estimate = Math.min(estimate, this.lastAdvanceNanos + (targetStart - this.lastAdvanceMillis) * 1_000_000);
		}
		int spins = 0;
		while (true) {
			long nanos = this.monotonicClock.nanoTime();
			long remaining = deadline - nanos;
			if (remaining <= 0) {
				throw refuse(reason, describe(reason, target, now, neededMillis, budgetNanos, true));
			}
			long untilEstimate = estimate - nanos;
			if (untilEstimate > SPIN_WINDOW_NANOS) {
				this.parker.park(Math.min(remaining, Math.min(untilEstimate - SPIN_WINDOW_NANOS, MAX_PARK_NANOS)));
			}
			else if (spins < MAX_SPINS && untilEstimate > -SPIN_WINDOW_NANOS) {
				spins++;
				Thread.onSpinWait();
			}
			else {
				this.parker.park(Math.min(remaining, SHORT_PARK_NANOS));
			}
			long reading = readClock();
			long nowTick = this.layout.tickAt(reading);
			if (nowTick >= target) {
				this.statistics.waited(reason, this.monotonicClock.nanoTime() - start);
				observeAdvance(reading);
				return nowTick;
			}
		}
	}

	private String describe(Reason reason, long target, long now, long neededMillis, long budgetNanos,
			boolean timedOut) {
		String budget = formatBudget(budgetNanos);
		long borrowMillis = this.borrowTicks * this.layout.tickMillis();
		if (reason == Reason.CLOCK_MOVED_BACKWARDS) {
			long step = this.layout.tickStartMillis(this.lastTick) - now;
			String amount = "clock moved backwards by " + step + " ms"
					+ ((borrowMillis > 0) ? ", " + neededMillis + " ms beyond the " + borrowMillis + " ms borrow window" : "");
			return timedOut ? amount + " and did not catch up within the " + budget + " wait budget"
					: amount + ", more than the " + budget + " wait budget";
		}
		String full = "sequence exhausted: all " + this.layout.maxIdsPerTick() + " IDs of tick " + this.lastTick
				+ " are used" + ((borrowMillis > 0) ? " and the " + borrowMillis + " ms borrow window is full" : "");
		return full + "; the next usable tick " + (timedOut ? "did not start within the " + budget + " wait budget"
				: "starts in " + neededMillis + " ms, beyond the " + budget + " wait budget");
	}

	private static String formatBudget(long nanos) {
		return (nanos % 1_000_000 == 0) ? (nanos / 1_000_000) + " ms" : Duration.ofNanos(nanos).toString();
	}

	// Returns the owner bits of the range the tick is issued under: the current one, else the earlier one.
	private long check(WorkerLease lease, long tick) {
		if (tick > this.layout.maxTimestamp()) {
			throw refuse(Reason.EPOCH_EXHAUSTED, "tick " + tick + " is beyond the last tick " + this.layout.maxTimestamp()
					+ " of the layout; its lifetime ended at " + this.layout.lifetimeEnd());
		}
		long start = this.layout.tickStartMillis(tick);
		long end = this.layout.tickEndMillis(tick);
		if (lease.covers(start, end)) {
			return this.ownerBits;
		}
		WorkerLease earlier = lease.earlier();
		if (earlier != null && earlier.covers(start, end)) {
			return this.earlierOwnerBits;
		}
		if (start <= lease.floorMillis()) {
			throw refuse(Reason.LEASE_UNAVAILABLE, "tick starting at " + start + " ms is not above the lease floor "
					+ lease.floorMillis() + " ms of worker code " + lease.workerCode());
		}
		throw refuse(Reason.LEASE_UNAVAILABLE, "tick ending at " + end + " ms is above the lease ceiling "
				+ lease.highestCeilingMillis() + " ms of worker code " + lease.workerCode()
				+ "; waiting for the lease to be renewed");
	}

	private IdGenerationException refuse(Reason reason, String message) {
		this.statistics.refused(reason);
		return new IdGenerationException(reason, message);
	}

	/** Configures a {@link SnowflakeIdGenerator}; every setting but the lease source has a default. */
	public static final class Builder {

		private final SnowflakeLayout layout;

		private int region;

		private WorkerLeaseSource leases;

		private InstantSource wallClock = InstantSource.system();

		private MonotonicClock monotonicClock = MonotonicClock.system();

		private Parker parker = Parker.system();

		private Duration rollbackWaitBudget = DEFAULT_ROLLBACK_WAIT_BUDGET;

		private Duration exhaustionWaitBudget = DEFAULT_EXHAUSTION_WAIT_BUDGET;

		private Duration borrowAhead = Duration.ZERO;

		private Duration forwardJumpAlert = DEFAULT_FORWARD_JUMP_ALERT;

		private Builder(SnowflakeLayout layout) {
			this.layout = Objects.requireNonNull(layout, "layout");
		}

		/** Region code written into every ID, below {@code 2^regionBits}. Default 0. */
		public Builder region(int region) {
			this.region = region;
			return this;
		}

		/** Source of the worker lease; required. */
		public Builder leaseSource(WorkerLeaseSource leases) {
			this.leases = leases;
			return this;
		}

		/** A fixed worker code with no floor, ceiling or deadline. */
		public Builder workerCode(int workerCode) {
			return leaseSource(WorkerLeaseSource.of(WorkerLease.fixed(workerCode)));
		}

		/** Wall clock for timestamps. Default {@link InstantSource#system()}. */
		public Builder wallClock(InstantSource wallClock) {
			this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
			return this;
		}

		/** Clock for deadlines and waits. Default {@link MonotonicClock#system()}. */
		public Builder monotonicClock(MonotonicClock monotonicClock) {
			this.monotonicClock = Objects.requireNonNull(monotonicClock, "monotonic clock");
			return this;
		}

		/** How to wait. Default {@link Parker#system()}. */
		public Builder parker(Parker parker) {
			this.parker = Objects.requireNonNull(parker, "parker");
			return this;
		}

		/** Longest wait for a clock that stepped back; longer steps are refused at once. Default 5 ms. */
		public Builder rollbackWaitBudget(Duration budget) {
			this.rollbackWaitBudget = budget;
			return this;
		}

		/** Longest wait for the next tick after a tick's sequence is used up; 0 refuses at once. Default 5 ms. */
		public Builder exhaustionWaitBudget(Duration budget) {
			this.exhaustionWaitBudget = budget;
			return this;
		}

		/**
		 * How far ahead of the wall clock an exhausted tick may move on without waiting. Default 0 (off).
		 * Only safe when the lease ceiling is persisted before use: the floor of the next owner must lie
		 * above any borrowed tick.
		 */
		public Builder borrowAhead(Duration borrowAhead) {
			this.borrowAhead = borrowAhead;
			return this;
		}

		/** Forward clock steps above this are counted and logged. Default 1 s; 0 turns detection off. */
		public Builder forwardJumpAlert(Duration threshold) {
			this.forwardJumpAlert = threshold;
			return this;
		}

		public SnowflakeIdGenerator build() {
			return new SnowflakeIdGenerator(this);
		}

	}

}
