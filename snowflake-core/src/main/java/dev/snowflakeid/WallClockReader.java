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

import java.time.InstantSource;
import java.util.function.LongSupplier;

/**
 * Reads the wall clock for one generator: counts every step back, and compares each
 * advance to a new tick with the monotonic clock to detect a forward jump. Used only
 * under the generator's lock.
 */
final class WallClockReader {

	private final InstantSource wallClock;

	private final LongSupplier monotonicClock;

	private final GeneratorCounters statistics;

	private final long forwardJumpAlertMillis;

	private long lastClockMillis = Long.MIN_VALUE;

	private long lastAdvanceMillis;

	private long lastAdvanceNanos;

	// The largest forward jump not yet taken by the issuer, which reports it once the
	// lock is released.
	private long unreportedJumpMillis;

	WallClockReader(InstantSource wallClock, LongSupplier monotonicClock, GeneratorCounters statistics,
			long forwardJumpAlertMillis) {
		this.wallClock = wallClock;
		this.monotonicClock = monotonicClock;
		this.statistics = statistics;
		this.forwardJumpAlertMillis = forwardJumpAlertMillis;
	}

	/**
	 * The wall clock now, in Unix-epoch milliseconds; a reading below the previous one
	 * counts as a rollback.
	 */
	long read() {
		long now = this.wallClock.millis();
		if (now < this.lastClockMillis) {
			this.statistics.clockRolledBack(this.lastClockMillis - now);
		}
		this.lastClockMillis = now;
		return now;
	}

	/** The previous reading. */
	long lastReading() {
		return this.lastClockMillis;
	}

	/** The monotonic clock now. */
	long nanoTime() {
		return this.monotonicClock.getAsLong();
	}

	/**
	 * Records that reading {@code now} started a new tick. A wall-clock advance since the
	 * previous new tick larger than the monotonic advance, by more than the alert
	 * threshold, is a forward jump: counted, and kept for {@link #takeJump()} (only here,
	 * never on the path of an ordinary ID).
	 */
	void observeAdvance(long now) {
		long nanos = this.monotonicClock.getAsLong();
		if (observedAnAdvance()) {
			long jump = (now - this.lastAdvanceMillis) - (nanos - this.lastAdvanceNanos) / 1_000_000;
			if (jump > this.forwardJumpAlertMillis && this.forwardJumpAlertMillis > 0) {
				this.statistics.clockJumpedForward(jump);
				this.unreportedJumpMillis = Math.max(this.unreportedJumpMillis, jump);
			}
		}
		this.lastAdvanceMillis = now;
		this.lastAdvanceNanos = nanos;
	}

	/** The largest forward jump since the last call, in milliseconds, or 0; resets it. */
	long takeJump() {
		long jump = this.unreportedJumpMillis;
		this.unreportedJumpMillis = 0;
		return jump;
	}

	/**
	 * The latest monotonic instant at which the wall-clock millisecond {@code millis}
	 * starts, as far as the last advance tells (that millisecond had already started when
	 * it was read), capped by {@code otherwise}.
	 */
	long startOfMillisNanos(long millis, long otherwise) {
		if (!observedAnAdvance()) {
			return otherwise;
		}
		return Math.min(otherwise, this.lastAdvanceNanos + (millis - this.lastAdvanceMillis) * 1_000_000);
	}

	private boolean observedAnAdvance() {
		return this.lastAdvanceNanos != 0 || this.lastAdvanceMillis != 0;
	}

}
