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
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.testsupport.Polling;

/**
 * A thread that asks an {@link IdGenerator} for an ID about every 100 µs until closed, as a busy
 * application would, keeping every ID to check that none repeats and measuring the longest time without
 * an ID (from the last issued ID to the next, refusals in between). {@link #resetLongestGap()} starts a
 * new measurement, so one run can measure several faults one after the other.
 */
final class ContinuousIssuer implements AutoCloseable {

	private final LongSupplier ids;

	private final Thread thread;

	private final Set<Long> issued = new HashSet<>();

	private final AtomicLong count = new AtomicLong();

	private final AtomicLong refusals = new AtomicLong();

	private final AtomicLong duplicates = new AtomicLong();

	private final AtomicLong longestGapNanos = new AtomicLong();

	private volatile long lastIssuedAt;

	private volatile long lastId;

	private volatile boolean stopped;

	private ContinuousIssuer(LongSupplier ids, String name) {
		this.ids = ids;
		this.thread = new Thread(this::run, "issuer-" + name);
		this.thread.setDaemon(true);
	}

	static ContinuousIssuer start(IdGenerator ids, String name) {
		return start(ids::nextId, name);
	}

	/** Issues with {@code ids}, which throws {@link IdGenerationException} to refuse. */
	static ContinuousIssuer start(LongSupplier ids, String name) {
		ContinuousIssuer issuer = new ContinuousIssuer(ids, name);
		issuer.lastIssuedAt = System.nanoTime();
		issuer.thread.start();
		return issuer;
	}

	private void run() {
		while (!this.stopped) {
			try {
				long id = this.ids.getAsLong();
				long now = System.nanoTime();
				this.longestGapNanos.accumulateAndGet(now - this.lastIssuedAt, Math::max);
				this.lastIssuedAt = now;
				this.lastId = id;
				synchronized (this.issued) {
					if (!this.issued.add(id)) {
						this.duplicates.incrementAndGet();
					}
				}
				this.count.incrementAndGet();
			}
			catch (IdGenerationException ex) {
				this.refusals.incrementAndGet();
			}
			LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
		}
	}

	/** The last ID issued, 0 before the first. */
	long lastId() {
		return this.lastId;
	}

	/** IDs issued so far. */
	long count() {
		return this.count.get();
	}

	long refusals() {
		return this.refusals.get();
	}

	/** IDs issued more than once; must stay 0. */
	long duplicates() {
		return this.duplicates.get();
	}

	/** Waits until {@code more} IDs beyond the current count were issued. */
	void awaitMore(long more, Duration deadline) {
		long target = count() + more;
		Polling.await(more + " more IDs are issued (" + refusals() + " refusals so far)", deadline)
			.until(() -> count() >= target);
	}

	/** Longest time without an ID since the start or the last reset, counting a gap still open now. */
	Duration longestGap() {
		long open = System.nanoTime() - this.lastIssuedAt;
		return Duration.ofNanos(Math.max(this.longestGapNanos.get(), open));
	}

	void resetLongestGap() {
		this.longestGapNanos.set(0);
	}

	@Override
	public void close() {
		this.stopped = true;
		try {
			this.thread.join(TimeUnit.SECONDS.toMillis(5));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
