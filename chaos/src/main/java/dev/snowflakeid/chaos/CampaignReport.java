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

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The markdown report of one campaign: the verdict, IDs issued, availability per worker,
 * faults by kind with the longest time the affected workers went without IDs, refusals by
 * reason, and, for a failure, the seed and the faults around each broken rule.
 */
final class CampaignReport {

	/** A fault's effect is measured until this long after it ended. */
	private static final long AFTER_NANOS = 1_000_000_000L;

	private static final long CONTEXT_BEFORE_NANOS = 30_000_000_000L;

	private static final long CONTEXT_AFTER_NANOS = 5_000_000_000L;

	private final long seed;

	private final double minutes;

	private final int workersPerRegion;

	private final long originNanos;

	private final long endNanos;

	private final List<Incident> incidents;

	private final Checker.Result result;

	private final Store store;

	private final Map<String, String> servers;

	/**
	 * @param servers each region's server by name, with its durability settings
	 */
	CampaignReport(long seed, double minutes, int workersPerRegion, long originNanos, long endNanos,
			List<Incident> incidents, Checker.Result result, Store store, Map<String, String> servers) {
		this.seed = seed;
		this.minutes = minutes;
		this.workersPerRegion = workersPerRegion;
		this.originNanos = originNanos;
		this.endNanos = endNanos;
		this.incidents = incidents;
		this.result = result;
		this.store = store;
		this.servers = servers;
	}

	String command() {
		return String.format(Locale.ROOT, "chaos/run.sh %s--minutes %s --seed %d --workers-per-region %d",
				(this.store == Store.REDIS) ? "" : "--store " + this.store.name().toLowerCase(Locale.ROOT) + " ",
				new java.math.BigDecimal(Double.toString(this.minutes)).stripTrailingZeros().toPlainString(), this.seed,
				this.workersPerRegion);
	}

	String summary() {
		return String.format(Locale.ROOT, "chaos: %s: seed %d, %,d IDs, %d duplicates, %d faults, rules broken: %s",
				this.result.passed() ? "PASSED" : "FAILED", this.seed, this.result.ids(), this.result.duplicates(),
				this.incidents.size(), this.result.passed() ? "none" : this.result.violationCounts());
	}

	String markdown() {
		StringBuilder md = new StringBuilder();
		md.append("# Fault campaign, seed ").append(this.seed).append("\n\n");
		md.append("Reproduce: `").append(command()).append("`\n\n");
		md.append(String.format(Locale.ROOT,
				"**%s**: %,d IDs issued by %d worker processes in %.1f minutes, **%d duplicates**, %d faults injected.%n%n",
				this.result.passed() ? "Passed" : "FAILED", this.result.ids(), processes(),
				(this.endNanos - this.originNanos) / 60e9, this.result.duplicates(), faults()));
		md.append("Topology: two regions, each with its own ")
			.append((this.store == Store.REDIS) ? "redis-server" : "PostgreSQL server")
			.append(" (")
			.append(describeServers())
			.append("), ")
			.append(this.workersPerRegion)
			.append(" worker JVMs per region (the starter with its default lease settings, but a 30 s startup wait budget")
			.append((this.store == Store.REDIS) ? "" : "; `snowflake.worker.allocator=jdbc`")
			.append(") sharing 4 worker codes ")
			.append("(layout ")
			.append(Campaign.LAYOUT.timestampBits())
			.append("/")
			.append(Campaign.LAYOUT.regionBits())
			.append("/")
			.append(Campaign.LAYOUT.workerBits())
			.append("/")
			.append(Campaign.LAYOUT.sequenceBits())
			.append("), each behind its own fault proxy and its own libfaketime clock.\n\n");
		checks(md);
		workers(md);
		faultsByKind(md);
		refusals(md);
		failures(md);
		timeline(md);
		return md.toString();
	}

	private void checks(StringBuilder md) {
		md.append("## Checks\n\n| rule | broken |\n| --- | ---: |\n");
		for (String rule : List.of(Checker.DUPLICATE, Checker.NOT_INCREASING, Checker.NOT_POSITIVE,
				Checker.WRONG_REGION, Checker.OUTSIDE_LEASE, Checker.SILENT)) {
			md.append("| ")
				.append(rule)
				.append(" | ")
				.append(this.result.violationCounts().getOrDefault(rule, 0L))
				.append(" |\n");
		}
		if (this.result.tornLogs() > 0) {
			md.append("\n")
				.append(this.result.tornLogs())
				.append(" logs end inside a record (process killed while writing).\n");
		}
		md.append("\n");
	}

	private void workers(StringBuilder md) {
		double window = (this.endNanos - this.originNanos - FaultSchedule.WARM_UP_MILLIS * 1_000_000L);
		md.append("## Workers\n\nAvailability: share of the time after the warm-up during which the worker's last ")
			.append("`nextId()`/`nextIds()` call had succeeded; *refused*: its last call had been refused; the rest ")
			.append("it was stopped, dead, starting or stalled.\n\n");
		md.append("| worker | processes | IDs issued | availability | refused | not running |\n");
		md.append("| --- | ---: | ---: | ---: | ---: | ---: |\n");
		for (Checker.SlotStats slot : this.result.slots().values()) {
			double ok = slot.successNanos() / window;
			double refused = slot.refusedNanos() / window;
			md.append(String.format(Locale.ROOT, "| %s | %d | %,d | %.2f %% | %.2f %% | %.2f %% |%n", slot.name(),
					slot.processes(), slot.ids(), ok * 100, refused * 100, Math.max(0, 1 - ok - refused) * 100));
		}
		md.append("\n");
	}

	private void faultsByKind(StringBuilder md) {
		Map<String, long[]> byKind = new TreeMap<>();
		for (Incident incident : this.incidents) {
			long[] row = byKind.computeIfAbsent(incident.kind(), (kind) -> new long[3]);
			row[0]++;
			for (Checker.SlotStats slot : affected(incident)) {
				row[1] = Math.max(row[1], longestWithoutIds(slot.issuing(), incident));
				row[2] = Math.max(row[2], untilIds(slot.issuing(), incident));
			}
		}
		md.append("## Faults by kind\n\nFor each fault, the affected workers are its target, or every worker of the ")
			.append("region for a fault of its server. *Longest without IDs*: the longest stretch, from the fault's start until ")
			.append("1 s after its end, in which an affected worker issued no ID (a stopped worker issues none for the ")
			.append("whole pause); *IDs again after the end*: the longest time from the fault's end to an affected ")
			.append("worker's next ID. Faults overlap, so a figure can include another fault's cost. Resolution 0.1 s.\n\n");
		md.append(
				"| fault | injected | longest without IDs | IDs again after the end |\n| --- | ---: | ---: | ---: |\n");
		for (Map.Entry<String, long[]> row : byKind.entrySet()) {
			md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s |%n", row.getKey(), row.getValue()[0],
					seconds(row.getValue()[1]), seconds(row.getValue()[2])));
		}
		md.append("\n");
	}

	private void refusals(StringBuilder md) {
		md.append("## Refusals by reason\n\n| reason | refused calls |\n| --- | ---: |\n");
		for (IdLog.Refusal reason : IdLog.Refusal.values()) {
			md.append(String.format(Locale.ROOT, "| %s | %,d |%n", reason,
					this.result.refusals().getOrDefault(reason, 0L)));
		}
		md.append("\n");
	}

	/** The failures section alone, empty when the campaign passed. */
	String failures() {
		StringBuilder md = new StringBuilder();
		failures(md);
		return md.toString();
	}

	private void failures(StringBuilder md) {
		if (this.result.passed()) {
			return;
		}
		md.append("## Failures\n\nSeed ").append(this.seed).append(": `").append(command()).append("`\n\n");
		for (Checker.Violation violation : this.result.violations()) {
			md.append(String.format(Locale.ROOT, "### %s: ID %d at t=%.3f s in %s process %d%n%n%s%n%n",
					violation.rule(), violation.id(), at(violation.nanos()), violation.slot(), violation.incarnation(),
					violation.detail()));
			md.append("Faults from 30 s before to 5 s after:\n\n");
			for (Incident incident : this.incidents) {
				if (incident.endNanos() >= violation.nanos() - CONTEXT_BEFORE_NANOS
						&& incident.startNanos() <= violation.nanos() + CONTEXT_AFTER_NANOS) {
					md.append("- ").append(line(incident)).append("\n");
				}
			}
			md.append("\n");
		}
	}

	private void timeline(StringBuilder md) {
		md.append("## Timeline\n\n<details><summary>")
			.append(this.incidents.size())
			.append(" faults and unplanned exits</summary>\n\n");
		for (Incident incident : this.incidents) {
			md.append("- ").append(line(incident)).append("\n");
		}
		md.append("\n</details>\n");
	}

	private String line(Incident incident) {
		return String.format(Locale.ROOT, "t=%.1f s to %.1f s: %s %s", at(incident.startNanos()),
				at(incident.endNanos()), incident.kind().equals(Incident.WORKER_EXIT) ? "worker exited:" : "",
				incident.kind().equals(Incident.WORKER_EXIT) ? incident.target() + ", " + incident.detail()
						: incident.detail());
	}

	List<Checker.SlotStats> affected(Incident incident) {
		List<Checker.SlotStats> affected = new ArrayList<>();
		for (Checker.SlotStats slot : this.result.slots().values()) {
			if (this.store.affects(incident, slot)) {
				affected.add(slot);
			}
		}
		return affected;
	}

	// In buckets: the longest run of buckets without IDs that starts within the fault's
	// window, cut at its start.
	private long longestWithoutIds(BitSet issuing, Incident incident) {
		int from = bucket(incident.startNanos());
		int last = bucket(this.endNanos);
		int to = Math.min(last, bucket(incident.endNanos() + AFTER_NANOS));
		long longest = 0;
		int b = from;
		while (b <= to) {
			if (issuing.get(b)) {
				b++;
				continue;
			}
			int next = issuing.nextSetBit(b);
			int runEnd = (next < 0 || next > last) ? last : next;
			longest = Math.max(longest, runEnd - b);
			b = runEnd + 1;
		}
		return longest;
	}

	private long untilIds(BitSet issuing, Incident incident) {
		int from = bucket(incident.endNanos());
		int next = issuing.nextSetBit(from);
		int last = bucket(this.endNanos);
		return ((next < 0 || next > last) ? last : next) - from;
	}

	private int bucket(long nanos) {
		return (int) Math.max(0, (nanos - this.originNanos) / Checker.BUCKET_NANOS);
	}

	private static String seconds(long buckets) {
		return String.format(Locale.ROOT, "%.1f s", buckets * Checker.BUCKET_NANOS / 1e9);
	}

	private double at(long nanos) {
		return (nanos - this.originNanos) / 1e9;
	}

	private int processes() {
		int processes = 0;
		for (Checker.SlotStats slot : this.result.slots().values()) {
			processes += slot.processes();
		}
		return processes;
	}

	private long faults() {
		return this.incidents.stream().filter((incident) -> !incident.kind().equals(Incident.WORKER_EXIT)).count();
	}

	private String describeServers() {
		StringBuilder text = new StringBuilder();
		this.servers.forEach(
				(name, kind) -> text.append((text.length() > 0) ? "; " : "").append(name).append(": ").append(kind));
		return text.toString();
	}

}
