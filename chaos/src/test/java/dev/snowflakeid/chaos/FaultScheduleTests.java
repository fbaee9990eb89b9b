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

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FaultScheduleTests {

	private static final List<String> WORKERS = List.of("r0w0", "r0w1", "r0w2", "r1w0", "r1w1", "r1w2");

	private static final List<String> REDISES = List.of("redis0", "redis1");

	private static final List<FaultKind> REDIS = Store.REDIS.kinds();

	private static final List<String> POSTGRES = List.of("postgres0", "postgres1");

	private static final long THIRTY_MINUTES = 30 * 60_000;

	@Test
	void sameSeedGivesTheSameScheduleAndAnotherSeedAnotherOne() {
		List<Fault> first = FaultSchedule.generate(17, THIRTY_MINUTES, 4_000, REDIS, WORKERS, REDISES);
		assertThat(FaultSchedule.generate(17, THIRTY_MINUTES, 4_000, REDIS, WORKERS, REDISES)).isEqualTo(first);
		assertThat(FaultSchedule.generate(18, THIRTY_MINUTES, 4_000, REDIS, WORKERS, REDISES)).isNotEqualTo(first);
	}

	@Test
	void everyFaultLiesBetweenTheWarmUpAndTheQuietTailWithinItsKindsBounds() {
		long length = 120_000;
		long meanGap = 2_000;
		// starts arrive on average once per mean gap between the warm-up and the quiet
		// tail; a few are
		// dropped when every target's lane is busy, far fewer than half
		long expected = (length - FaultSchedule.WARM_UP_MILLIS - FaultSchedule.QUIET_TAIL_MILLIS) / meanGap;
		for (long seed = 0; seed < 50; seed++) {
			List<Fault> faults = FaultSchedule.generate(seed, length, meanGap, REDIS, WORKERS, REDISES);
			assertThat(faults).as("faults drawn from seed %d", seed).hasSizeGreaterThanOrEqualTo((int) expected / 2);
			for (Fault fault : faults) {
				assertThat(fault.atMillis()).isGreaterThanOrEqualTo(FaultSchedule.WARM_UP_MILLIS);
				assertThat(fault.endMillis()).isLessThanOrEqualTo(length - FaultSchedule.QUIET_TAIL_MILLIS);
				assertThat(fault.durationMillis()).isLessThanOrEqualTo(fault.kind().maxMillis());
				assertThat(fault.target()).isIn((fault.kind().target() == FaultKind.Target.WORKER) ? WORKERS : REDISES);
				if (fault.kind() == FaultKind.CLOCK_STEP) {
					assertThat(Math.abs(fault.stepMillis())).isBetween(1L, FaultSchedule.MAX_STEP_MILLIS);
				}
				else {
					assertThat(fault.stepMillis()).isZero();
				}
			}
		}
	}

	@Test
	void oneLaneOfOneTargetCarriesOneFaultAtATime() {
		List<Fault> faults = FaultSchedule.generate(5, THIRTY_MINUTES, 1_000, REDIS, WORKERS, REDISES);
		Map<String, Long> busyUntil = new HashMap<>();
		for (Fault fault : faults) {
			String lane = fault.kind().lane() + "/" + fault.target();
			assertThat(fault.atMillis()).as("%s overlaps the previous fault in its lane", fault.describe())
				.isGreaterThan(busyUntil.getOrDefault(lane, Long.MIN_VALUE));
			busyUntil.put(lane, fault.endMillis());
		}
	}

	@Test
	void aLongCampaignInjectsEveryKindWithFaultsOverlapping() {
		List<Fault> faults = FaultSchedule.generate(17, THIRTY_MINUTES, 4_000, REDIS, WORKERS, REDISES);
		Set<FaultKind> kinds = EnumSet.noneOf(FaultKind.class);
		int overlapping = 0;
		for (int i = 0; i < faults.size(); i++) {
			kinds.add(faults.get(i).kind());
			if (i > 0 && faults.get(i).atMillis() < faults.get(i - 1).endMillis()) {
				overlapping++;
			}
		}
		assertThat(kinds).containsExactlyInAnyOrderElementsOf(REDIS);
		assertThat(faults.size()).isBetween(300, 600);
		assertThat(overlapping).isGreaterThan(20);
		assertThat(faults).anySatisfy((fault) -> assertThat(fault.stepMillis()).isNegative())
			.anySatisfy((fault) -> assertThat(fault.stepMillis()).isPositive())
			.anySatisfy((fault) -> assertThat(fault.durationMillis()).isGreaterThan(10_000));
	}

	@Test
	void aJdbcCampaignInjectsEveryWorkerAndPostgreSqlFaultAndNoRedisFault() {
		List<Fault> faults = FaultSchedule.generate(17, 10 * 60_000, 4_000, Store.JDBC.kinds(), WORKERS, POSTGRES);
		Set<FaultKind> kinds = EnumSet.noneOf(FaultKind.class);
		for (Fault fault : faults) {
			kinds.add(fault.kind());
			assertThat(fault.target()).isIn((fault.kind().target() == FaultKind.Target.WORKER) ? WORKERS : POSTGRES);
		}
		assertThat(kinds).containsExactlyInAnyOrderElementsOf(Store.JDBC.kinds());
		assertThat(kinds).noneMatch((kind) -> kind.target() == FaultKind.Target.REDIS);
		// pauses of the database reach past the default outage tolerance (10 s)
		assertThat(faults).anySatisfy((fault) -> {
			assertThat(fault.kind()).isEqualTo(FaultKind.POSTGRES_PAUSE);
			assertThat(fault.durationMillis()).isGreaterThan(10_000);
		});
	}

	@Test
	void theRedisScheduleOfASeedIsTheOneItWasBeforeThePostgreSqlFaults() {
		// the order and weights pick() walks: a seed's Redis campaign stays reproducible
		assertThat(REDIS).containsExactly(FaultKind.WORKER_PAUSE, FaultKind.WORKER_KILL, FaultKind.WORKER_RESTART,
				FaultKind.NETWORK_STALL, FaultKind.NETWORK_DROP, FaultKind.CLOCK_STEP, FaultKind.LOAD_SPIKE,
				FaultKind.REDIS_PAUSE, FaultKind.REDIS_KILL, FaultKind.REDIS_WIPE, FaultKind.REDIS_FLUSHALL);
		// the first faults of chaos/results/seed-17-30min.md
		List<Fault> faults = FaultSchedule.generate(17, THIRTY_MINUTES, 4_000, REDIS, WORKERS, REDISES);
		assertThat(faults.subList(0, 5)).extracting(Fault::describe)
			.containsExactly("CLOCK_STEP r1w1 +4557 ms for 3915 ms", "CLOCK_STEP r1w0 +405 ms for 4089 ms",
					"REDIS_PAUSE redis1 for 3130 ms", "WORKER_PAUSE r0w1 for 6022 ms", "REDIS_KILL redis0 for 820 ms");
	}

}
