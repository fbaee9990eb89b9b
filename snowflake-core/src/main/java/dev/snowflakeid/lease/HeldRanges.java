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
 * How the keeper turns grants into the one {@link WorkerLease} it publishes: a grant's
 * range, joined with the ranges it still holds only where the parts overlap on the same
 * code.
 */
final class HeldRanges {

	private HeldRanges() {
	}

	/**
	 * The range {@code (floorMillis, ceilingMillis]} of {@code granted}'s code, renewable
	 * if the grant expires.
	 */
	static WorkerLease range(LeaseGrant granted, long floorMillis, long ceilingMillis) {
		return granted.expiring()
				? WorkerLease.leased(granted.workerCode(), granted.generation(), floorMillis, ceilingMillis)
				: WorkerLease.bounded(granted.workerCode(), floorMillis, ceilingMillis);
	}

	/**
	 * Combines the held ranges with a newly granted one. The new range becomes the
	 * current one, extended by every held non-empty range of the same code it overlaps
	 * (each part is a grant of its own, so their union is usable); of the rest, the
	 * non-empty range with the highest ceiling is kept as the earlier one.
	 */
	static WorkerLease merge(@Nullable WorkerLease held, WorkerLease granted) {
		if (held == null) {
			return granted;
		}
		WorkerLease result = granted;
		WorkerLease other = null;
		for (WorkerLease part : new WorkerLease[] { held.earlier(), held.withEarlier(null) }) {
			if (part == null || part.ceilingMillis() <= part.floorMillis()) {
				continue;
			}
			boolean nonEmpty = result.ceilingMillis() > result.floorMillis();
			if (nonEmpty && part.workerCode() == result.workerCode() && part.floorMillis() <= result.ceilingMillis()
					&& result.floorMillis() <= part.ceilingMillis()) {
				result = new WorkerLease(result.workerCode(), result.generation(),
						Math.min(part.floorMillis(), result.floorMillis()),
						Math.max(part.ceilingMillis(), result.ceilingMillis()), result.renewable(), null);
			}
			else if (other == null || part.ceilingMillis() > other.ceilingMillis()) {
				other = part;
			}
		}
		return result.withEarlier(other);
	}

}
