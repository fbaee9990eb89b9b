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

import dev.snowflakeid.IdGenerationException.Reason;

/**
 * The generator's strictly increasing {@code (tick, sequence)}: which pair the next ID
 * takes, waiting when the clock stepped back or a tick's sequence is used up. A chosen
 * pair becomes the last one only on {@link #commit()}, once the generator has checked it
 * against the layout's lifetime and the lease, so a refused ID leaves no trace. Used only
 * under the generator's lock.
 *
 * <p>
 * Without borrow-ahead, a new pair is either a later tick with sequence 0 or the last
 * tick with the next sequence; a clock behind the last tick is waited for within the
 * rollback budget, and a used-up tick's successor within the exhaustion budget. With a
 * borrow window of {@code b} ticks, a used-up tick moves on at once while the next tick
 * lies no more than {@code b} ticks ahead of the clock, and a clock behind by no more
 * than {@code b} ticks is absorbed the same way.
 *
 * <p>
 * With a random start (a non-zero seed), a new tick's first sequence is drawn from
 * {@code [0, 2^startBits)} instead of being 0, by an xorshift state kept here (no
 * allocation); the rest of the tick counts up from there and never wraps, so a tick holds
 * between {@code 2^sequenceBits - 2^startBits + 1} and {@code 2^sequenceBits} IDs.
 */
final class TickSequence {

	/** Most bits a random first sequence takes: starts below 256. */
	static final int MAX_START_BITS = 8;

	private final long maxSequence;

	private final long borrowTicks;

	private final long rollbackBudgetNanos;

	private final long exhaustionBudgetNanos;

	private final WallClockReader clock;

	private final TickWaiter waiter;

	private final Refusals refusals;

	private final GeneratorCounters statistics;

	private long lastTick;

	private long lastSequence;

	private long chosenTick;

	private long chosenSequence;

	private final int startShift;

	private long startState;

	TickSequence(long maxSequence, long startSeed, long borrowTicks, long rollbackBudgetNanos,
			long exhaustionBudgetNanos, WallClockReader clock, TickWaiter waiter, Refusals refusals,
			GeneratorCounters statistics) {
		this.maxSequence = maxSequence;
		this.borrowTicks = borrowTicks;
		this.rollbackBudgetNanos = rollbackBudgetNanos;
		this.exhaustionBudgetNanos = exhaustionBudgetNanos;
		this.clock = clock;
		this.waiter = waiter;
		this.refusals = refusals;
		this.statistics = statistics;
		// The top startBits of a scrambled state are the start; a shift of 64 (a seed of
		// 0, or too few sequence bits) keeps the start at 0.
		this.startShift = (startSeed != 0) ? Long.SIZE - startBits(maxSequence) : Long.SIZE;
		this.startState = startSeed;
		// The first tick chosen starts at sequence 0 whatever it is.
		this.lastSequence = maxSequence;
	}

	/**
	 * Bits of a random first sequence: a sixteenth of the tick's sequence range, at most
	 * {@value #MAX_START_BITS} bits, so that a tick loses at most 1/16 of its capacity.
	 */
	static int startBits(long maxSequence) {
		int sequenceBits = Long.SIZE - Long.numberOfLeadingZeros(maxSequence);
		return Math.max(0, Math.min(MAX_START_BITS, sequenceBits - 4));
	}

	/**
	 * Chooses the pair after the last one for the clock reading {@code now} of tick
	 * {@code nowTick}, and answers its tick; {@link #sequence()} answers its sequence.
	 * @throws IdGenerationException if the wait it needs is longer than its budget
	 */
	long choose(long now, long nowTick) {
		if (nowTick > this.lastTick) {
			this.clock.observeAdvance(now);
			return chosen(nowTick, firstSequence());
		}
		if (this.lastTick - nowTick > this.borrowTicks) {
			// Behind the last tick by more than the borrow window (any amount when not
			// borrowing).
			nowTick = awaitTick(this.lastTick - this.borrowTicks, now, this.rollbackBudgetNanos,
					Reason.CLOCK_MOVED_BACKWARDS);
		}
		if (nowTick > this.lastTick) {
			return chosen(nowTick, firstSequence());
		}
		if (this.lastSequence < this.maxSequence) {
			return chosen(this.lastTick, this.lastSequence + 1);
		}
		this.statistics.sequenceExhausted();
		long tick = this.lastTick + 1;
		if (tick - nowTick > this.borrowTicks) {
			// Wait for the next tick, or with borrowing for the window to reach it.
			nowTick = awaitTick(tick - this.borrowTicks, this.clock.lastReading(), this.exhaustionBudgetNanos,
					Reason.SEQUENCE_EXHAUSTED);
			tick = Math.max(tick, nowTick);
		}
		if (tick > nowTick) {
			this.statistics.tickBorrowed();
		}
		return chosen(tick, firstSequence());
	}

	/** The sequence of the pair {@link #choose} chose last. */
	long sequence() {
		return this.chosenSequence;
	}

	/** Makes the chosen pair the last one. */
	void commit() {
		this.lastTick = this.chosenTick;
		this.lastSequence = this.chosenSequence;
	}

	/** The tick of the last committed pair; 0 before the first. */
	long lastTick() {
		return this.lastTick;
	}

	// xorshift64* (Vigna): the state steps only when a new tick is chosen.
	private long firstSequence() {
		if (this.startShift == Long.SIZE) {
			return 0;
		}
		long x = this.startState;
		x ^= x >>> 12;
		x ^= x << 25;
		x ^= x >>> 27;
		this.startState = x;
		return (x * 0x2545F4914F6CDD1DL) >>> this.startShift;
	}

	private long chosen(long tick, long sequence) {
		this.chosenTick = tick;
		this.chosenSequence = sequence;
		return tick;
	}

	private long awaitTick(long target, long now, long budgetNanos, Reason reason) {
		long reached = this.waiter.await(target, now, budgetNanos, reason);
		if (reached < 0) {
			throw this.refusals.waitRefused(reason, this.lastTick, target, now, budgetNanos,
					reached == TickWaiter.TIMED_OUT);
		}
		return reached;
	}

}
