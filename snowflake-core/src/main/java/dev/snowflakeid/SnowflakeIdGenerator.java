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
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import org.jspecify.annotations.Nullable;

/**
 * The Snowflake generator: one lock around the last {@code (tick, sequence)}, no I/O, no
 * allocation and no logging on the path that issues an ID.
 *
 * <p>
 * Invariants, all checked before an ID leaves:
 * <ul>
 * <li>Within one instance, {@code (tick, sequence)} strictly increases: a tick is never
 * re-entered after the clock steps back and a sequence never wraps. At most
 * {@code 2^sequenceBits} IDs per tick.</li>
 * <li>The tick is at least 1 (so no ID is 0) and at most
 * {@link SnowflakeLayout#maxTimestamp()}.</li>
 * <li>The whole tick lies inside the current lease range {@code (floor, ceiling]}, or
 * inside the earlier range the keeper still holds; the ID carries the code of that
 * range.</li>
 * </ul>
 *
 * <p>
 * When the clock is behind the last tick, or the tick's sequence is used up, the caller
 * parks until the needed tick starts, for at most the respective wait budget, spinning
 * only for a bounded moment around the expected tick boundary; when the needed wait is
 * longer than the budget it is refused at once. Waits happen while holding the lock:
 * every other caller needs the same tick anyway.
 *
 * <p>
 * With borrow-ahead, an exhausted tick moves on to the next tick at once while that tick
 * lies no more than the borrow window ahead of the wall clock (and inside the lease
 * ceiling, which the lease store persists before granting); once the window is full the
 * caller waits, within the exhaustion budget, for the clock to open it again. A clock
 * that steps back by no more than the window is absorbed the same way. IDs then carry
 * timestamps up to the window ahead of wall time.
 */
public final class SnowflakeIdGenerator implements IdGenerator {

	public static final Duration DEFAULT_ROLLBACK_WAIT_BUDGET = Duration.ofMillis(5);

	public static final Duration DEFAULT_EXHAUSTION_WAIT_BUDGET = Duration.ofMillis(5);

	public static final Duration DEFAULT_FORWARD_JUMP_ALERT = Duration.ofSeconds(1);

	private final SnowflakeLayout layout;

	private final int region;

	private final InstantSource wallClock;

	private final long rollbackBudgetNanos;

	private final long borrowTicks;

	private final GeneratorCounters statistics;

	private final Issuer issuer;

	private SnowflakeIdGenerator(Builder builder) {
		this.layout = builder.layout;
		this.region = this.layout.requireRegion(builder.region);
		Supplier<@Nullable WorkerLease> leases = Objects.requireNonNull(builder.leases, "worker lease source");
		this.wallClock = builder.wallClock;
		this.rollbackBudgetNanos = LayoutChecks.requireNonNegative("rollback wait budget", builder.rollbackWaitBudget)
			.toNanos();
		this.borrowTicks = LayoutChecks.requireNonNegative("borrow-ahead", builder.borrowAhead).toMillis()
				/ this.layout.tickMillis();
		this.statistics = new GeneratorCounters(this.layout);
		WallClockReader clock = new WallClockReader(this.wallClock, builder.monotonicClock, this.statistics,
				LayoutChecks.requireNonNegative("forward jump alert", builder.forwardJumpAlert).toMillis());
		this.issuer = Issuer.assemble(this.layout, this.region, leases, this.statistics, builder.keeper, clock,
				builder.parker, this.borrowTicks, this.rollbackBudgetNanos,
				LayoutChecks.requireNonNegative("exhaustion wait budget", builder.exhaustionWaitBudget).toNanos(),
				builder.randomSequenceStart);
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
	 * How far the last issued tick starts ahead of the wall clock now, in milliseconds; 0
	 * when it does not. Only borrow-ahead makes this positive.
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
	 * Why {@link #nextId()} would refuse now, or {@code null} if it would issue: the
	 * generator's own checks in its own order, evaluated without issuing, waiting or
	 * counting anything. Health and readiness read this.
	 */
	public @Nullable String unavailableReason() {
		return this.issuer.unavailableReason(this.wallClock.millis(), this.rollbackBudgetNanos);
	}

	@Override
	public long nextId() {
		return this.issuer.nextId();
	}

	@Override
	public long[] nextIds(int count) {
		int max = maxBatchSize();
		if (count < 1 || count > max) {
			throw new IllegalArgumentException("count must be between 1 and " + max + " but was " + count);
		}
		return this.issuer.nextIds(count);
	}

	/**
	 * Stops issuing for good and returns the last Unix-epoch millisecond any issued ID
	 * covers (or {@link Long#MIN_VALUE} if none was issued). Returns only once no call is
	 * in flight, so a lease store can record the value as the code's high-water mark and
	 * release the code.
	 */
	public long stop() {
		return this.issuer.halt(true);
	}

	/**
	 * Stops issuing until {@link #resume()} and returns the last Unix-epoch millisecond
	 * any issued ID covers (or {@link Long#MIN_VALUE} if none was issued). Returns only
	 * once no call is in flight, so the keeper can release the code, recording the value,
	 * before this process is checkpointed or its context stopped.
	 */
	public long pause() {
		return this.issuer.halt(false);
	}

	/**
	 * Issues again after {@link #pause()}, once the keeper holds a lease again. The last
	 * {@code (tick, sequence)} is kept: IDs never go back, whichever code the new lease
	 * has.
	 */
	public void resume() {
		this.issuer.resume();
	}

	/** Whether {@link #stop()} was called. */
	public boolean isStopped() {
		return this.issuer.isStopped();
	}

	/**
	 * Running counts of one generator, for metrics and health. Readers on any thread see
	 * each value eventually and never torn; keeping them costs the path that issues an ID
	 * no fence and no allocation.
	 */
	public interface GeneratorStatistics {

		/** IDs returned to callers. */
		long idsIssued();

		/** Calls refused with the given reason (a refused batch counts once). */
		long refusals(Reason reason);

		/** Ticks whose whole sequence range was used before the clock moved on. */
		long sequenceExhaustions();

		/** Times the wall clock read lower than the reading before it. */
		long clockRollbacks();

		/** Largest single backward step of the wall clock seen, in milliseconds. */
		long largestClockRollbackMillis();

		/**
		 * Times the wall clock advanced faster than the monotonic clock by more than the
		 * alert threshold.
		 */
		long forwardJumps();

		/** Largest forward jump seen, in milliseconds. */
		long largestForwardJumpMillis();

		/** Ticks entered ahead of the wall clock in borrow-ahead mode. */
		long borrowedTicks();

		/**
		 * Waits that ended with the clock reaching the needed tick, by cause:
		 * {@link Reason#CLOCK_MOVED_BACKWARDS} or {@link Reason#SEQUENCE_EXHAUSTED}.
		 */
		long waits(Reason reason);

		/**
		 * Total time spent in the waits counted by {@link #waits(Reason)}, in
		 * nanoseconds.
		 */
		long waitedNanos(Reason reason);

		/** Last tick an ID was issued in, or 0 before the first ID. */
		long lastIssuedTick();

		/**
		 * Last Unix-epoch millisecond covered by the last issued tick, or
		 * {@link Long#MIN_VALUE} before the first ID: the high-water mark a lease store
		 * must keep for this owner.
		 */
		long lastIssuedMillis();

	}

	/**
	 * Configures a {@link SnowflakeIdGenerator}; every setting but the lease source has a
	 * default.
	 */
	public static final class Builder {

		private final SnowflakeLayout layout;

		private int region;

		private @Nullable Supplier<@Nullable WorkerLease> leases;

		private @Nullable WorkerLeaseKeeper keeper;

		private InstantSource wallClock = InstantSource.system();

		private LongSupplier monotonicClock = System::nanoTime;

		private LongConsumer parker = LockSupport::parkNanos;

		private Duration rollbackWaitBudget = DEFAULT_ROLLBACK_WAIT_BUDGET;

		private Duration exhaustionWaitBudget = DEFAULT_EXHAUSTION_WAIT_BUDGET;

		private Duration borrowAhead = Duration.ZERO;

		private Duration forwardJumpAlert = DEFAULT_FORWARD_JUMP_ALERT;

		private boolean randomSequenceStart;

		private Builder(SnowflakeLayout layout) {
			this.layout = Objects.requireNonNull(layout, "layout");
		}

		/** Region code written into every ID, below {@code 2^regionBits}. Default 0. */
		public Builder region(int region) {
			this.region = region;
			return this;
		}

		/**
		 * The keeper whose lease the generator issues under, and to whose listeners it
		 * reports; this or another lease source is required. A keeper serves one
		 * generator.
		 */
		public Builder leaseSource(WorkerLeaseKeeper keeper) {
			this.keeper = Objects.requireNonNull(keeper, "worker lease keeper");
			this.leases = keeper::currentLease;
			return this;
		}

		/**
		 * Where the generator reads its current lease, {@code null} while none is held.
		 * Called for every ID, so it must not block, allocate or do I/O: publish each new
		 * lease as one immutable {@link WorkerLease} through a single volatile reference.
		 */
		public Builder leaseSource(Supplier<@Nullable WorkerLease> leases) {
			this.keeper = null;
			this.leases = Objects.requireNonNull(leases, "worker lease source");
			return this;
		}

		/** A fixed worker code with no floor or ceiling. */
		public Builder workerCode(int workerCode) {
			WorkerLease fixed = WorkerLease.fixed(workerCode);
			return leaseSource(() -> fixed);
		}

		/** Wall clock for timestamps. Default {@link InstantSource#system()}. */
		public Builder wallClock(InstantSource wallClock) {
			this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
			return this;
		}

		/**
		 * Clock for deadlines and waits, in nanoseconds compared only as differences,
		 * unaffected by wall-clock steps. Default {@link System#nanoTime()}; tests inject
		 * a fake clock here.
		 */
		public Builder monotonicClock(LongSupplier monotonicClock) {
			this.monotonicClock = Objects.requireNonNull(monotonicClock, "monotonic clock");
			return this;
		}

		/**
		 * Parks the calling thread for about the given nanoseconds, and may return early.
		 * Default {@link LockSupport#parkNanos(long)}; tests inject one that advances a
		 * fake clock instead.
		 */
		public Builder parker(LongConsumer parker) {
			this.parker = Objects.requireNonNull(parker, "parker");
			return this;
		}

		/**
		 * Longest wait for a clock that stepped back; longer steps are refused at once.
		 * Default 5 ms.
		 */
		public Builder rollbackWaitBudget(Duration budget) {
			this.rollbackWaitBudget = budget;
			return this;
		}

		/**
		 * Longest wait for the next tick after a tick's sequence is used up; 0 refuses at
		 * once. Default 5 ms.
		 */
		public Builder exhaustionWaitBudget(Duration budget) {
			this.exhaustionWaitBudget = budget;
			return this;
		}

		/**
		 * How far ahead of the wall clock an exhausted tick may move on without waiting.
		 * Default 0 (off). Only safe when the lease ceiling is persisted before use: the
		 * floor of the next owner must lie above any borrowed tick.
		 */
		public Builder borrowAhead(Duration borrowAhead) {
			this.borrowAhead = borrowAhead;
			return this;
		}

		/**
		 * Forward clock steps above this are counted and reported to the keeper's
		 * listeners. Default 1 s; 0 turns detection off.
		 */
		public Builder forwardJumpAlert(Duration threshold) {
			this.forwardJumpAlert = threshold;
			return this;
		}

		/**
		 * Whether ticks start at a random sequence below
		 * {@code 2^min(8, sequenceBits - 4)}, not 0, to spread IDs over {@code id % n},
		 * at that cost per tick. Default false.
		 */
		public Builder randomSequenceStart(boolean random) {
			this.randomSequenceStart = random;
			return this;
		}

		public SnowflakeIdGenerator build() {
			return new SnowflakeIdGenerator(this);
		}

	}

}
