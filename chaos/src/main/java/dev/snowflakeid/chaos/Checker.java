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
package dev.snowflakeid.chaos;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.snowflakeid.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * Verifies the ID logs of a campaign after it ran, and measures them.
 *
 * <p>
 * Rules, each broken occurrence reported with its slot, process and time:
 * <ul>
 * <li>{@link #DUPLICATE}: no ID appears twice, across all processes of all regions;</li>
 * <li>{@link #NOT_INCREASING}: within one process, every ID is greater than the one
 * before;</li>
 * <li>{@link #NOT_POSITIVE}: every ID is above 0;</li>
 * <li>{@link #WRONG_REGION}: the ID's region is the region of the process that issued
 * it;</li>
 * <li>{@link #OUTSIDE_LEASE}: the ID's worker code is the code of a lease the process
 * reported, and its whole tick lies above that lease's floor and at or below the highest
 * ceiling reported for it (a lease is one code and generation; its ceiling only grows
 * with renewals);</li>
 * <li>{@link #SILENT}: every worker slot issued IDs (a campaign in which nothing ran
 * proves nothing).</li>
 * </ul>
 *
 * <p>
 * Availability of a slot is the share of the measured window during which its last call
 * to the generator had succeeded, each outcome counting until the next call but for at
 * most {@value #ATTRIBUTION_CAP_MILLIS} ms (a process that is stopped, dead or starting
 * makes no calls, and that time counts as unavailable).
 */
public final class Checker {

	public static final String DUPLICATE = "duplicate";

	public static final String NOT_INCREASING = "not increasing within a process";

	public static final String NOT_POSITIVE = "not positive";

	public static final String WRONG_REGION = "region of another process";

	public static final String OUTSIDE_LEASE = "outside every lease the process held";

	public static final String SILENT = "worker issued no ID";

	/** Resolution of the per-slot timelines. */
	public static final long BUCKET_NANOS = 100_000_000;

	static final long ATTRIBUTION_CAP_MILLIS = 50;

	private static final long ATTRIBUTION_CAP_NANOS = ATTRIBUTION_CAP_MILLIS * 1_000_000;

	private static final int EXAMPLES_PER_RULE = 20;

	private final SnowflakeLayout layout;

	private final long originNanos;

	private final long windowStartNanos;

	private final long windowEndNanos;

	private final int workerShift;

	private final int regionShift;

	private final int timestampShift;

	/**
	 * @param layout the workers' layout
	 * @param originNanos monotonic time of second 0 of the timelines
	 * @param windowStartNanos start of the window over which availability is measured
	 * @param windowEndNanos end of that window
	 */
	public Checker(SnowflakeLayout layout, long originNanos, long windowStartNanos, long windowEndNanos) {
		this.layout = layout;
		this.originNanos = originNanos;
		this.windowStartNanos = windowStartNanos;
		this.windowEndNanos = windowEndNanos;
		this.workerShift = layout.sequenceBits();
		this.regionShift = this.workerShift + layout.workerBits();
		this.timestampShift = this.regionShift + layout.regionBits();
	}

	/**
	 * Reads every log and checks every rule; {@code slots} are the worker slots that must
	 * have issued IDs.
	 */
	public Result check(List<Path> logs, Collection<String> slots) {
		Result result = new Result();
		int partitions = this.layout.maxRegions() * this.layout.maxWorkers();
		LongList[] byOwner = new LongList[partitions];
		for (int i = 0; i < partitions; i++) {
			byOwner[i] = new LongList();
		}
		for (Path log : logs) {
			FileHeaderAndLeases first = new FileHeaderAndLeases();
			boolean torn = IdLog.read(log, first);
			if (torn) {
				result.tornLogs++;
			}
			IdLog.Header header = first.header;
			if (header == null) {
				continue;
			}
			SlotStats slot = result.slots.computeIfAbsent(header.slot(),
					(name) -> new SlotStats(name, header.region(), buckets()));
			slot.processes++;
			IdLog.read(log, new FileCheck(header, first.leases, slot, result, byOwner));
		}
		for (String slot : slots) {
			SlotStats stats = result.slots.get(slot);
			if (stats == null || stats.ids == 0) {
				result.violation(SILENT, slot, -1, this.originNanos, 0,
						"no ID in " + ((stats == null) ? "no log" : stats.processes + " process logs"));
			}
		}
		Set<Long> duplicated = new HashSet<>();
		for (LongList owner : byOwner) {
			long[] ids = owner.sortInPlace();
			for (int i = 1; i < owner.size; i++) {
				if (ids[i] == ids[i - 1]) {
					result.duplicates++;
					if (duplicated.size() < EXAMPLES_PER_RULE) {
						duplicated.add(ids[i]);
					}
				}
			}
		}
		if (!duplicated.isEmpty()) {
			result.counts.put(DUPLICATE, result.duplicates);
			for (Path log : logs) {
				IdLog.read(log, new DuplicateLocator(duplicated, result));
			}
		}
		return result;
	}

	private int buckets() {
		return (int) ((this.windowEndNanos - this.originNanos) / BUCKET_NANOS + 600);
	}

	private int bucket(long nanos) {
		return (int) Math.max(0, (nanos - this.originNanos) / BUCKET_NANOS);
	}

	/** What the check found and measured. */
	public static final class Result {

		private final Map<String, SlotStats> slots = new TreeMap<>();

		private final Map<String, Long> counts = new LinkedHashMap<>();

		private final List<Violation> violations = new ArrayList<>();

		private final Map<IdLog.Refusal, Long> refusals = new EnumMap<>(IdLog.Refusal.class);

		private long ids;

		private long duplicates;

		private int tornLogs;

		public long ids() {
			return this.ids;
		}

		/** Extra occurrences of IDs seen more than once. */
		public long duplicates() {
			return this.duplicates;
		}

		/** Refused calls by reason. */
		public Map<IdLog.Refusal, Long> refusals() {
			return this.refusals;
		}

		/** Broken occurrences by rule. */
		public Map<String, Long> violationCounts() {
			return this.counts;
		}

		/** Up to 20 examples per rule, duplicates with every occurrence. */
		public List<Violation> violations() {
			return this.violations;
		}

		public Map<String, SlotStats> slots() {
			return this.slots;
		}

		/** Logs that ended inside a record (a process killed while writing). */
		public int tornLogs() {
			return this.tornLogs;
		}

		public boolean passed() {
			return this.counts.isEmpty();
		}

		void violation(String rule, String slot, int incarnation, long nanos, long id, String detail) {
			long count = this.counts.merge(rule, 1L, Long::sum);
			if (count <= EXAMPLES_PER_RULE) {
				this.violations.add(new Violation(rule, slot, incarnation, nanos, id, detail));
			}
		}

	}

	/**
	 * One broken rule.
	 *
	 * @param rule which rule
	 * @param slot worker slot
	 * @param incarnation process number within the slot
	 * @param nanos monotonic time of the record
	 * @param id the ID concerned
	 * @param detail what was wrong
	 */
	public record Violation(String rule, String slot, int incarnation, long nanos, long id, String detail) {
	}

	/** Measurements of one worker slot over all its processes. */
	public static final class SlotStats {

		private final String name;

		private final int region;

		private final BitSet issuing = new BitSet();

		private final BitSet refusing = new BitSet();

		private final long[] idsPerSecond;

		private long ids;

		private long successNanos;

		private long refusedNanos;

		private int processes;

		SlotStats(String name, int region, int buckets) {
			this.name = name;
			this.region = region;
			this.idsPerSecond = new long[(int) (buckets * BUCKET_NANOS / 1_000_000_000L) + 1];
		}

		public String name() {
			return this.name;
		}

		public int region() {
			return this.region;
		}

		public long ids() {
			return this.ids;
		}

		public int processes() {
			return this.processes;
		}

		/** Time within the window during which the last call had succeeded. */
		public long successNanos() {
			return this.successNanos;
		}

		/** Time within the window during which the last call had been refused. */
		public long refusedNanos() {
			return this.refusedNanos;
		}

		/** IDs issued in each second since the origin. */
		public long[] idsPerSecond() {
			return this.idsPerSecond;
		}

		/**
		 * Buckets of {@link #BUCKET_NANOS} since the origin in which at least one ID was
		 * issued.
		 */
		public BitSet issuing() {
			return this.issuing;
		}

		/** Buckets in which at least one call was refused. */
		public BitSet refusing() {
			return this.refusing;
		}

	}

	private static final class FileHeaderAndLeases implements IdLog.Visitor {

		private IdLog.@Nullable Header header;

		private final Map<String, long[]> leases = new HashMap<>();

		@Override
		public void header(IdLog.Header header) {
			this.header = header;
		}

		@Override
		public void lease(long nanos, IdLog.Lease lease) {
			if (!lease.held()) {
				return;
			}
			long[] range = this.leases.computeIfAbsent(lease.workerCode() + "/" + lease.generation(),
					(key) -> new long[] { lease.workerCode(), lease.floorMillis(), lease.ceilingMillis() });
			range[1] = Math.min(range[1], lease.floorMillis());
			range[2] = Math.max(range[2], lease.ceilingMillis());
		}

	}

	private final class FileCheck implements IdLog.Visitor {

		private final IdLog.Header header;

		private final long[][] leases;

		private final SlotStats slot;

		private final Result result;

		private final LongList[] byOwner;

		private long lastId;

		private long lastNanos = Long.MIN_VALUE;

		private boolean lastSucceeded;

		FileCheck(IdLog.Header header, Map<String, long[]> leases, SlotStats slot, Result result, LongList[] byOwner) {
			this.header = header;
			this.leases = leases.values().toArray(new long[0][]);
			this.slot = slot;
			this.result = result;
			this.byOwner = byOwner;
		}

		@Override
		public void ids(long nanos, long[] ids, int count) {
			attribute(nanos, true);
			Checker checker = Checker.this;
			for (int i = 0; i < count; i++) {
				long id = ids[i];
				if (id <= 0) {
					violation(NOT_POSITIVE, nanos, id, "ID " + id);
					continue;
				}
				if (id <= this.lastId) {
					violation(NOT_INCREASING, nanos, id, "ID " + id + " after " + this.lastId);
				}
				this.lastId = id;
				int region = (int) ((id >>> checker.regionShift) & (checker.layout.maxRegions() - 1));
				int worker = (int) ((id >>> checker.workerShift) & (checker.layout.maxWorkers() - 1));
				long tick = id >>> checker.timestampShift;
				if (region != this.header.region()) {
					violation(WRONG_REGION, nanos, id,
							"region " + region + " in a process of region " + this.header.region());
				}
				if (!insideLease(worker, tick)) {
					violation(OUTSIDE_LEASE, nanos, id,
							"worker code " + worker + ", tick " + checker.layout.tickStartMillis(tick)
									+ " ms; leases held (code, floor, ceiling): " + describeLeases());
				}
				this.byOwner[region * checker.layout.maxWorkers() + worker].add(id);
			}
			this.result.ids += count;
			this.slot.ids += count;
			this.slot.issuing.set(bucket(nanos));
			int second = (int) Math.max(0, (nanos - checker.originNanos) / 1_000_000_000L);
			if (second < this.slot.idsPerSecond.length) {
				this.slot.idsPerSecond[second] += count;
			}
		}

		@Override
		public void refusal(long nanos, IdLog.Refusal reason) {
			attribute(nanos, false);
			this.result.refusals.merge(reason, 1L, Long::sum);
			this.slot.refusing.set(bucket(nanos));
		}

		@Override
		public void lease(long nanos, IdLog.Lease lease) {
			// read in the first pass: a lease event can reach the log after IDs issued
			// under it
		}

		private boolean insideLease(int worker, long tick) {
			long start = Checker.this.layout.tickStartMillis(tick);
			long end = Checker.this.layout.tickEndMillis(tick);
			for (long[] lease : this.leases) {
				if (lease[0] == worker && start > lease[1] && end <= lease[2]) {
					return true;
				}
			}
			return false;
		}

		private String describeLeases() {
			StringBuilder text = new StringBuilder();
			for (long[] lease : this.leases) {
				text.append(Arrays.toString(lease));
			}
			return (text.length() == 0) ? "none" : text.toString();
		}

		// The previous outcome lasts until this call, for at most the cap, within the
		// window.
		private void attribute(long nanos, boolean succeeded) {
			if (this.lastNanos != Long.MIN_VALUE) {
				credit(this.lastNanos, Math.min(nanos, this.lastNanos + ATTRIBUTION_CAP_NANOS));
			}
			this.lastNanos = nanos;
			this.lastSucceeded = succeeded;
		}

		private void credit(long from, long to) {
			long start = Math.max(from, Checker.this.windowStartNanos);
			long end = Math.min(to, Checker.this.windowEndNanos);
			if (end <= start) {
				return;
			}
			if (this.lastSucceeded) {
				this.slot.successNanos += end - start;
			}
			else {
				this.slot.refusedNanos += end - start;
			}
		}

		private void violation(String rule, long nanos, long id, String detail) {
			this.result.violation(rule, this.header.slot(), this.header.incarnation(), nanos, id, detail);
		}

	}

	private static final class DuplicateLocator implements IdLog.Visitor {

		private final Set<Long> wanted;

		private final Result result;

		// IdLog.read visits the header before any record
		@SuppressWarnings("NullAway.Init")
		private IdLog.Header header;

		DuplicateLocator(Set<Long> wanted, Result result) {
			this.wanted = wanted;
			this.result = result;
		}

		@Override
		public void header(IdLog.Header header) {
			this.header = header;
		}

		@Override
		public void ids(long nanos, long[] ids, int count) {
			for (int i = 0; i < count; i++) {
				if (this.wanted.contains(ids[i])) {
					this.result.violations.add(new Violation(DUPLICATE, this.header.slot(), this.header.incarnation(),
							nanos, ids[i], "issued by pid " + this.header.pid()));
				}
			}
		}

	}

	/** A growable array of primitive longs. */
	private static final class LongList {

		private long[] values = new long[1024];

		private int size;

		void add(long value) {
			if (this.size == this.values.length) {
				this.values = Arrays.copyOf(this.values, this.values.length * 2);
			}
			this.values[this.size++] = value;
		}

		// Sorts the first size values in place and returns the backing array.
		long[] sortInPlace() {
			Arrays.sort(this.values, 0, this.size);
			return this.values;
		}

	}

}
