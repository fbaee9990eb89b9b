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

import java.util.function.LongConsumer;

import dev.snowflakeid.FakeTime;

/**
 * Runs a keeper's renewal rounds on a fake clock: whenever a caller parks (or
 * {@link #advance} is called), time moves on and every round that falls due meanwhile
 * runs, in order.
 */
final class ManualRounds implements ScheduledRounds.Rounds, LongConsumer {

	private final FakeTime time;

	private Runnable round;

	private long next;

	private long period;

	int rounds;

	ManualRounds(FakeTime time) {
		this.time = time;
	}

	@Override
	public AutoCloseable schedule(Runnable round, long firstDelayNanos, long periodNanos) {
		this.round = round;
		this.next = this.time.nanoTime() + firstDelayNanos;
		this.period = periodNanos;
		return () -> this.round = null;
	}

	/** The rounds, as the keeper's scheduler. */
	ScheduledRounds scheduler() {
		return new ScheduledRounds(this);
	}

	@Override
	public void accept(long nanos) {
		park(nanos);
	}

	void park(long nanos) {
		long target = this.time.nanoTime() + Math.max(1, nanos);
		while (this.round != null && this.next <= target) {
			this.time.advance(Duration.ofNanos(Math.max(0, this.next - this.time.nanoTime())));
			this.rounds++;
			this.round.run();
			this.next = this.time.nanoTime() + this.period;
		}
		this.time.advance(Duration.ofNanos(Math.max(0, target - this.time.nanoTime())));
	}

	void advance(Duration duration) {
		park(duration.toNanos());
	}

}
