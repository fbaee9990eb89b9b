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
package dev.snowflakeid;

import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseSource;

/**
 * The Snowflake generator: one lock around the last {@code (tick, sequence)} ({@link TickSequence}), no I/O, no allocation and
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

	private static final String PAUSED = "generator is paused: its worker code was released until the worker "
			+ "resumes (a stopped application context, or a checkpoint of the process)";

	private final SnowflakeLayout layout;

	private final int region;

	private final WorkerLeaseSource leases;

	private final InstantSource wallClock;

	private final long rollbackBudgetNanos;

	private final long borrowTicks;

	private final int timestampShift;

	private final GeneratorStatistics statistics;

	private final ReentrantLock lock = new ReentrantLock();

	// The parts below are used only under the lock.
	private final WallClockReader clock;

	private final Refusals refusals;

	private final LeaseRanges ranges;

	private final TickSequence ticks;

	private volatile boolean stopped;

	// Set while the worker code is released for a stopped context or a checkpoint of the process.
	private volatile boolean paused;

	private SnowflakeIdGenerator(Builder builder) {
		this.layout = builder.layout;
		this.region = this.layout.requireRegion(builder.region);
		this.leases = Objects.requireNonNull(builder.leases, "worker lease source");
		if (this.leases instanceof WorkerLeaseKeeper keeper) {
			keeper.attach();
		}
		this.wallClock = builder.wallClock;
		this.rollbackBudgetNanos = requireNonNegative("rollback wait budget", builder.rollbackWaitBudget).toNanos();
		long exhaustionBudgetNanos = requireNonNegative("exhaustion wait budget", builder.exhaustionWaitBudget).toNanos();
		this.borrowTicks = requireNonNegative("borrow-ahead", builder.borrowAhead).toMillis() / this.layout.tickMillis();
		long forwardJumpAlertMillis = requireNonNegative("forward jump alert", builder.forwardJumpAlert).toMillis();
		this.timestampShift = this.layout.timestampShift();
		this.statistics = new GeneratorStatistics(this.layout);
		this.clock = new WallClockReader(this.wallClock, builder.monotonicClock, this.statistics, forwardJumpAlertMillis);
		TickWaiter waiter = new TickWaiter(this.layout, this.clock, builder.parker, this.statistics);
		this.refusals = new Refusals(this.layout, this.statistics, this.borrowTicks);
		this.ranges = new LeaseRanges(this.layout, this.region, this.refusals);
		this.ticks = new TickSequence(this.layout.maxIdsPerTick() - 1, this.borrowTicks, this.rollbackBudgetNanos,
				exhaustionBudgetNanos, this.clock, waiter, this.refusals, this.statistics);
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

	/**
	 * Why {@link #nextId()} would refuse now, or {@code null} if it would issue: the generator's own checks in
	 * its own order, evaluated without issuing, waiting or counting anything. Health and readiness read this.
	 */
	public String unavailableReason() {
		if (this.stopped) {
			return "generator is stopped";
		}
		if (this.paused) {
			return PAUSED;
		}
		WorkerLease lease = this.leases.currentLease();
		if (lease == null) {
			return "no worker lease is held";
		}
		long now = this.wallClock.millis();
		long nowTick = this.layout.tickAt(now);
		if (nowTick > this.layout.maxTimestamp()) {
			return "layout lifetime ended at " + this.layout.lifetimeEnd();
		}
		long lastTick = this.statistics.lastIssuedTick();
		if (lastTick > 0 && lastTick - nowTick > this.borrowTicks
				&& TickWaiter.tooFar(this.layout, lastTick - this.borrowTicks, now, this.rollbackBudgetNanos)) {
			return "clock is " + (this.layout.tickStartMillis(lastTick) - now) + " ms behind the last issued tick";
		}
		return switch (LeaseRanges.coverage(lease, this.layout.tickStartMillis(nowTick), this.layout.tickEndMillis(nowTick))) {
			case LEASE, EARLIER -> null;
			case BELOW_FLOOR -> "clock has not passed the floor of worker code " + lease.workerCode() + " yet ("
					+ (lease.floorMillis() - now + 1) + " ms to go)";
			case ABOVE_CEILING -> "clock reached the ceiling of worker code " + lease.workerCode()
					+ " and renewals have not raised it";
		};
	}

	@Override
	public long nextId() {
		this.lock.lock();
		try {
			long id = issue();
			this.statistics.issued(1, this.ticks.lastTick());
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
			this.statistics.issued(count, this.ticks.lastTick());
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

	/**
	 * Stops issuing until {@link #resume()} and returns the last Unix-epoch millisecond any issued ID covers (or
	 * {@link Long#MIN_VALUE} if none was issued). Returns only once no call is in flight, so the keeper can
	 * release the code, recording the value, before this process is checkpointed or its context stopped.
	 */
	public long pause() {
		this.lock.lock();
		try {
			this.paused = true;
			return this.statistics.lastIssuedMillis();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Issues again after {@link #pause()}, once the keeper holds a lease again. The last {@code (tick, sequence)}
	 * is kept: IDs never go back, whichever code the new lease has.
	 */
	public void resume() {
		this.lock.lock();
		try {
			this.paused = false;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Whether {@link #stop()} was called. */
	public boolean isStopped() {
		return this.stopped;
	}

	// Called with the lock held. Commits the chosen (tick, sequence) only when the ID is returned.
	private long issue() {
		if (this.stopped) {
			throw this.refusals.refuse(Reason.LEASE_UNAVAILABLE, "generator is stopped; no IDs are issued after shutdown");
		}
		if (this.paused) {
			throw this.refusals.refuse(Reason.LEASE_UNAVAILABLE, PAUSED);
		}
		WorkerLease lease = this.leases.currentLease();
		if (!this.ranges.isAdopted(lease)) {
			this.ranges.adopt(lease);
		}
		long now = this.clock.read();
		long nowTick = this.layout.tickAt(now);
		if (nowTick < 1) {
			throw this.refusals.beforeFirstTick(now);
		}
		long tick = this.ticks.choose(now, nowTick);
		if (tick > this.layout.maxTimestamp()) {
			throw this.refusals.epochExhausted(tick);
		}
		long owner = this.ranges.ownerBitsFor(tick);
		this.ticks.commit();
		return (tick << this.timestampShift) | owner | this.ticks.sequence();
	}

	private static Duration requireNonNegative(String name, Duration value) {
		if (value == null || value.isNegative()) {
			throw new IllegalArgumentException(name + " must be zero or positive but was " + value);
		}
		return value;
	}

	/** Configures a {@link SnowflakeIdGenerator}; every setting but the lease source has a default. */
	public static final class Builder {

		private final SnowflakeLayout layout;

		private int region;

		private WorkerLeaseSource leases;

		private InstantSource wallClock = InstantSource.system();

		private LongSupplier monotonicClock = System::nanoTime;

		private LongConsumer parker = LockSupport::parkNanos;

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

		/** A fixed worker code with no floor or ceiling. */
		public Builder workerCode(int workerCode) {
			return leaseSource(WorkerLeaseSource.of(WorkerLease.fixed(workerCode)));
		}

		/** Wall clock for timestamps. Default {@link InstantSource#system()}. */
		public Builder wallClock(InstantSource wallClock) {
			this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
			return this;
		}

		/**
		 * Clock for deadlines and waits, in nanoseconds compared only as differences, unaffected by wall-clock
		 * steps. Default {@link System#nanoTime()}; tests inject a fake clock here.
		 */
		public Builder monotonicClock(LongSupplier monotonicClock) {
			this.monotonicClock = Objects.requireNonNull(monotonicClock, "monotonic clock");
			return this;
		}

		/**
		 * Parks the calling thread for about the given nanoseconds, and may return early. Default
		 * {@link LockSupport#parkNanos(long)}; tests inject one that advances a fake clock instead.
		 */
		public Builder parker(LongConsumer parker) {
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
