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

import java.util.function.LongConsumer;

import dev.snowflakeid.IdGenerationException.Reason;

/**
 * Waits, under the generator's lock, until the wall clock reaches a tick, within a
 * budget. Every other caller needs the same tick, so waiting with the lock held costs
 * nobody anything.
 *
 * <p>
 * The wall clock only tells whole milliseconds, so the wait is timed on the monotonic
 * clock: the waiter parks until just before the instant the tick is expected to start,
 * then spins for at most {@value #MAX_SPINS} short pauses around it, then parks in short
 * slices; every path ends at the budget's deadline.
 */
final class TickWaiter {

	/** {@link #await} could not wait: the tick starts later than the budget allows. */
	static final long TOO_FAR = -1;

	/** {@link #await} waited its whole budget and the tick did not start. */
	static final long TIMED_OUT = -2;

	private static final long SHORT_PARK_NANOS = 100_000;

	private static final long MAX_PARK_NANOS = 1_000_000;

	private static final long SPIN_WINDOW_NANOS = 200_000;

	private static final int MAX_SPINS = 50_000;

	private final SnowflakeLayout layout;

	private final WallClockReader clock;

	private final LongConsumer parker;

	private final GeneratorCounters statistics;

	TickWaiter(SnowflakeLayout layout, WallClockReader clock, LongConsumer parker, GeneratorCounters statistics) {
		this.layout = layout;
		this.clock = clock;
		this.parker = parker;
		this.statistics = statistics;
	}

	/**
	 * Whether tick {@code target} starts later after {@code now} than a wait of
	 * {@code budgetNanos} can cover.
	 */
	static boolean tooFar(SnowflakeLayout layout, long target, long now, long budgetNanos) {
		return layout.tickStartMillis(target) - now > budgetNanos / 1_000_000;
	}

	/**
	 * Waits until the wall clock reaches tick {@code target} (the clock read {@code now}
	 * last), for at most {@code budgetNanos}. Returns the tick reached, {@link #TOO_FAR}
	 * at once if the needed wait exceeds the budget, or {@link #TIMED_OUT}. A completed
	 * wait is counted under {@code reason}.
	 */
	long await(long target, long now, long budgetNanos, Reason reason) {
		if (tooFar(this.layout, target, now, budgetNanos)) {
			return TOO_FAR;
		}
		long targetStart = this.layout.tickStartMillis(target);
		long start = this.clock.nanoTime();
		long deadline = start + budgetNanos;
		long estimate = this.clock.startOfMillisNanos(targetStart, start + (targetStart - now) * 1_000_000);
		int spins = 0;
		while (true) {
			long nanos = this.clock.nanoTime();
			long remaining = deadline - nanos;
			if (remaining <= 0) {
				return TIMED_OUT;
			}
			long untilEstimate = estimate - nanos;
			if (untilEstimate > SPIN_WINDOW_NANOS) {
				this.parker.accept(Math.min(remaining, Math.min(untilEstimate - SPIN_WINDOW_NANOS, MAX_PARK_NANOS)));
			}
			else if (spins < MAX_SPINS && untilEstimate > -SPIN_WINDOW_NANOS) {
				spins++;
				Thread.onSpinWait();
			}
			else {
				this.parker.accept(Math.min(remaining, SHORT_PARK_NANOS));
			}
			long reading = this.clock.read();
			long nowTick = this.layout.tickAt(reading);
			if (nowTick >= target) {
				this.statistics.waited(reason, this.clock.nanoTime() - start);
				this.clock.observeAdvance(reading);
				return nowTick;
			}
		}
	}

}
