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
package dev.snowflakeid.benchmarks.inserts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The results of every run: min, median and max throughput per strategy and thread count
 * as a Markdown table, and the check against the targets.
 */
final class InsertReport {

	/** Least ratio of the generator's median throughput to {@code IDENTITY}'s. */
	static final double MIN_GAIN_OVER_IDENTITY = 3.0;

	/** Largest difference of the generator's index size from the sequence's. */
	static final double MAX_INDEX_DIFFERENCE_FROM_SEQUENCE = 0.05;

	/** Largest ratio of the generator's index size to UUIDv4's. */
	static final double MAX_INDEX_RATIO_TO_UUID_V4 = 0.60;

	private final List<Measurement> measurements;

	InsertReport(List<Measurement> measurements) {
		this.measurements = List.copyOf(measurements);
	}

	/** The runs of one strategy at one thread count, summarised. */
	Optional<Summary> summary(KeyStrategy strategy, int threads) {
		List<Measurement> runs = this.measurements.stream()
			.filter((run) -> run.strategy() == strategy && run.threads() == threads)
			.toList();
		if (runs.isEmpty()) {
			return Optional.empty();
		}
		double[] throughput = runs.stream().mapToDouble(Measurement::rowsPerSecond).sorted().toArray();
		double[] index = runs.stream().mapToDouble(Measurement::indexBytes).sorted().toArray();
		double[] table = runs.stream().mapToDouble(Measurement::tableBytes).sorted().toArray();
		return Optional.of(new Summary(runs.size(), throughput[0], median(throughput),
				throughput[throughput.length - 1], median(index), median(table)));
	}

	private static double median(double[] sorted) {
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

	private List<Integer> threadCounts() {
		return new ArrayList<>(new TreeSet<>(this.measurements.stream().map(Measurement::threads).toList()));
	}

	/** Throughput and sizes of every strategy and thread count, as a Markdown table. */
	String table() {
		StringBuilder table = new StringBuilder(
				"| key | threads | runs | rows/s min | rows/s median | rows/s max | PK index | table |\n"
						+ "|---|---:|---:|---:|---:|---:|---:|---:|\n");
		for (KeyStrategy strategy : KeyStrategy.values()) {
			for (int threads : threadCounts()) {
				summary(strategy, threads).ifPresent((summary) -> table.append(String.format(Locale.ROOT,
						"| %s | %d | %d | %,.0f | %,.0f | %,.0f | %s | %s |%n", strategy.label(), threads,
						summary.runs(), summary.minRowsPerSecond(), summary.medianRowsPerSecond(),
						summary.maxRowsPerSecond(), mebibytes(summary.indexBytes()), mebibytes(summary.tableBytes()))));
			}
		}
		return table.toString();
	}

	private static String mebibytes(double bytes) {
		return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024 * 1024));
	}

	/**
	 * Each target checked at each thread count; targets whose peers did not run are left
	 * out.
	 */
	List<Check> checks() {
		List<Check> checks = new ArrayList<>();
		for (int threads : threadCounts()) {
			Optional<Summary> ours = summary(KeyStrategy.SNOWFLAKE, threads);
			if (ours.isEmpty()) {
				continue;
			}
			Summary snowflake = ours.get();
			summary(KeyStrategy.IDENTITY, threads).ifPresent((identity) -> {
				double gain = snowflake.medianRowsPerSecond() / identity.medianRowsPerSecond();
				checks.add(new Check(threads,
						String.format(Locale.ROOT, "median throughput >= %.0fx IDENTITY's", MIN_GAIN_OVER_IDENTITY),
						String.format(Locale.ROOT, "%.2fx", gain), gain >= MIN_GAIN_OVER_IDENTITY));
			});
			summary(KeyStrategy.SEQUENCE, threads).ifPresent((sequence) -> {
				checks.add(new Check(threads, "median throughput >= the pooled sequence's slowest run",
						String.format(Locale.ROOT, "%,.0f against %,.0f (median %,.0f)",
								snowflake.medianRowsPerSecond(), sequence.minRowsPerSecond(),
								sequence.medianRowsPerSecond()),
						snowflake.medianRowsPerSecond() >= sequence.minRowsPerSecond()));
				double difference = snowflake.indexBytes() / sequence.indexBytes() - 1;
				checks.add(new Check(threads,
						String.format(Locale.ROOT, "PK index within %.0f %% of the sequence's",
								MAX_INDEX_DIFFERENCE_FROM_SEQUENCE * 100),
						String.format(Locale.ROOT, "%+.1f %%", difference * 100),
						Math.abs(difference) <= MAX_INDEX_DIFFERENCE_FROM_SEQUENCE));
			});
			summary(KeyStrategy.UUID_V4, threads).ifPresent((uuid) -> {
				double ratio = snowflake.indexBytes() / uuid.indexBytes();
				checks.add(new Check(threads,
						String.format(Locale.ROOT, "PK index <= %.0f %% of UUIDv4's", MAX_INDEX_RATIO_TO_UUID_V4 * 100),
						String.format(Locale.ROOT, "%.1f %%", ratio * 100), ratio <= MAX_INDEX_RATIO_TO_UUID_V4));
			});
		}
		checks.sort(Comparator.comparingInt(Check::threads));
		return checks;
	}

	/** The checks as a Markdown table. */
	String checkTable() {
		StringBuilder table = new StringBuilder(
				"| threads | `@GeneratedSnowflakeId` target | measured | result |\n" + "|---:|---|---|---|\n");
		for (Check check : checks()) {
			table.append(String.format(Locale.ROOT, "| %d | %s | %s | %s |%n", check.threads(), check.target(),
					check.measured(), check.passed() ? "PASS" : "FAIL"));
		}
		return table.toString();
	}

	/**
	 * Min, median and max over the runs of one strategy and thread count.
	 *
	 * @param runs number of runs
	 * @param minRowsPerSecond slowest run
	 * @param medianRowsPerSecond median run
	 * @param maxRowsPerSecond fastest run
	 * @param indexBytes median primary-key index size
	 * @param tableBytes median table size
	 */
	record Summary(int runs, double minRowsPerSecond, double medianRowsPerSecond, double maxRowsPerSecond,
			double indexBytes, double tableBytes) {

	}

	/**
	 * One target at one thread count.
	 *
	 * @param threads inserting threads
	 * @param target what the generator must reach
	 * @param measured what it reached
	 * @param passed whether it reached the target
	 */
	record Check(int threads, String target, String measured, boolean passed) {

	}

}
