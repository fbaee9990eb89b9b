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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.SnowflakeWorker.SharedWorkers;
import dev.snowflakeid.lease.LeaseEvent.Type;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Difference;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Setting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * One generator per static code and region in a JVM: users with the same settings share
 * it (one tick and sequence), the last to leave stops it, its successor starts above the
 * last millisecond it used, and a user with other settings is refused naming the first
 * owner and each difference.
 */
class SharedWorkersTests {

	private static final Duration LEAD = Duration.ofSeconds(3);

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.defaults();

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	private final List<AutoCloseable> opened = new ArrayList<>();

	@TempDir
	Path directory;

	@BeforeEach
	@AfterEach
	void forgetMarks() {
		StaticCode.forgetMarks();
	}

	@AfterEach
	void closeLeftovers() throws Exception {
		for (int i = this.opened.size() - 1; i >= 0; i--) {
			this.opened.get(i).close();
		}
	}

	private StaticWorkerLeaseStore.Builder store(int code, Path stateFile) {
		return StaticWorkerLeaseStore.builder(code).stateFile(stateFile).ceilingLead(LEAD).clock(this.time);
	}

	private StaticWorkerLeaseStore share(int code, Path stateFile, String owner) {
		StaticWorkerLeaseStore store = store(code, stateFile).owner(owner).share();
		this.opened.add(store);
		return store;
	}

	private SharedWorkers.Builder worker(StaticWorkerLeaseStore store, String owner) {
		return SharedWorkers.builder(store, LAYOUT)
			.renewInterval(Duration.ofHours(1))
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.eventExecutor(Runnable::run)
			.owner(owner);
	}

	private SnowflakeWorker join(StaticWorkerLeaseStore store, String owner) {
		SnowflakeWorker worker = worker(store, owner).join();
		this.opened.add(worker);
		return worker;
	}

	private long timestamp(long id) {
		return LAYOUT.decode(id).timestamp().toEpochMilli();
	}

	@Test
	void usersWithTheSameSettingsShareOneGeneratorAndItsSequence() {
		SnowflakeWorker orders = join(share(1, null, "context 'orders'"), "context 'orders'");
		SnowflakeWorker billing = join(share(1, null, "context 'billing'"), "context 'billing'");
		assertThat(billing.generator()).isSameAs(orders.generator());
		assertThat(billing.keeper()).isSameAs(orders.keeper());
		this.time.freezeWall();
		long first = orders.generator().nextId();
		long second = billing.generator().nextId();
		assertThat(timestamp(second)).isEqualTo(timestamp(first));
		assertThat(second).as("the next sequence of the same tick, not sequence 0 again").isEqualTo(first + 1);
	}

	@Test
	void theGeneratorRunsUntilTheLastUserLeavesAndTheLastReceivesTheRelease() {
		List<String> events = new ArrayList<>();
		StaticWorkerLeaseStore ordersStore = share(1, null, "context 'orders'");
		SnowflakeWorker orders = worker(ordersStore, "context 'orders'")
			.listener((event) -> events.add("orders " + event.type()))
			.join();
		StaticWorkerLeaseStore billingStore = share(1, null, "context 'billing'");
		SnowflakeWorker billing = worker(billingStore, "context 'billing'")
			.listener((event) -> events.add("billing " + event.type()))
			.join();
		orders.close();
		orders.close();
		ordersStore.close();
		assertThat(billing.generator().isStopped()).isFalse();
		assertThat(billing.generator().nextId()).isPositive();
		billing.close();
		assertThat(billing.generator().isStopped()).isTrue();
		assertThat(events).containsExactly("orders " + Type.ACQUIRED, "billing " + Type.RELEASED);
		billingStore.close();
		// Code and region are free again: a store of its own may open them.
		store(1, null).build().close();
	}

	@Test
	void aSuccessorWithoutAStateFileStartsAboveTheLastTickItsPredecessorUsed() {
		Path stateFile = this.directory.resolve("worker.hwm");
		StaticWorkerLeaseStore firstStore = share(1, stateFile, "context 'one'");
		SnowflakeWorker first = join(firstStore, "context 'one'");
		long last = 0;
		for (int i = 0; i < 5000; i++) {
			last = first.generator().nextId();
		}
		first.close();
		firstStore.close();
		// The clock steps back across the restart: without the in-JVM mark the successor
		// would issue again.
		this.time.stepWall(Duration.ofMillis(-20));
		StaticWorkerLeaseStore secondStore = share(1, null, "context 'two'");
		assertThat(secondStore.claim(-1).floorMillis()).isEqualTo(timestamp(last));
		secondStore.close();
		this.opened.remove(secondStore);
		SnowflakeWorker second = join(share(1, null, "context 'two'"), "context 'two'");
		long next = second.generator().nextId();
		assertThat(timestamp(next)).isGreaterThan(timestamp(last));
		assertThat(next).isGreaterThan(last);
	}

	@Test
	void aSuccessorOnAStateFileNobodyUsedSinceStartsRightAboveTheLastUsedTickNotAboveTheCeiling() {
		Path stateFile = this.directory.resolve("worker.hwm");
		StaticWorkerLeaseStore firstStore = share(1, stateFile, "context 'one'");
		SnowflakeWorker first = join(firstStore, "context 'one'");
		long last = first.generator().nextId();
		long ceiling = first.keeper().currentLease().ceilingMillis();
		first.close();
		firstStore.close();
		long closedAt = this.time.millis();
		SnowflakeWorker second = join(share(1, stateFile, "context 'two'"), "context 'two'");
		long next = second.generator().nextId();
		assertThat(timestamp(next)).isGreaterThan(timestamp(last)).isLessThan(ceiling);
		assertThat(this.time.millis() - closedAt).as("waited no ceiling lead").isLessThan(100);
	}

	@Test
	void aSuccessorOnAStateFileAnotherOwnerRaisedStartsAboveTheFilesMark() throws Exception {
		Path stateFile = this.directory.resolve("worker.hwm");
		StaticWorkerLeaseStore firstStore = share(1, stateFile, "context 'one'");
		SnowflakeWorker first = join(firstStore, "context 'one'");
		first.generator().nextId();
		long ceiling = first.keeper().currentLease().ceilingMillis();
		first.close();
		firstStore.close();
		// Another process used the code meanwhile: it wrote a higher ceiling before
		// issuing.
		Files.writeString(stateFile, (ceiling + 1000) + "\n");
		StaticWorkerLeaseStore secondStore = share(1, stateFile, "context 'two'");
		assertThat(secondStore.claim(-1).floorMillis()).isEqualTo(ceiling + 1000);
	}

	@Test
	void aSecondStoreOfTheCodeAndRegionWithAnotherStateFileIsRefusedNamingTheFirstAndTheDifference() {
		Path ordersFile = this.directory.resolve("orders.hwm");
		Path billingFile = this.directory.resolve("billing.hwm");
		share(1, ordersFile, "context 'orders'");
		assertThatExceptionOfType(WorkerCodeInUseException.class)
			.isThrownBy(() -> store(1, billingFile).owner("context 'billing'").share())
			.withMessageStartingWith("static worker code 1, region 0, state file " + ordersFile
					+ ": already held in this JVM by context 'orders', since ")
			.withMessageEndingWith(
					" with other settings (state file " + ordersFile + " there, " + billingFile + " here)")
			.satisfies((ex) -> assertThat(ex.differences())
				.containsExactly(new Difference(Setting.STATE_FILE, ordersFile.toString(), billingFile.toString())));
		assertThatExceptionOfType(WorkerCodeInUseException.class)
			.isThrownBy(() -> store(1, null).owner("context 'billing'").share())
			.satisfies((ex) -> assertThat(ex.differences())
				.containsExactly(new Difference(Setting.STATE_FILE, ordersFile.toString(), "none")));
		assertThatExceptionOfType(WorkerCodeInUseException.class).as("a store of its own never joins")
			.isThrownBy(() -> store(1, ordersFile).owner("context 'billing'").build())
			.satisfies((ex) -> assertThat(ex.differences()).isEmpty());
		assertThat(billingFile).doesNotExist();
		store(1, billingFile).region(1).build().close();
	}

	@Test
	void aUserWithAnotherLayoutOrClockSettingIsRefusedNamingEachDifference() {
		join(share(1, null, "context 'orders'"), "context 'orders'");
		SnowflakeLayout otherTick = SnowflakeLayout.builder().tick(Duration.ofMillis(10)).build();
		StaticWorkerLeaseStore billing = share(1, null, "context 'billing'");
		assertThatExceptionOfType(WorkerCodeInUseException.class)
			.isThrownBy(() -> SharedWorkers.builder(billing, otherTick)
				.renewInterval(Duration.ofHours(1))
				.borrowAhead(Duration.ofMillis(500))
				.owner("context 'billing'")
				.join())
			.withMessageStartingWith("static worker code 1, region 0, no state file: already held in this JVM by "
					+ "context 'orders', since ")
			.withMessageContaining(" with other settings (tick PT0.001S there, PT0.01S here; ")
			.satisfies((ex) -> assertThat(ex.differences()).extracting(Difference::setting)
				.containsExactly(Setting.TICK, Setting.BORROW_AHEAD));
	}

	@Test
	void handlesOfOneStoreServeOneGrantAtATime() {
		StaticWorkerLeaseStore one = share(1, null, "context 'one'");
		StaticWorkerLeaseStore two = share(1, null, "context 'two'");
		LeaseGrant grant = one.claim(-1);
		assertThatExceptionOfType(WorkerCodeInUseException.class).isThrownBy(() -> two.claim(-1))
			.withMessageContaining("already held in this JVM by context 'one', since ")
			.withMessageContaining("whose generator uses it");
		one.release(grant, Long.MIN_VALUE);
		assertThat(two.claim(-1).workerCode()).isEqualTo(1);
	}

}
