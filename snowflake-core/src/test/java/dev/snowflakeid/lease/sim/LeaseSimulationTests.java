package dev.snowflakeid.lease.sim;

import java.util.List;
import java.util.Objects;
import java.util.Set;
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
	 * Each caught rule is caught within a few hundred schedules (in the first 1,000 schedules: V1_CEILINGS 21
	 * times, RENEW_WITHOUT_FLOOR0 37, RENEW_FLOOR_IGNORES_MARKS 14, NO_REPLICA_CHECKS 8). The schedule mix
	 * does not yet reach LINEAGE_RUN_ID_ONLY, NO_CLOCK_CHECK, NO_ROLE_CHECK and NO_WAIT (see the README).
	 */
	private static final long MUTATION_BUDGET = 5_000;

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
		assertThat(failures).as("schedules that issued a duplicate").isEmpty();
		assertThat(ids).as("IDs issued and checked").isGreaterThan(SCHEDULES * 50);
	}

	@Test
	void aReplayedSeedRunsTheSameSchedule() {
		assertThat(LeaseSimulation.run(FIRST_SEED, Set.of())).isEqualTo(LeaseSimulation.run(FIRST_SEED, Set.of()));
	}

	@ParameterizedTest
	@EnumSource(names = { "V1_CEILINGS", "RENEW_WITHOUT_FLOOR0", "RENEW_FLOOR_IGNORES_MARKS", "NO_REPLICA_CHECKS" })
	void everyKnownBadRuleIsCaught(Mutation mutation) {
		LeaseSimulation.Result caught = LongStream.range(FIRST_SEED, FIRST_SEED + MUTATION_BUDGET)
			.parallel()
			.mapToObj((seed) -> LeaseSimulation.run(seed, Set.of(mutation)))
			.filter((result) -> !result.ok())
			.findAny()
			.orElse(null);
		assertThat(caught).as("a schedule that exposes " + mutation).isNotNull();
		System.out.println(mutation + " caught: " + caught.failure().lines().findFirst().orElse(""));
	}

}
