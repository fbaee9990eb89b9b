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
package dev.snowflakeid.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Load on ID generators, as a busy application puts it on them. An instance runs one
 * thread per issuer, each asking for an ID, pausing briefly and asking again until
 * closed; it keeps every ID to count repeats and measures, per issuer, the longest time
 * without an ID (from one issued ID to the next, refusals in between), so a test can
 * bound the pause a fault causes. {@link #burst} is the other kind of load: as many IDs
 * as fast as the generator hands them out, in batches as large as it accepts.
 *
 * <p>
 * Issuers are {@link LongSupplier}s and refusals an exception type, so the toolkit needs
 * no generator type:
 * {@code IssuingLoad.start("a", generator::nextId, IdGenerationException.class)}.
 */
public final class IssuingLoad implements AutoCloseable {

	/**
	 * Pause between two calls of an issuer unless {@link Builder#pause(Duration)} sets
	 * another.
	 */
	public static final Duration DEFAULT_PAUSE = Duration.ofNanos(TimeUnit.MICROSECONDS.toNanos(100));

	private final Class<? extends RuntimeException> refusal;

	private final long pauseNanos;

	private final List<String> names;

	private final List<Thread> threads = new ArrayList<>();

	private final Set<Long> issued = new HashSet<>();

	private final AtomicLong count = new AtomicLong();

	private final AtomicLong refusals = new AtomicLong();

	private final AtomicLong duplicates = new AtomicLong();

	/**
	 * Per issuer: when it last issued, and the longest time without an ID since the last
	 * reset.
	 */
	private final long[] lastIssuedAt;

	private final long[] longestGap;

	private volatile long lastId;

	private volatile boolean stopped;

	private IssuingLoad(Builder builder) {
		this.refusal = builder.refusal;
		this.pauseNanos = builder.pause.toNanos();
		this.names = List.copyOf(builder.issuers.keySet());
		this.lastIssuedAt = new long[this.names.size()];
		this.longestGap = new long[this.names.size()];
		int index = 0;
		for (Map.Entry<String, LongSupplier> issuer : builder.issuers.entrySet()) {
			int slot = index++;
			this.lastIssuedAt[slot] = System.nanoTime();
			Thread thread = new Thread(() -> run(slot, issuer.getValue()), "load-" + issuer.getKey());
			thread.setDaemon(true);
			this.threads.add(thread);
		}
		this.threads.forEach(Thread::start);
	}

	/**
	 * One issuer calling {@code ids} about every {@link #DEFAULT_PAUSE}; {@code refusal}
	 * is what it throws to refuse.
	 */
	public static IssuingLoad start(String name, LongSupplier ids, Class<? extends RuntimeException> refusal) {
		return builder(refusal).issuer(name, ids).start();
	}

	/**
	 * Several issuers, or another pause; {@code refusal} is what the issuers throw to
	 * refuse.
	 */
	public static Builder builder(Class<? extends RuntimeException> refusal) {
		return new Builder(refusal);
	}

	/**
	 * Issues {@code count} IDs as fast as {@code nextIds} hands them out, in batches of
	 * {@code maxBatchSize} (the generator's own largest, so that a burst runs as a
	 * client's would), and returns them in the order issued. A batch refused with an
	 * exception {@code retry} accepts is asked for again, as a client retries a retryable
	 * refusal (a starved CPU can miss the generator's short wait for the next tick); any
	 * other exception ends the burst.
	 */
	public static long[] burst(IntFunction<long[]> nextIds, int maxBatchSize, int count,
			Predicate<? super RuntimeException> retry) {
		if (maxBatchSize < 1) {
			throw new IllegalArgumentException("maxBatchSize " + maxBatchSize + " is below 1");
		}
		long[] ids = new long[count];
		int n = 0;
		while (n < count) {
			int batch = Math.min(maxBatchSize, count - n);
			try {
				System.arraycopy(nextIds.apply(batch), 0, ids, n, batch);
				n += batch;
			}
			catch (RuntimeException ex) {
				if (!retry.test(ex)) {
					throw ex;
				}
			}
		}
		return ids;
	}

	private void run(int slot, LongSupplier ids) {
		while (!this.stopped) {
			try {
				long id = ids.getAsLong();
				long now = System.nanoTime();
				synchronized (this) {
					this.longestGap[slot] = Math.max(this.longestGap[slot], now - this.lastIssuedAt[slot]);
					this.lastIssuedAt[slot] = now;
					if (!this.issued.add(id)) {
						this.duplicates.incrementAndGet();
					}
				}
				this.lastId = id;
				this.count.incrementAndGet();
			}
			catch (RuntimeException ex) {
				if (!this.refusal.isInstance(ex)) {
					throw ex;
				}
				this.refusals.incrementAndGet();
			}
			LockSupport.parkNanos(this.pauseNanos);
		}
	}

	/** IDs issued so far, by all issuers. */
	public long count() {
		return this.count.get();
	}

	/** Calls refused so far, by all issuers. */
	public long refusals() {
		return this.refusals.get();
	}

	/** IDs issued more than once, by one issuer or two; must stay 0. */
	public long duplicates() {
		return this.duplicates.get();
	}

	/** The last ID issued by any issuer, 0 before the first. */
	public long lastId() {
		return this.lastId;
	}

	/**
	 * Waits until {@code more} IDs beyond the current count were issued, failing after
	 * {@code deadline}.
	 */
	public void awaitMore(long more, Duration deadline) {
		long target = count() + more;
		Polling.await(more + " more IDs are issued (" + refusals() + " refusals so far)", deadline)
			.until(() -> count() >= target);
	}

	/**
	 * Starts a new measurement of the longest gaps, so one run can measure several faults
	 * one after the other.
	 */
	public synchronized void resetLongestGaps() {
		Arrays.fill(this.longestGap, 0);
	}

	/**
	 * Longest time without an ID of any issuer since the start or the last reset, a gap
	 * still open now included.
	 */
	public Duration longestGap() {
		long longest = 0;
		for (long gap : longestGapNanos()) {
			longest = Math.max(longest, gap);
		}
		return Duration.ofNanos(longest);
	}

	/** {@link #longestGap()} per issuer, in the order the issuers were added. */
	public synchronized long[] longestGapNanos() {
		long now = System.nanoTime();
		long[] gaps = this.longestGap.clone();
		for (int i = 0; i < gaps.length; i++) {
			gaps[i] = Math.max(gaps[i], now - this.lastIssuedAt[i]);
		}
		return gaps;
	}

	/** The longest gaps as text, such as {@code a 12 ms, b 9 ms}. */
	public String longestGaps() {
		long[] gaps = longestGapNanos();
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < gaps.length; i++) {
			text.append((i > 0) ? ", " : "")
				.append(this.names.get(i))
				.append(' ')
				.append(gaps[i] / 1_000_000)
				.append(" ms");
		}
		return text.toString();
	}

	/** Stops every issuer, waiting up to 5 s for each thread. */
	@Override
	public void close() {
		this.stopped = true;
		for (Thread thread : this.threads) {
			try {
				thread.join(TimeUnit.SECONDS.toMillis(5));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	/** Issuers and their pace. */
	public static final class Builder {

		private final Class<? extends RuntimeException> refusal;

		private final Map<String, LongSupplier> issuers = new LinkedHashMap<>();

		private Duration pause = DEFAULT_PAUSE;

		private Builder(Class<? extends RuntimeException> refusal) {
			this.refusal = refusal;
		}

		/**
		 * Adds an issuer named {@code name}, with a thread of its own calling
		 * {@code ids}.
		 */
		public Builder issuer(String name, LongSupplier ids) {
			if (this.issuers.putIfAbsent(name, ids) != null) {
				throw new IllegalArgumentException("two issuers named " + name);
			}
			return this;
		}

		/** Pause of each issuer after each call, {@link #DEFAULT_PAUSE} unless set. */
		public Builder pause(Duration pause) {
			this.pause = pause;
			return this;
		}

		/** Starts one thread per issuer. */
		public IssuingLoad start() {
			if (this.issuers.isEmpty()) {
				throw new IllegalStateException("no issuer");
			}
			return new IssuingLoad(this);
		}

	}

}
