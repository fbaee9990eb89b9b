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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

import dev.snowflakeid.DecodedId;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.WorkerLease;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every ID issued in a test, with the lease snapshot the generator checked it against,
 * and the checks the protocol promises over all of them:
 * <ul>
 * <li>no ID was issued twice, by any worker;</li>
 * <li>each ID carries its lease's region and code, and its whole tick lies in the lease's
 * {@code (floor, ceiling]} or in the earlier range the lease keeps;</li>
 * <li>successive grants of one code (ordered by floor; generations may restart after
 * Redis lost data) used disjoint, increasing timestamp ranges, and each grant's floor
 * lies at or above every ceiling the previous grant was ever given, unless the keeper
 * extended the previous range with it (same floor).</li>
 * </ul>
 */
final class IdLedger {

	private final SnowflakeLayout layout;

	private final ConcurrentLinkedQueue<Entry> entries = new ConcurrentLinkedQueue<>();

	IdLedger(SnowflakeLayout layout) {
		this.layout = layout;
	}

	void record(long id, int region, WorkerLease lease, String worker) {
		this.entries.add(new Entry(id, region, lease, worker));
	}

	int size() {
		return this.entries.size();
	}

	/** IDs issued by one worker, in issue order. */
	List<Long> issuedBy(String worker) {
		return this.entries.stream().filter((entry) -> entry.worker().equals(worker)).map(Entry::id).toList();
	}

	/** Grants of one code, ordered by floor, each with the timestamps its IDs covered. */
	List<GrantRange> grants(int region, int code) {
		return grantsByCode().getOrDefault(region + "/" + code, List.of());
	}

	private Map<String, List<GrantRange>> grantsByCode() {
		Map<String, Map<String, GrantRange>> byCode = new HashMap<>();
		for (Entry entry : this.entries) {
			WorkerLease lease = used(entry);
			String key = lease.generation() + "@" + lease.floorMillis();
			GrantRange range = byCode.computeIfAbsent(entry.region() + "/" + lease.workerCode(), (c) -> new HashMap<>())
				.computeIfAbsent(key, (k) -> new GrantRange(lease.generation(), lease.floorMillis(), entry.worker()));
			long start = this.layout.decode(entry.id()).timestamp().toEpochMilli();
			range.include(start, start + this.layout.tickMillis() - 1, lease.ceilingMillis());
		}
		Map<String, List<GrantRange>> sorted = new HashMap<>();
		byCode.forEach((code, ranges) -> {
			List<GrantRange> list = new ArrayList<>(ranges.values());
			list.sort(Comparator.comparingLong(GrantRange::floor).thenComparingLong(GrantRange::minMillis));
			sorted.put(code, list);
		});
		return sorted;
	}

	void assertConsistent() {
		long[] ids = this.entries.stream().mapToLong(Entry::id).toArray();
		Arrays.sort(ids);
		for (int i = 1; i < ids.length; i++) {
			if (ids[i] == ids[i - 1]) {
				throw new AssertionError("ID " + ids[i] + " was issued twice: " + this.layout.decode(ids[i]));
			}
		}
		for (Entry entry : this.entries) {
			DecodedId decoded = this.layout.decode(entry.id());
			WorkerLease lease = used(entry);
			long start = decoded.timestamp().toEpochMilli();
			if (decoded.region() != entry.region() || decoded.worker() != lease.workerCode()
					|| start <= lease.floorMillis() || start + this.layout.tickMillis() - 1 > lease.ceilingMillis()) {
				throw new AssertionError(decoded + " issued by " + entry.worker() + " in region " + entry.region()
						+ " lies outside its lease " + lease);
			}
		}
		grantsByCode().forEach((code, grants) -> {
			for (int i = 1; i < grants.size(); i++) {
				GrantRange previous = grants.get(i - 1);
				GrantRange next = grants.get(i);
				if (next.floor() == previous.floor() && next.worker().equals(previous.worker())) {
					// the keeper extended the held range with an adjacent grant of the
					// same code (say a new
					// claim after the lease key expired during an outage): one range of
					// one generator, whose
					// (tick, sequence) only grows, so the switch may fall inside a tick
					assertThat(next.minMillis()).as("%s continues after %s (code %s)", next, previous, code)
						.isGreaterThanOrEqualTo(previous.maxMillis());
					continue;
				}
				assertThat(next.floor())
					.as("floor of %s at or above every ceiling of %s (code %s)", next, previous, code)
					.isGreaterThanOrEqualTo(previous.maxCeiling());
				assertThat(next.minMillis()).as("%s starts after %s ends (code %s)", next, previous, code)
					.isGreaterThan(previous.maxMillis());
			}
		});
	}

	// The range the generator issued the ID under: the lease, or the earlier range it
	// keeps.
	private WorkerLease used(Entry entry) {
		WorkerLease lease = entry.lease();
		long start = this.layout.decode(entry.id()).timestamp().toEpochMilli();
		boolean inLease = start > lease.floorMillis() && start + this.layout.tickMillis() - 1 <= lease.ceilingMillis();
		if (lease.earlier() != null && !inLease) {
			return lease.earlier();
		}
		return lease;
	}

	private record Entry(long id, int region, WorkerLease lease, String worker) {
	}

	/** The timestamps one grant's IDs covered. */
	static final class GrantRange {

		private final long generation;

		private final long floor;

		private final String worker;

		private long minMillis = Long.MAX_VALUE;

		private long maxMillis = Long.MIN_VALUE;

		private long maxCeiling = Long.MIN_VALUE;

		private long count;

		GrantRange(long generation, long floor, String worker) {
			this.generation = generation;
			this.floor = floor;
			this.worker = worker;
		}

		void include(long start, long end, long ceiling) {
			this.minMillis = Math.min(this.minMillis, start);
			this.maxMillis = Math.max(this.maxMillis, end);
			this.maxCeiling = Math.max(this.maxCeiling, ceiling);
			this.count++;
		}

		long generation() {
			return this.generation;
		}

		long floor() {
			return this.floor;
		}

		String worker() {
			return this.worker;
		}

		long minMillis() {
			return this.minMillis;
		}

		long maxMillis() {
			return this.maxMillis;
		}

		long maxCeiling() {
			return this.maxCeiling;
		}

		long count() {
			return this.count;
		}

		@Override
		public String toString() {
			return "grant[" + this.worker + " generation " + this.generation + ", floor " + this.floor + ", ids "
					+ this.count + " in " + this.minMillis + ".." + this.maxMillis + ", max ceiling " + this.maxCeiling
					+ "]";
		}

	}

}
