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
package dev.snowflakeid.lease.sim;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded schedules of the lease protocol under faults (see {@link LeaseSimulation}). The default run checks
 * {@value #DEFAULT_SCHEDULES} schedules; {@code -Dsnowflake.simulation.schedules=N} runs more and
 * {@code -Dsnowflake.simulation.seed=S} starts at another seed (a failure prints its seed; run it with
 * {@code -Dsnowflake.simulation.seed=S -Dsnowflake.simulation.schedules=1} to replay it exactly).
 */
class LeaseSimulationTests {

	static final int DEFAULT_SCHEDULES = 100_000;

	private static final long SCHEDULES = Long.getLong("snowflake.simulation.schedules", DEFAULT_SCHEDULES);

	private static final long FIRST_SEED = Long.getLong("snowflake.simulation.seed", 1);

	/**
	 * Schedules searched for a broken range: in seeds 1 to 5,000 the checker catches CHAINED_REPLICA_UNCOUNTED 4
	 * times, LINEAGE_RUN_ID_ONLY 6, NO_LINEAGE_CHECK 14, MINORITY_QUORUM 24; in seeds 1 to 2,000 NO_WAIT 29,
	 * NO_CLOCK_CHECK 79, NO_REPLICA_CHECKS 130, NO_ROLE_CHECK 147, V1_CEILINGS 620, RENEW_WITHOUT_FLOOR0 1,003 and
	 * RENEW_FLOOR_IGNORES_MARKS 1,032.
	 */
	private static final long RANGE_BUDGET = 20_000;

	/**
	 * Schedules searched for an ID actually issued twice, with the range check off: in seeds 1 to 30,000,
	 * CHAINED_REPLICA_UNCOUNTED once (seed 3,043), LINEAGE_RUN_ID_ONLY twice, NO_LINEAGE_CHECK 3 times,
	 * MINORITY_QUORUM 15; in seeds 1 to 5,000 NO_WAIT 7, NO_CLOCK_CHECK 9, NO_REPLICA_CHECKS 42, NO_ROLE_CHECK 44,
	 * V1_CEILINGS 110, RENEW_FLOOR_IGNORES_MARKS 148 and RENEW_WITHOUT_FLOOR0 400.
	 */
	private static final long DUPLICATE_BUDGET = 30_000;

	@Test
	void noScheduleIssuesADuplicateOrAnIdOutsideItsGrantedRange() {
		long started = System.nanoTime();
		List<LeaseSimulation.Result> results = LongStream.range(FIRST_SEED, FIRST_SEED + SCHEDULES)
			.parallel()
			.mapToObj((seed) -> LeaseSimulation.run(seed, Set.of()))
			.toList();
		List<String> failures = results.stream().map(LeaseSimulation.Result::failure).filter(Objects::nonNull).toList();
		long ids = results.stream().mapToLong(LeaseSimulation.Result::ids).sum();
		long faults = results.stream().mapToLong(LeaseSimulation.Result::faults).sum();
		System.out.printf("lease simulation: %d schedules, %d IDs checked, %d faults, %d s%n", SCHEDULES, ids, faults,
				(System.nanoTime() - started) / 1_000_000_000);
		assertThat(failures).as("schedules that issued a duplicate or overlapping ranges").isEmpty();
		assertThat(ids).as("IDs issued and checked").isGreaterThan(SCHEDULES * 50);
	}

	@Test
	void aReplayedSeedRunsTheSameSchedule() {
		assertThat(LeaseSimulation.run(FIRST_SEED, Set.of())).isEqualTo(LeaseSimulation.run(FIRST_SEED, Set.of()));
	}

	@ParameterizedTest
	@EnumSource
	void everyKnownBadRuleHandsOverlappingRangesToTwoProcesses(Mutation mutation) {
		LeaseSimulation.Result caught = firstFailure(RANGE_BUDGET, (seed) -> LeaseSimulation.run(seed, Set.of(mutation)));
		System.out.println(mutation + " caught: " + caught.failure().lines().findFirst().orElse(""));
		assertThat(caught.failure()).contains("overlaps");
	}

	@ParameterizedTest
	@EnumSource
	void everyKnownBadRuleIssuesADuplicateId(Mutation mutation) {
		LeaseSimulation.Result caught = firstFailure(DUPLICATE_BUDGET,
				(seed) -> LeaseSimulation.runCheckingIdsOnly(seed, Set.of(mutation)));
		System.out.println(mutation + " duplicate: " + caught.failure().lines().findFirst().orElse(""));
		assertThat(caught.failure()).containsAnyOf("duplicate ID", "both issue sequence 0");
	}

	private static LeaseSimulation.Result firstFailure(long budget, LongFunction<LeaseSimulation.Result> schedule) {
		LeaseSimulation.Result caught = LongStream.range(FIRST_SEED, FIRST_SEED + budget)
			.parallel()
			.mapToObj(schedule)
			.filter((result) -> !result.ok())
			.findAny()
			.orElse(null);
		assertThat(caught).as("a failing schedule within " + budget).isNotNull();
		return caught;
	}

}
