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
import java.util.List;

import dev.snowflakeid.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class CheckerTests {

	private static final SnowflakeLayout LAYOUT = Campaign.LAYOUT;

	private static final long TICK = LAYOUT.tickAt(1_800_000_000_000L);

	private static final IdLog.Lease CODE_1 = new IdLog.Lease("ACQUIRED", 1, 1, LAYOUT.tickStartMillis(TICK) - 1,
			LAYOUT.tickEndMillis(TICK + 100));

	private static final IdLog.Lease CODE_2 = new IdLog.Lease("ACQUIRED", 2, 1, LAYOUT.tickStartMillis(TICK) - 1,
			LAYOUT.tickEndMillis(TICK + 100));

	@TempDir
	Path dir;

	private final long origin = System.nanoTime();

	@Test
	void distinctIncreasingIdsInsideTheirLeasesPass() {
		Path a = log("r0w0", 0, 0, CODE_1, id(0, 1, TICK, 0), id(0, 1, TICK, 1), id(0, 1, TICK + 1, 0));
		Path b = log("r0w1", 0, 0, CODE_2, id(0, 2, TICK, 0), id(0, 2, TICK + 100, 5));
		Checker.Result result = check(List.of(a, b), "r0w0", "r0w1");
		assertThat(result.passed()).isTrue();
		assertThat(result.ids()).isEqualTo(5);
		assertThat(result.slots().get("r0w0").ids()).isEqualTo(3);
	}

	@Test
	void theSameIdFromTwoProcessesIsADuplicateLocatedInBoth() {
		long shared = id(0, 1, TICK + 3, 7);
		Path a = log("r0w0", 0, 0, CODE_1, id(0, 1, TICK, 0), shared);
		Path b = log("r0w1", 0, 4, CODE_1, shared, id(0, 1, TICK + 4, 0));
		Checker.Result result = check(List.of(a, b), "r0w0", "r0w1");
		assertThat(result.passed()).isFalse();
		assertThat(result.duplicates()).isEqualTo(1);
		assertThat(result.violations()).filteredOn((violation) -> violation.rule().equals(Checker.DUPLICATE))
			.extracting(Checker.Violation::slot, Checker.Violation::incarnation, Checker.Violation::id)
			.containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("r0w0", 0, shared),
					org.assertj.core.groups.Tuple.tuple("r0w1", 4, shared));
	}

	@Test
	void anIdNotAboveTheOneBeforeItInTheSameProcessIsReported() {
		Path a = log("r0w0", 0, 0, CODE_1, id(0, 1, TICK + 2, 0), id(0, 1, TICK + 1, 0));
		Checker.Result result = check(List.of(a), "r0w0");
		assertThat(result.violationCounts()).containsOnlyKeys(Checker.NOT_INCREASING);
	}

	@Test
	void anIdOutsideEveryLeaseOfItsProcessIsReported() {
		Path a = log("r0w0", 0, 0, CODE_1, id(0, 1, TICK, 0), id(0, 2, TICK + 1, 0), id(0, 1, TICK + 101, 0),
				id(0, 1, TICK - 1 + 200, 0));
		Checker.Result result = check(List.of(a), "r0w0");
		assertThat(result.violationCounts()).containsEntry(Checker.OUTSIDE_LEASE, 3L).hasSize(1);
	}

	@Test
	void anIdAtTheLeaseFloorIsOutsideTheLease() {
		IdLog.Lease floorAtTick = new IdLog.Lease("REACQUIRED", 1, 2, LAYOUT.tickStartMillis(TICK),
				LAYOUT.tickEndMillis(TICK + 10));
		Path a = log("r0w0", 0, 0, floorAtTick, id(0, 1, TICK, 0), id(0, 1, TICK + 1, 0));
		assertThat(check(List.of(a), "r0w0").violationCounts()).containsEntry(Checker.OUTSIDE_LEASE, 1L);
	}

	@Test
	void anIdOfAnotherRegionIsReported() {
		Path a = log("r1w0", 1, 0, CODE_1, id(0, 1, TICK, 0));
		assertThat(check(List.of(a), "r1w0").violationCounts()).containsOnlyKeys(Checker.WRONG_REGION);
	}

	@Test
	void aWorkerWithoutIdsFailsTheCampaign() {
		Path a = log("r0w0", 0, 0, CODE_1, id(0, 1, TICK, 0));
		Path b = log("r0w1", 0, 0, CODE_2);
		Checker.Result result = check(List.of(a, b), "r0w0", "r0w1", "r1w0");
		assertThat(result.violationCounts()).containsEntry(Checker.SILENT, 2L).hasSize(1);
	}

	private Checker.Result check(List<Path> logs, String... slots) {
		return new Checker(LAYOUT, this.origin, this.origin, System.nanoTime()).check(logs, List.of(slots));
	}

	private static long id(int region, int worker, long tick, int sequence) {
		return LAYOUT.encode(tick, region, worker, sequence);
	}

	private Path log(String slot, int region, int incarnation, IdLog.Lease lease, long... ids) {
		Path file = this.dir.resolve(slot + "-" + incarnation + ".bin");
		try (IdLog.Writer log = IdLog.create(file, new IdLog.Header(slot, region, incarnation, 1, System.nanoTime()))) {
			for (long id : ids) {
				log.ids(new long[] { id }, 1);
			}
			log.lease(lease);
		}
		return file;
	}

}
