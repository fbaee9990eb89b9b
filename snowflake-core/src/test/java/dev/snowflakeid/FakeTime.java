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
import java.time.Instant;
import java.time.InstantSource;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Wall clock, monotonic clock and parker in one, under test control. Parking advances the
 * monotonic clock and, unless the wall clock is frozen, the wall clock by the same
 * amount: no test sleeps.
 */
public final class FakeTime implements InstantSource, LongSupplier, LongConsumer {

	private long wallNanos;

	private long monotonicNanos = 1_000_000_000L;

	private boolean wallFrozen;

	private int parks;

	private long parkedNanos;

	public FakeTime(Instant start) {
		this.wallNanos = Math.multiplyExact(start.getEpochSecond(), 1_000_000_000L) + start.getNano();
	}

	public static FakeTime at(String instant) {
		return new FakeTime(Instant.parse(instant));
	}

	@Override
	public synchronized Instant instant() {
		return Instant.ofEpochSecond(0, this.wallNanos);
	}

	@Override
	public synchronized long millis() {
		return Math.floorDiv(this.wallNanos, 1_000_000);
	}

	/** The monotonic clock. */
	@Override
	public long getAsLong() {
		return nanoTime();
	}

	/** Parks: advances the clocks. */
	@Override
	public void accept(long nanos) {
		park(nanos);
	}

	public synchronized long nanoTime() {
		return this.monotonicNanos;
	}

	public synchronized void park(long nanos) {
		this.parks++;
		this.parkedNanos += nanos;
		this.monotonicNanos += nanos;
		if (!this.wallFrozen) {
			this.wallNanos += nanos;
		}
	}

	/** Both clocks move forward together. */
	public synchronized FakeTime advance(Duration duration) {
		this.monotonicNanos += duration.toNanos();
		this.wallNanos += duration.toNanos();
		return this;
	}

	/**
	 * Only the wall clock steps, forward or back, as NTP or an operator might step it.
	 */
	public synchronized FakeTime stepWall(Duration duration) {
		this.wallNanos += duration.toNanos();
		return this;
	}

	public synchronized FakeTime freezeWall() {
		this.wallFrozen = true;
		return this;
	}

	public synchronized int parks() {
		return this.parks;
	}

	public synchronized long parkedNanos() {
		return this.parkedNanos;
	}

}
