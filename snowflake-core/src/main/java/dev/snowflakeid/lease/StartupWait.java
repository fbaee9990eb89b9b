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

import java.time.Instant;
import java.time.InstantSource;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import dev.snowflakeid.lease.WorkerLeaseException.ClockBehindException;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import org.jspecify.annotations.Nullable;

/**
 * The two waits of a keeper's start, both bounded by the startup budget's end (a
 * monotonic deadline): for a code, then for the whole tick around the wall clock to lie
 * inside a published range.
 */
final class StartupWait {

	private static final long RETRY_PARK_NANOS = 50_000_000;

	private static final long MAX_RETRY_PARK_NANOS = 1_000_000_000;

	private final WorkerLeaseStore store;

	private final int preferredCode;

	private final InstantSource wallClock;

	private final LongSupplier monotonicClock;

	private final LongConsumer parker;

	/** The generator's tick: a tick is issued only if all of it lies inside a range. */
	private final long tickMillis;

	StartupWait(WorkerLeaseStore store, int preferredCode, InstantSource wallClock, LongSupplier monotonicClock,
			LongConsumer parker, long tickMillis) {
		this.store = store;
		this.preferredCode = preferredCode;
		this.wallClock = wallClock;
		this.monotonicClock = monotonicClock;
		this.parker = parker;
		this.tickMillis = tickMillis;
	}

	/**
	 * Claims a code, retrying with a doubling pause (50 ms up to 1 s) until
	 * {@code budgetEnd}: during a rolling deploy many starters wait for the same few
	 * codes, and a full region does not empty faster for being asked every 50 ms.
	 */
	LeaseGrant claim(long budgetEnd) {
		long pause = RETRY_PARK_NANOS;
		while (true) {
			try {
				return this.store.claim(this.preferredCode);
			}
			catch (NoFreeWorkerCodeException | LeaseStoreUnavailableException | ClockSkewException ex) {
				// A skew refusal is also what a request that ran too late gets; a real
				// skew persists.
				long remaining = budgetEnd - this.monotonicClock.getAsLong();
				if (remaining <= 0) {
					throw ex;
				}
				this.parker.accept(Math.min(pause, remaining));
				pause = Math.min(pause * 2, MAX_RETRY_PARK_NANOS);
			}
		}
	}

	/**
	 * Waits until the tick around the wall clock, whichever way ticks are aligned, lies
	 * inside a range {@code published} holds, until {@code budgetEnd}: the generator
	 * issues a tick only if all of it does. The keeper's renewal rounds run meanwhile:
	 * after a detected loss the first grant's range is empty until a renewal's ceiling
	 * passes the floor.
	 */
	void awaitUsable(Supplier<@Nullable WorkerLease> published, long budgetEnd) {
		while (true) {
			WorkerLease lease = published.get();
			long now = this.wallClock.millis();
			if (lease == null) {
				throw new LeaseStoreUnavailableException("the worker lease was lost while starting", null);
			}
			// every millisecond of any tick that contains now
			long first = now - this.tickMillis + 1;
			long last = now + this.tickMillis - 1;
			if (usable(lease, first, last)) {
				return;
			}
			long remaining = budgetEnd - this.monotonicClock.getAsLong();
			if (first <= lease.floorMillis()) {
				long behind = lease.floorMillis() - first + 1;
				if (behind * 1_000_000 > remaining) {
					// With longer ticks the clock may be past the floor already, but not
					// by a whole tick.
					String shortOf = (this.tickMillis == 1) ? " ms behind the floor "
							: " ms short of a whole " + this.tickMillis + " ms tick above the floor ";
					throw new ClockBehindException("wall clock is " + behind + shortOf
							+ Instant.ofEpochMilli(lease.floorMillis()) + " of worker code " + lease.workerCode()
							+ " (the highest ceiling granted before, or the quarantine after the lease store lost data); "
							+ "the startup wait budget has " + Math.max(0, remaining / 1_000_000) + " ms left", behind);
				}
				this.parker.accept(Math.min(behind * 1_000_000, Math.min(remaining, RETRY_PARK_NANOS)));
			}
			else if (remaining <= 0) {
				throw new LeaseStoreUnavailableException("renewals did not raise the ceiling of worker code "
						+ lease.workerCode() + " above the wall clock within the startup wait budget", null);
			}
			else {
				this.parker.accept(Math.min(RETRY_PARK_NANOS, remaining));
			}
		}
	}

	private static boolean usable(WorkerLease lease, long first, long last) {
		return lease.covers(first, last) || (lease.earlier() != null && lease.earlier().covers(first, last));
	}

}
