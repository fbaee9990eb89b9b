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
import dev.snowflakeid.lease.LeaseEvent.Type;
import dev.snowflakeid.lease.WorkerLeaseException.StateFileException;
import dev.snowflakeid.lease.WorkerLeaseException.StateFileException.Reason;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The static allocator's state file: one owner at a time, and every file that cannot be
 * trusted refused at construction with its own exception, before any ID. Another process
 * holding the lock is covered by a real-process test in the auto-configuration module.
 */
class StateFileTests {

	// Another test's code in this JVM leaves its mark, which would be this test's floor.
	@BeforeEach
	void forgetMarks() {
		StaticCode.forgetMarks();
	}

	private static final Duration LEAD = Duration.ofSeconds(3);

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	@TempDir
	Path directory;

	private StaticWorkerLeaseStore.Builder store(int code, Path file) {
		return StaticWorkerLeaseStore.builder(code).stateFile(file).ceilingLead(LEAD).clock(this.time);
	}

	@Test
	void theLockFileNamesTheHolderUntilClose() throws IOException {
		Path file = this.directory.resolve("worker.hwm");
		Path lock = this.directory.resolve("worker.hwm.lock");
		StaticWorkerLeaseStore store = store(3, file).owner("application 'orders'").build();
		assertThat(Files.readString(lock))
			.startsWith("process " + ProcessHandle.current().pid() + " (application 'orders', since ");
		LeaseGrant grant = store.claim(-1);
		store.close();
		assertThat(Files.readString(lock)).isEmpty();
		this.time.advance(Duration.ofSeconds(1));
		assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(() -> store.renew(grant))
			.withMessage("worker state file " + file + " is closed");
		assertThat(Files.readString(file).strip()).isEqualTo(Long.toString(grant.ceilingMillis()));
		store.close();
	}

	@Test
	void aSecondOwnerOfTheFileInThisJvmIsRefusedNamingTheFirstUntilItCloses() {
		Path file = this.directory.resolve("worker.hwm");
		StaticWorkerLeaseStore first = store(3, file).owner("application 'orders'").build();
		assertThatExceptionOfType(WorkerCodeInUseException.class)
			.isThrownBy(() -> store(3, file).owner("application 'billing'").build())
			.withMessageStartingWith("static worker code 3, region 0, state file " + file
					+ ": already held in this JVM by application 'orders', since ")
			.satisfies((ex) -> assertThat(ex.domain()).isEqualTo(first.domain()));
		assertThatExceptionOfType(StateFileException.class)
			.isThrownBy(() -> store(4, file).owner("application 'billing'").build())
			.withMessageStartingWith(
					"worker state file " + file + " is in use by this JVM (application 'orders', since ")
			.withMessageEndingWith("(lock " + file + ".lock)")
			.satisfies((ex) -> assertThat(ex.file()).isEqualTo(file))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.LOCKED));
		first.close();
		store(4, file).build().close();
	}

	@Test
	void aLinkToALockedFileIsRefusedToo() throws IOException {
		Path file = this.directory.resolve("data/worker.hwm");
		Path link = Files.createSymbolicLink(this.directory.resolve("link"), Files.createDirectories(file.getParent()));
		try (StaticWorkerLeaseStore first = store(3, file).owner("application 'orders'").build()) {
			assertThatExceptionOfType(StateFileException.class)
				.isThrownBy(() -> store(4, link.resolve("worker.hwm")).build())
				.withMessageContaining("is in use by this JVM (application 'orders', since ")
				.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.LOCKED));
			first.claim(-1);
		}
	}

	@Test
	void aStaticCodeWithoutAStateFileHasOneOwnerPerRegionInThisJvm() {
		StaticWorkerLeaseStore first = StaticWorkerLeaseStore.builder(1).owner("context 'one'").build();
		assertThatExceptionOfType(WorkerCodeInUseException.class)
			.isThrownBy(() -> StaticWorkerLeaseStore.builder(1).owner("context 'two'").build())
			.withMessageStartingWith("static worker code 1, region 0, no state file: already held in this JVM by "
					+ "context 'one', since ")
			.satisfies((ex) -> assertThat(ex.holder()).startsWith("context 'one', since "));
		StaticWorkerLeaseStore.builder(1).region(1).build().close();
		StaticWorkerLeaseStore.builder(2).build().close();
		first.close();
		StaticWorkerLeaseStore.builder(1).build().close();
	}

	@Test
	void aMissingFileIsAFirstStartReportedToTheListenersNamingThePath() throws IOException {
		Path file = this.directory.resolve("volume/worker.hwm");
		List<LeaseEvent> events = new ArrayList<>();
		try (StaticWorkerLeaseStore store = store(3, file).build()) {
			WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(store)
				.wallClock(this.time)
				.monotonicClock(this.time)
				.parker(this.time)
				.scheduler(new ScheduledRounds((round, first, period) -> () -> {
				}))
				.eventExecutor(Runnable::run)
				.listener(events::add)
				.build();
			keeper.start();
			assertThat(events).extracting(LeaseEvent::type).containsExactly(Type.ACQUIRED, Type.STARTED_WITHOUT_MARK);
			assertThat(events.get(1).cause()).isInstanceOfSatisfying(StateFileException.class, (missing) -> {
				assertThat(missing.reason()).isEqualTo(Reason.MISSING);
				assertThat(missing.file()).isEqualTo(file);
			});
			assertThat(keeper.currentGrant().floorMillis()).isEqualTo(Long.MIN_VALUE);
			assertThat(Files.readString(file).strip()).isEqualTo(Long.toString(this.time.millis() + 3000));
			keeper.close();
			assertThat(events).extracting(LeaseEvent::type)
				.as("reported once")
				.containsOnlyOnce(Type.STARTED_WITHOUT_MARK);
		}
	}

	@Test
	void aMissingFileThatMustExistIsRefusedAndNothingIsCreated() {
		Path file = this.directory.resolve("unmounted/worker.hwm");
		assertThatExceptionOfType(StateFileException.class)
			.isThrownBy(() -> store(3, file).stateFileMustExist(true).build())
			.withMessage("worker state file " + file + " of worker code 3 does not exist")
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.MISSING));
		assertThat(file.getParent()).doesNotExist();
		store(3, file).build().close();
	}

	@Test
	void aCorruptFileIsRefusedNamingFileAndContent() throws IOException {
		Path file = Files.writeString(this.directory.resolve("worker.hwm"), "garbage\n");
		assertThatExceptionOfType(StateFileException.class).isThrownBy(() -> store(3, file).build())
			.withMessage("worker state file " + file + " does not hold a high-water mark (milliseconds since 1970) "
					+ "but 'garbage'")
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.CORRUPT));
		Files.writeString(file, "");
		assertThatExceptionOfType(StateFileException.class).isThrownBy(() -> store(3, file).build())
			.withMessageEndingWith("but ''")
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.CORRUPT));
		// A refused file leaves no lock behind.
		Files.writeString(file, "1796040000000\n");
		store(3, file).build().close();
	}

	@Test
	void aMarkNoClockCouldHaveWrittenIsOutOfRange() throws IOException {
		Path file = this.directory.resolve("worker.hwm");
		for (long mark : new long[] { Long.MAX_VALUE - 1000, StateFile.LATEST_MARK + 1, -5 }) {
			Files.writeString(file, mark + "\n");
			assertThatExceptionOfType(StateFileException.class).isThrownBy(() -> store(3, file).build())
				.withMessage("worker state file " + file + " holds the high-water mark " + mark
						+ ", which is not a time between 1970 and 9999 in milliseconds")
				.satisfies((ex) -> assertThat(ex.mark()).isEqualTo(mark))
				.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.OUT_OF_RANGE));
		}
		Files.writeString(file, StateFile.LATEST_MARK + "\n");
		try (StaticWorkerLeaseStore store = store(3, file).build()) {
			LeaseGrant grant = store.claim(-1);
			assertThat(grant.floorMillis()).isEqualTo(StateFile.LATEST_MARK);
			assertThat(grant.ceilingMillis()).isEqualTo(StateFile.LATEST_MARK + 3000);
		}
	}

	@Test
	void aFileThatCannotBeReadIsRefusedNamingIt() throws IOException {
		Path file = Files.createDirectories(this.directory.resolve("worker.hwm"));
		assertThatExceptionOfType(StateFileException.class).isThrownBy(() -> store(3, file).build())
			.withMessageStartingWith("cannot read worker state file " + file + ": ")
			.satisfies((ex) -> assertThat(ex.file()).isEqualTo(file))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.ACCESS));
	}

	@Test
	void aDirectoryThatCannotHoldTheLockFileIsRefusedNamingIt() throws IOException {
		Path notADirectory = Files.writeString(this.directory.resolve("plain"), "x");
		Path file = notADirectory.resolve("worker.hwm");
		assertThatExceptionOfType(StateFileException.class).isThrownBy(() -> store(3, file).build())
			.withMessageStartingWith("cannot create the lock file " + file + ".lock: ")
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.ACCESS));
	}

}
