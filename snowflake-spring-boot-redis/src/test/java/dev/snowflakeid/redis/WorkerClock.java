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
package dev.snowflakeid.redis;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One worker's view of time: the real clocks (the same host clock Redis reads for
 * {@code TIME}), with a wall-clock offset the test can step, and a freeze that stops both
 * clocks, as a paused process sees no time pass until it resumes and then sees all of it
 * at once.
 *
 * <p>
 * {@link #pauseAfterNextNanoTime(Thread)} makes one thread stop right after its next
 * monotonic read returns a value, until {@link #releasePaused()}: the read's value is the
 * one from before the pause.
 */
final class WorkerClock implements InstantSource, LongSupplier {

	private volatile long wallOffsetMillis;

	private volatile boolean frozen;

	private volatile long frozenWallMillis;

	private volatile long frozenNanos;

	private volatile Thread pauseTarget;

	private volatile CountDownLatch paused = new CountDownLatch(1);

	private volatile CountDownLatch release = new CountDownLatch(1);

	@Override
	public Instant instant() {
		return Instant.ofEpochMilli(millis());
	}

	@Override
	public long millis() {
		return this.frozen ? this.frozenWallMillis : System.currentTimeMillis() + this.wallOffsetMillis;
	}

	/** The monotonic clock. */
	@Override
	public long getAsLong() {
		return nanoTime();
	}

	long nanoTime() {
		long value = this.frozen ? this.frozenNanos : System.nanoTime();
		if (this.pauseTarget == Thread.currentThread()) {
			this.pauseTarget = null;
			this.paused.countDown();
			try {
				if (!this.release.await(30, TimeUnit.SECONDS)) {
					throw new IllegalStateException("paused thread was never released");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		return value;
	}

	/**
	 * Steps the wall clock, forward or back, as NTP or an operator might; the monotonic
	 * clock goes on.
	 */
	void stepWall(Duration step) {
		this.wallOffsetMillis += step.toMillis();
	}

	void resetWall() {
		this.wallOffsetMillis = 0;
	}

	/** Both clocks stand still until {@link #thaw()}. */
	void freeze() {
		this.frozenWallMillis = millis();
		this.frozenNanos = System.nanoTime();
		this.frozen = true;
	}

	/** Both clocks jump to the present, as a resumed process sees them. */
	void thaw() {
		this.frozen = false;
	}

	void pauseAfterNextNanoTime(Thread thread) {
		this.paused = new CountDownLatch(1);
		this.release = new CountDownLatch(1);
		this.pauseTarget = thread;
	}

	/** Waits until the armed thread is paused inside its monotonic read. */
	void awaitPaused(Duration deadline) throws InterruptedException {
		if (!this.paused.await(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
			throw new AssertionError("the armed thread did not reach its monotonic read within " + deadline);
		}
	}

	void releasePaused() {
		this.release.countDown();
	}

}
