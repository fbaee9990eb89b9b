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
import java.util.List;

import dev.snowflakeid.benchmarks.inserts.InsertReport.Check;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The insert benchmark's statistics and target checks, on made-up measurements: the
 * harness itself runs only by its script.
 */
class InsertReportTests {

	private static final long MIB = 1024 * 1024;

	@Test
	void summaryGivesMinMedianAndMaxOfTheRunsAndTheMedianSizes() {
		InsertReport report = new InsertReport(
				List.of(run(KeyStrategy.SEQUENCE, 1, 300, 22 * MIB), run(KeyStrategy.SEQUENCE, 1, 100, 20 * MIB),
						run(KeyStrategy.SEQUENCE, 1, 200, 21 * MIB), run(KeyStrategy.SEQUENCE, 4, 900, 30 * MIB)));
		InsertReport.Summary summary = report.summary(KeyStrategy.SEQUENCE, 1).orElseThrow();
		assertThat(summary.runs()).isEqualTo(3);
		assertThat(summary.minRowsPerSecond()).isEqualTo(100);
		assertThat(summary.medianRowsPerSecond()).isEqualTo(200);
		assertThat(summary.maxRowsPerSecond()).isEqualTo(300);
		assertThat(summary.indexBytes()).isEqualTo(21 * MIB);
		assertThat(report.summary(KeyStrategy.SNOWFLAKE, 1)).isEmpty();
		assertThat(report.table()).contains("| `SEQUENCE` pooled (50) | 1 | 3 | 100 | 200 | 300 | 21.0 MiB |")
			.contains("| `SEQUENCE` pooled (50) | 4 | 1 | 900 | 900 | 900 | 30.0 MiB |");
	}

	@Test
	void everyTargetPassesWhenTheGeneratorMeetsIt() {
		List<Measurement> runs = new ArrayList<>(peers());
		runs.add(run(KeyStrategy.SNOWFLAKE, 1, 30_000, 21 * MIB));
		assertThat(new InsertReport(runs).checks()).hasSize(4).allMatch(Check::passed);
	}

	@Test
	void eachTargetFailsWhenMissed() {
		List<Measurement> slow = new ArrayList<>(peers());
		slow.add(run(KeyStrategy.SNOWFLAKE, 1, 27_000, 21 * MIB));
		assertThat(failed(slow)).containsExactly("median throughput >= 3x IDENTITY's",
				"median throughput >= the pooled sequence's slowest run");
		List<Measurement> large = new ArrayList<>(peers());
		large.add(run(KeyStrategy.SNOWFLAKE, 1, 30_000, 24 * MIB));
		assertThat(failed(large)).containsExactly("PK index within 5 % of the sequence's",
				"PK index <= 60 % of UUIDv4's");
	}

	@Test
	void targetsWhosePeersDidNotRunAreLeftOut() {
		assertThat(new InsertReport(List.of(run(KeyStrategy.SNOWFLAKE, 1, 30_000, 21 * MIB))).checks()).isEmpty();
	}

	@Test
	void strategiesAreNamedAsOnTheCommandLine() {
		assertThat(KeyStrategy.parse("uuid-v7")).isEqualTo(KeyStrategy.UUID_V7);
		assertThat(KeyStrategy.SEQUENCE.table()).isEqualTo("sequence_row");
		assertThatIllegalArgumentException().isThrownBy(() -> KeyStrategy.parse("auto"))
			.withMessageContaining("snowflake");
	}

	/**
	 * IDENTITY at 9,500 rows/s, the sequence 28,000 to 29,000 rows/s, UUIDv4's index 38
	 * MiB.
	 */
	private static List<Measurement> peers() {
		return List.of(run(KeyStrategy.IDENTITY, 1, 9_500, 21 * MIB), run(KeyStrategy.SEQUENCE, 1, 28_000, 21 * MIB),
				run(KeyStrategy.SEQUENCE, 1, 29_000, 21 * MIB), run(KeyStrategy.UUID_V4, 1, 25_000, 38 * MIB));
	}

	private static List<String> failed(List<Measurement> runs) {
		return new InsertReport(runs).checks().stream().filter((check) -> !check.passed()).map(Check::target).toList();
	}

	private static Measurement run(KeyStrategy strategy, int threads, double rowsPerSecond, long indexBytes) {
		return new Measurement(strategy, threads, rowsPerSecond, indexBytes, 80 * MIB);
	}

}
