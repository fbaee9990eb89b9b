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

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Seeded schedules of the lease protocol under faults (see {@link LeaseSimulation}),
 * against the Redis store's model and the JDBC store's ({@link StoreModel}). The default
 * run checks {@value #DEFAULT_SCHEDULES} schedules against each;
 * {@code -Dsnowflake.simulation.schedules=N} runs more and
 * {@code -Dsnowflake.simulation.seed=S} starts at another seed (a failure prints its
 * seed; run it with
 * {@code -Dsnowflake.simulation.seed=S -Dsnowflake.simulation.schedules=1} to replay it
 * exactly).
 *
 * <p>
 * Each known-bad rule ({@link Mutation}) is asserted, against each model that has it,
 * against what it breaks: a rule that breaks uniqueness must hand overlapping ranges to
 * two processes and, with the range check off, issue an ID twice; a rule that breaks
 * availability must leave a code held by nobody. The searches run seeds in blocks in
 * parallel and take the lowest failing seed, so the seeds they print (and the figures
 * below) are the same on every machine.
 */
class LeaseSimulationTests {

	static final int DEFAULT_SCHEDULES = 100_000;

	private static final long SCHEDULES = Long.getLong("snowflake.simulation.schedules", DEFAULT_SCHEDULES);

	private static final long FIRST_SEED = Long.getLong("snowflake.simulation.seed", 1);

	/**
	 * {@code -Dsnowflake.simulation.mutation=NAME} runs the known-bad rule tests for that
	 * rule alone.
	 */
	private static final String ONLY = System.getProperty("snowflake.simulation.mutation", "");

	/**
	 * {@code -Dsnowflake.simulation.store=JDBC} (or {@code REDIS}) runs the tests of that
	 * store's model alone.
	 */
	private static final String STORE = System.getProperty("snowflake.simulation.store", "");

	/**
	 * Schedules searched for a broken range. The first seed that hands overlapping
	 * ranges: RENEW_FLOOR_IGNORES_MARKS 1, RENEW_WITHOUT_FLOOR0 and V1_CEILINGS 2,
	 * NO_ROLE_CHECK 9, FORMAT_CHECKED_PER_REGION_ONLY 11, LINEAGE_ONLY_LOSS_CHECK 14,
	 * MINORITY_QUORUM 18, NO_CLOCK_CHECK 42, NO_WAIT and NO_REPLICA_CHECKS 70,
	 * CLAIMANT_OWN_QUARANTINE 294, NO_LINEAGE_CHECK 432, LINEAGE_RUN_ID_ONLY 574,
	 * CHAINED_REPLICA_UNCOUNTED 1,436. Against the JDBC model: RENEW_WITHOUT_FLOOR0,
	 * RENEW_FLOOR_IGNORES_MARKS and JDBC_MISSING_META_ROW_NOT_A_LOSS 1,
	 * JDBC_SIDE_BY_SIDE_IN_A_USED_REGION 4, JDBC_MISSING_ROWS_NOT_A_LOSS 5,
	 * JDBC_TIMELINE_IGNORED 6, NO_CLOCK_CHECK 10, FORMAT_CHECKED_PER_REGION_ONLY 11,
	 * JDBC_WITNESS_NOT_COMPARED 18, JDBC_TABLE_NAME_IGNORED 207.
	 */
	private static final long RANGE_BUDGET = 20_000;

	/**
	 * Schedules searched for an ID actually issued twice, with the range check off. The
	 * first seed that does: RENEW_FLOOR_IGNORES_MARKS 5, FORMAT_CHECKED_PER_REGION_ONLY
	 * 11, RENEW_WITHOUT_FLOOR0 16, NO_ROLE_CHECK 150, NO_REPLICA_CHECKS 155, V1_CEILINGS
	 * 220, NO_WAIT 231, NO_LINEAGE_CHECK 432, LINEAGE_ONLY_LOSS_CHECK 525, NO_CLOCK_CHECK
	 * 1,235, CLAIMANT_OWN_QUARANTINE 2,003, MINORITY_QUORUM 2,151, LINEAGE_RUN_ID_ONLY
	 * 3,942, CHAINED_REPLICA_UNCOUNTED 4,064. Against the JDBC model:
	 * JDBC_MISSING_ROWS_NOT_A_LOSS 5, JDBC_SIDE_BY_SIDE_IN_A_USED_REGION 10,
	 * RENEW_WITHOUT_FLOOR0 11, FORMAT_CHECKED_PER_REGION_ONLY 11,
	 * JDBC_WITNESS_NOT_COMPARED 18, JDBC_MISSING_META_ROW_NOT_A_LOSS 80,
	 * RENEW_FLOOR_IGNORES_MARKS 289, JDBC_TIMELINE_IGNORED 298, NO_CLOCK_CHECK 1,781,
	 * JDBC_TABLE_NAME_IGNORED 2,957.
	 */
	private static final long DUPLICATE_BUDGET = 30_000;

	/** Seeds run in parallel at a time while searching for the first failing one. */
	private static final long BLOCK = 256;

	@ParameterizedTest
	@EnumSource(StoreModel.class)
	void noScheduleIssuesADuplicateOrAnIdOutsideItsGrantedRange(StoreModel store) {
		assumeTrue(STORE.isEmpty() || STORE.equals(store.name()));
		long started = System.nanoTime();
		List<LeaseSimulation.Result> results = LongStream.range(FIRST_SEED, FIRST_SEED + SCHEDULES)
			.parallel()
			.mapToObj((seed) -> LeaseSimulation.run(store, seed, Set.of()))
			.toList();
		List<String> failures = results.stream().map(LeaseSimulation.Result::failure).filter(Objects::nonNull).toList();
		long ids = results.stream().mapToLong(LeaseSimulation.Result::ids).sum();
		long faults = results.stream().mapToLong(LeaseSimulation.Result::faults).sum();
		long mismatches = results.stream().mapToLong(LeaseSimulation.Result::mismatches).sum();
		System.out.printf(
				"lease simulation (%s): %d schedules, %d IDs checked, %d faults, %d starts refused by the format "
						+ "record, %d s%n",
				store, SCHEDULES, ids, faults, mismatches, (System.nanoTime() - started) / 1_000_000_000);
		Map<String, Long> events = new TreeMap<>();
		results.forEach((result) -> result.events().forEach((event, count) -> events.merge(event, count, Long::sum)));
		System.out.println("lease simulation events (" + store + "): " + events);
		assertThat(failures).as("schedules that issued a duplicate or overlapping ranges").isEmpty();
		assertThat(ids).as("IDs issued and checked").isGreaterThan(SCHEDULES * 50);
		// schedules without faults would check only the quiet path
		assertThat(faults).as("faults injected").isGreaterThanOrEqualTo(SCHEDULES);
		assertThat(mismatches).as("starts refused by the format record").isPositive();
		// claim 12 lets a side-by-side format into a region of its own
		assertThat(events.get("side by side: instances started")).as("side-by-side instances started").isPositive();
	}

	@ParameterizedTest
	@EnumSource(StoreModel.class)
	void aReplayedSeedRunsTheSameSchedule(StoreModel store) {
		assertThat(LeaseSimulation.run(store, FIRST_SEED, Set.of()))
			.isEqualTo(LeaseSimulation.run(store, FIRST_SEED, Set.of()));
	}

	/**
	 * Schedules searched for a code held by nobody, with the known-bad rules that break
	 * availability: the first seed where NO_RELEASE_OF_REFUSED_CLAIMS leaves one is 15.
	 */
	private static final long AVAILABILITY_BUDGET = 20_000;

	@ParameterizedTest
	@MethodSource("uniquenessRules")
	void everyKnownBadRuleHandsOverlappingRangesToTwoProcesses(StoreModel store, Mutation mutation) {
		LeaseSimulation.Result caught = firstFailure(RANGE_BUDGET,
				(seed) -> LeaseSimulation.run(store, seed, Set.of(mutation)));
		System.out.println(store + " " + mutation + " caught: " + caught.failure().lines().findFirst().orElse(""));
		assertThat(caught.failure()).contains("overlaps");
	}

	@ParameterizedTest
	@MethodSource("uniquenessRules")
	void everyKnownBadRuleIssuesADuplicateId(StoreModel store, Mutation mutation) {
		LeaseSimulation.Result caught = firstFailure(DUPLICATE_BUDGET,
				(seed) -> LeaseSimulation.runCheckingIdsOnly(store, seed, Set.of(mutation)));
		System.out.println(store + " " + mutation + " duplicate: " + caught.failure().lines().findFirst().orElse(""));
		assertThat(caught.failure()).containsAnyOf("duplicate ID", "both issue sequence 0");
	}

	@ParameterizedTest
	@EnumSource(names = "NO_RELEASE_OF_REFUSED_CLAIMS")
	void everyKnownBadRuleOnAvailabilityLeavesACodeHeldByNobody(Mutation mutation) {
		assumeTrue(ONLY.isEmpty() || ONLY.equals(mutation.name()));
		assumeTrue(STORE.isEmpty() || STORE.equals(StoreModel.REDIS.name()));
		assertThat(mutation.availability()).isTrue();
		LeaseSimulation.Result caught = firstFailure(AVAILABILITY_BUDGET,
				(seed) -> LeaseSimulation.run(seed, Set.of(mutation)));
		System.out.println(mutation + " caught: " + caught.failure().lines().findFirst().orElse(""));
		assertThat(caught.failure()).contains("availability: ");
	}

	/** Each rule that breaks uniqueness, with each store model that has it. */
	static Stream<Arguments> uniquenessRules() {
		return Stream.of(StoreModel.values())
			.filter((store) -> STORE.isEmpty() || STORE.equals(store.name()))
			.flatMap((store) -> Stream.of(Mutation.values())
				.filter((mutation) -> mutation.appliesTo(store) && !mutation.availability()
						&& (ONLY.isEmpty() || ONLY.equals(mutation.name())))
				.map((mutation) -> Arguments.of(store, mutation)));
	}

	/**
	 * The first failing seed: seeds run in parallel in blocks, and the lowest failing one
	 * of a block is taken.
	 */
	private static LeaseSimulation.Result firstFailure(long budget, LongFunction<LeaseSimulation.Result> schedule) {
		LeaseSimulation.Result caught = null;
		for (long block = FIRST_SEED; caught == null && block < FIRST_SEED + budget; block += BLOCK) {
			caught = LongStream.range(block, Math.min(block + BLOCK, FIRST_SEED + budget))
				.parallel()
				.mapToObj(schedule)
				.filter((result) -> !result.ok())
				.min(Comparator.comparingLong(LeaseSimulation.Result::seed))
				.orElse(null);
		}
		assertThat(caught).as("a failing schedule within " + budget).isNotNull();
		return caught;
	}

}
