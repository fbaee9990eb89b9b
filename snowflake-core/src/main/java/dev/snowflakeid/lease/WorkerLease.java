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

import org.jspecify.annotations.Nullable;

/**
 * What the generator may use right now, as one immutable snapshot: a worker code and the
 * timestamp range {@code (floorMillis, ceilingMillis]} in which it may issue under it,
 * plus at most one {@link #earlier()} range kept from a previous grant.
 *
 * <p>
 * The ceiling is the fence. Every ceiling was recorded by the lease store (as the code's
 * mark) before this snapshot was published, and every later owner of the code starts
 * above it, so the range stays usable until the wall clock passes its ceiling, whatever
 * happens to the lease afterwards (expired, taken over, or the store unreachable). A
 * range may be empty for now (the ceiling not above the floor) while a new grant waits
 * out its floor.
 *
 * <p>
 * The generator issues tick {@code t} under this range when the whole tick lies inside
 * it, else under {@link #earlier()} when it lies inside that one. One generator holds
 * both ranges, so its strictly increasing {@code (tick, sequence)} keeps them apart even
 * when they share a code.
 *
 * @param workerCode worker code within the region
 * @param generation fencing generation of the grant; 0 for a static code
 * @param floorMillis every tick issued under this range starts after this Unix-epoch
 * millisecond
 * @param ceilingMillis no tick issued under this range ends after this Unix-epoch
 * millisecond
 * @param renewable whether the range comes from a lease that must be renewed to move its
 * ceiling on
 * @param earlier range of a previous grant that is still usable, or {@code null}; never
 * has one itself
 */
public record WorkerLease(int workerCode, long generation, long floorMillis, long ceilingMillis, boolean renewable,
		@Nullable WorkerLease earlier) {

	public WorkerLease {
		if (workerCode < 0) {
			throw new IllegalArgumentException("worker code " + workerCode + " is negative");
		}
		if (earlier != null && earlier.earlier() != null) {
			throw new IllegalArgumentException("an earlier range must not carry another one");
		}
	}

	/**
	 * A code held for good, with no floor or ceiling: the operator guarantees that no
	 * other process uses it and that clocks never re-enter a used range across restarts.
	 */
	public static WorkerLease fixed(int workerCode) {
		return new WorkerLease(workerCode, 0, Long.MIN_VALUE, Long.MAX_VALUE, false, null);
	}

	/** A code held without expiry but bounded by a persisted floor and ceiling. */
	public static WorkerLease bounded(int workerCode, long floorMillis, long ceilingMillis) {
		return new WorkerLease(workerCode, 0, floorMillis, ceilingMillis, false, null);
	}

	/** A leased code whose ceiling moves on only while renewals succeed. */
	public static WorkerLease leased(int workerCode, long generation, long floorMillis, long ceilingMillis) {
		return new WorkerLease(workerCode, generation, floorMillis, ceilingMillis, true, null);
	}

	/**
	 * Whether the milliseconds {@code startMillis..endMillis} (both included) all lie in
	 * {@code (floor, ceiling]}.
	 */
	public boolean covers(long startMillis, long endMillis) {
		return startMillis > this.floorMillis && endMillis <= this.ceilingMillis;
	}

	/**
	 * The same range, keeping {@code range} (without its own earlier range) as the
	 * earlier one.
	 */
	public WorkerLease withEarlier(@Nullable WorkerLease range) {
		WorkerLease kept = (range == null || range.earlier() == null) ? range : new WorkerLease(range.workerCode(),
				range.generation(), range.floorMillis(), range.ceilingMillis(), range.renewable(), null);
		return new WorkerLease(this.workerCode, this.generation, this.floorMillis, this.ceilingMillis, this.renewable,
				kept);
	}

	/** Highest ceiling of this range and its earlier one. */
	public long highestCeilingMillis() {
		return (this.earlier == null) ? this.ceilingMillis : Math.max(this.ceilingMillis, this.earlier.ceilingMillis());
	}

}
