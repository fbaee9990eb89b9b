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

import java.time.Instant;
import java.util.Objects;

import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.lease.WorkerLease;
import org.jspecify.annotations.Nullable;

/**
 * The ranges a generator issues under: the lease the keeper publishes and the earlier
 * range it still holds, with the owner bits (region and worker code) of each precomputed
 * when the lease is adopted. Used only under the generator's lock.
 */
final class LeaseRanges {

	private final SnowflakeLayout layout;

	private final int region;

	private final Refusals refusals;

	private @Nullable WorkerLease adopted;

	private long ownerBits;

	private long earlierOwnerBits;

	LeaseRanges(SnowflakeLayout layout, int region, Refusals refusals) {
		this.layout = layout;
		this.region = region;
		this.refusals = refusals;
	}

	/**
	 * Whether {@code lease} is the one adopted last (a new lease object is a new set of
	 * ranges).
	 */
	boolean isAdopted(@Nullable WorkerLease lease) {
		return lease != null && lease == this.adopted;
	}

	/**
	 * Takes {@code lease} and its earlier range as the ranges to issue under, or refuses.
	 */
	void adopt(@Nullable WorkerLease lease) {
		if (lease == null) {
			throw this.refusals.refuse(Reason.LEASE_UNAVAILABLE, "no worker lease is held");
		}
		WorkerLease earlier = lease.earlier();
		requireFits(lease);
		if (earlier != null) {
			requireFits(earlier);
		}
		this.ownerBits = this.layout.ownerBits(this.region, lease.workerCode());
		this.earlierOwnerBits = (earlier != null) ? this.layout.ownerBits(this.region, earlier.workerCode()) : 0;
		this.adopted = lease;
	}

	/**
	 * Which range of a lease holds a whole tick, or on which side of the lease the tick
	 * lies.
	 */
	enum Coverage {

		LEASE, EARLIER, BELOW_FLOOR, ABOVE_CEILING

	}

	/**
	 * Where the tick {@code start..end} (inclusive milliseconds) lies against
	 * {@code lease} and its earlier range.
	 */
	static Coverage coverage(WorkerLease lease, long start, long end) {
		if (lease.covers(start, end)) {
			return Coverage.LEASE;
		}
		WorkerLease earlier = lease.earlier();
		if (earlier != null && earlier.covers(start, end)) {
			return Coverage.EARLIER;
		}
		return (start <= lease.floorMillis()) ? Coverage.BELOW_FLOOR : Coverage.ABOVE_CEILING;
	}

	private void requireFits(WorkerLease range) {
		try {
			this.layout.requireWorkerCode(range.workerCode());
		}
		catch (IllegalArgumentException ex) {
			// requireWorkerCode always says which field and bound; valueOf only satisfies
			// the type.
			throw this.refusals.refuse(Reason.LEASE_UNAVAILABLE, String.valueOf(ex.getMessage()));
		}
	}

	/**
	 * The owner bits of the range the whole of {@code tick} lies in: the adopted lease's,
	 * else its earlier range's; refuses when neither covers the tick.
	 */
	long ownerBitsFor(long tick) {
		WorkerLease lease = Objects.requireNonNull(this.adopted, "a lease is adopted before any tick is issued");
		long start = this.layout.tickStartMillis(tick);
		long end = this.layout.tickEndMillis(tick);
		Coverage coverage = coverage(lease, start, end);
		if (coverage == Coverage.LEASE) {
			return this.ownerBits;
		}
		if (coverage == Coverage.EARLIER) {
			return this.earlierOwnerBits;
		}
		if (coverage == Coverage.BELOW_FLOOR) {
			throw this.refusals.refuse(Reason.LEASE_UNAVAILABLE,
					"tick starting at " + Instant.ofEpochMilli(start) + " is not above the lease floor "
							+ Instant.ofEpochMilli(lease.floorMillis()) + " of worker code " + lease.workerCode());
		}
		throw this.refusals.refuse(Reason.LEASE_UNAVAILABLE,
				"tick ending at " + Instant.ofEpochMilli(end) + " is above the lease ceiling "
						+ Instant.ofEpochMilli(lease.highestCeilingMillis()) + " of worker code " + lease.workerCode()
						+ "; waiting for the lease to be renewed");
	}

}
