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
package dev.snowflakeid.lease;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.WorkerLeaseException.ClockBehindException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StaticWorkerLeaseStoreTests {

	// Another test's code in this JVM leaves its mark, which would be this test's floor.
	@BeforeEach
	void forgetMarks() {
		StaticCode.forgetMarks();
	}

	private static final Duration LEAD = Duration.ofSeconds(3);

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	@TempDir
	Path directory;

	private WorkerLeaseKeeper keeper(StaticWorkerLeaseStore store) {
		return WorkerLeaseKeeper.builder(store)
			.renewInterval(Duration.ofHours(1))
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.build();
	}

	@Test
	void withoutAStateFileTheCodeHasNoFloorCeilingOrDeadline() {
		try (StaticWorkerLeaseStore store = new StaticWorkerLeaseStore(12, null, LEAD, this.time)) {
			WorkerLeaseKeeper keeper = keeper(store);
			keeper.start();
			WorkerLease lease = keeper.currentLease();
			assertThat(lease.workerCode()).isEqualTo(12);
			assertThat(lease.floorMillis()).isEqualTo(Long.MIN_VALUE);
			assertThat(lease.ceilingMillis()).isEqualTo(Long.MAX_VALUE);
			assertThat(lease.renewable()).isFalse();
			keeper.close();
		}
	}

	@Test
	void aClaimAfterAReleaseStartsAboveWhatTheReleasedGrantUsed() {
		try (StaticWorkerLeaseStore store = new StaticWorkerLeaseStore(12, null, LEAD, this.time)) {
			LeaseGrant first = store.claim(-1);
			store.release(first, this.time.millis() + 5);
			LeaseGrant second = store.claim(-1);
			assertThat(second.floorMillis()).isEqualTo(this.time.millis() + 5);
			assertThat(second.token()).isNotEqualTo(first.token());
		}
	}

	@Test
	void everyCeilingIsWrittenToTheFileBeforeItIsUsed() throws IOException {
		Path file = this.directory.resolve("state/worker-12.hwm");
		StaticWorkerLeaseStore store = new StaticWorkerLeaseStore(12, file, LEAD, this.time);
		// What the file holds at the moment the store hands a ceiling to the keeper,
		// which publishes it only then.
		List<String> handedOut = new ArrayList<>();
		WorkerLeaseStore watched = new WorkerLeaseStore() {

			@Override
			public LeaseGrant claim(int preferredCode) {
				LeaseGrant grant = store.claim(preferredCode);
				handedOut.add(grant.ceilingMillis() + " with " + mark(file) + " in the file");
				return grant;
			}

			@Override
			public LeaseRenewal renew(LeaseGrant grant) {
				LeaseRenewal renewal = store.renew(grant);
				handedOut.add(renewal.ceilingMillis() + " with " + mark(file) + " in the file");
				return renewal;
			}

			@Override
			public void release(LeaseGrant grant, long lastUsedMillis) {
				store.release(grant, lastUsedMillis);
			}

			@Override
			public String name() {
				return store.name();
			}

		};
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(watched)
			.renewInterval(Duration.ofHours(1))
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.build();
		keeper.start();
		long first = keeper.currentLease().ceilingMillis();
		assertThat(first).isEqualTo(this.time.millis() + 3000);
		this.time.advance(Duration.ofSeconds(2));
		keeper.renewNow();
		long second = keeper.currentLease().ceilingMillis();
		assertThat(second).isEqualTo(this.time.millis() + 3000);
		assertThat(handedOut).containsExactly(first + " with " + first + " in the file",
				second + " with " + second + " in the file");
		assertThat(Files.list(file.getParent())).containsExactlyInAnyOrder(file, lockFile(file));
		keeper.close();
		store.close();
	}

	private static String mark(Path file) {
		try {
			return Files.readString(file).trim();
		}
		catch (IOException ex) {
			return "nothing (" + ex + ")";
		}
	}

	@Test
	void aRestartWithTheClockBehindTheMarkWaitsWithinTheBudgetAndIssuesAboveIt() {
		Path file = this.directory.resolve("worker.hwm");
		StaticWorkerLeaseStore firstStore = new StaticWorkerLeaseStore(3, file, LEAD, this.time);
		WorkerLeaseKeeper first = keeper(firstStore);
		first.start();
		SnowflakeIdGenerator ids = generator(first);
		long lastBefore = ids.nextId();
		long mark = first.currentLease().ceilingMillis();
		first.close(ids.stop());
		firstStore.close();
		// A restart of the process: only the file remembers the code.
		StaticCode.forgetMarks();
		this.time.stepWall(Duration.ofMillis(-300));
		try (StaticWorkerLeaseStore secondStore = new StaticWorkerLeaseStore(3, file, LEAD, this.time)) {
			WorkerLeaseKeeper second = keeper(secondStore);
			second.start();
			assertThat(this.time.millis()).isGreaterThan(mark);
			long firstAfter = generator(second).nextId();
			assertThat(firstAfter).isGreaterThan(lastBefore);
			assertThat(SnowflakeLayout.defaults().decode(firstAfter).timestamp().toEpochMilli()).isGreaterThan(mark);
			second.close();
		}
	}

	@Test
	void aRestartWithTheClockFarBehindTheMarkRefuses() {
		Path file = this.directory.resolve("worker.hwm");
		try (StaticWorkerLeaseStore store = new StaticWorkerLeaseStore(3, file, LEAD, this.time)) {
			WorkerLeaseKeeper first = keeper(store);
			first.start();
			first.close();
		}
		// A restart of the process, further behind than the default startup wait budget.
		StaticCode.forgetMarks();
		this.time.stepWall(WorkerLeaseKeeper.DEFAULT_STARTUP_WAIT_BUDGET.plusSeconds(10).negated());
		try (StaticWorkerLeaseStore store = new StaticWorkerLeaseStore(3, file, LEAD, this.time)) {
			WorkerLeaseKeeper second = keeper(store);
			assertThatThrownBy(second::start).isInstanceOf(ClockBehindException.class)
				.hasMessageContaining("behind the floor");
		}
	}

	@Test
	void theMarkNeverDecreases() throws IOException {
		Path file = this.directory.resolve("worker.hwm");
		try (StaticWorkerLeaseStore store = new StaticWorkerLeaseStore(3, file, LEAD, this.time)) {
			LeaseGrant grant = store.claim(-1);
			this.time.stepWall(Duration.ofSeconds(-10));
			assertThat(store.renew(grant).ceilingMillis()).isEqualTo(grant.ceilingMillis());
			store.release(grant, grant.floorMillis());
			assertThat(Files.readString(file).trim()).isEqualTo(Long.toString(grant.ceilingMillis()));
		}
	}

	private SnowflakeIdGenerator generator(WorkerLeaseKeeper keeper) {
		return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults())
			.leaseSource(keeper)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.build();
	}

	private static Path lockFile(Path file) {
		return file.resolveSibling(file.getFileName() + ".lock");
	}

}
