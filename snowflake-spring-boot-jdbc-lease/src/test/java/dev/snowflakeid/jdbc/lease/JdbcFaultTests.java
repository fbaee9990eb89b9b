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
package dev.snowflakeid.jdbc.lease;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.jdbc.lease.autoconfigure.SnowflakeJdbcLeaseAutoConfiguration;
import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.testsupport.FaultProxy;
import dev.snowflakeid.testsupport.IssuingLoad;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.PostgreSqlServer;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.ShiftedWallClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The JDBC store against real faults of real processes, each test on a PostgreSQL server
 * of its own ({@link PostgreSqlServer}): kill -9 of an application with
 * {@code allocator=jdbc} in a JVM of its own, started again afterwards, kill -9 of every
 * server process and a start with crash recovery under an application context, SIGSTOP of
 * the server past the outage tolerance, a {@code pg_dump} of the table restored with
 * {@code psql}, a point-in-time recovery from a base backup and the archived write-ahead
 * log, and the server's wall clock stepped back with libfaketime (beyond the allowed skew
 * and within it). Each test asserts that no ID was issued twice and bounds the time
 * without IDs, which it prints with the prefix {@code jdbc-fault figure:} (listed in
 * docs/fault-campaign.md#the-jdbc-store-under-real-faults).
 */
@RealProcesses
class JdbcFaultTests {

	/**
	 * O = 3 s, I = 250 ms, s = 300 ms, lateness (the command timeout) 300 ms: A = 3.5 s,
	 * B = 4.1 s, Q = 4.7 s.
	 */
	static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofMillis(250),
			Duration.ofMillis(300), Duration.ZERO, Duration.ofMillis(300));

	/**
	 * Longest call to a server that accepts connections but never answers, with a margin:
	 * the pool's check of an idle connection (the connect timeout, 2 s here) or a
	 * statement's socket timeout (the command timeout rounded up to seconds, plus 1 s).
	 * New connections are set up on the pool's own thread, so the driver's second attempt
	 * without TLS ({@code sslmode=prefer}) does not add to a call.
	 */
	private static final Duration STALLED_CALL = Duration.ofSeconds(4);

	/**
	 * For the point-in-time recovery: O = 6 s, so that the ceilings granted before it
	 * reach past the end of the recovery. A = 6.5 s, Q = 7.7 s.
	 */
	private static final LeaseTiming RECOVERY_TIMING = new LeaseTiming(Duration.ofSeconds(6), Duration.ofMillis(250),
			Duration.ofMillis(300), Duration.ZERO, Duration.ofMillis(300));

	private static final String RESTORE_POINT = "before_renewals";

	private static final Duration DEADLINE = Duration.ofSeconds(30);

	@TempDir
	Path dir;

	private PostgreSqlServer server;

	@AfterEach
	void stopServer() {
		PostgreSqlLeaseFixture.closePools();
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void anApplicationKilledWithSigkillIsSucceededAboveItsCeilingAndStartsAgain() throws IOException {
		String schema = startServer(Map.of());
		Path killedIds = this.dir.resolve("killed.ids");
		Path restartedIds = this.dir.resolve("restarted.ids");
		JavaProcess killed = application(schema, killedIds, "killed");
		JavaProcess restarted = null;
		try (LeaseWorker other = LeaseWorker.start(store(schema), TIMING, -1);
				IssuingLoad load = load("other", other::nextId)) {
			int code = Integer.parseInt(killed.awaitLine("HOLDS ", Duration.ofSeconds(90)).split(" ")[1]);
			awaitIds(killedIds, 2_000);
			load.resetLongestGaps();
			long killedAt = System.nanoTime();
			killed.kill();
			long mark = mark(schema, code);
			// the code is free once the killed holder's lease expired; the survivor
			// prefers it
			JdbcWorkerLeaseStore survivorStore = store(schema);
			int codes = PostgreSqlLeaseFixture.LAYOUT.maxWorkers();
			Polling.await("the killed holder's lease expiring", DEADLINE)
				.until(() -> survivorStore.availableCodes() == codes - 1);
			Set<Long> survivorIds = new HashSet<>();
			try (LeaseWorker survivor = LeaseWorker.start(survivorStore, TIMING, code)) {
				assertThat(survivor.lease().workerCode()).isEqualTo(code);
				assertThat(survivor.lease().floorMillis()).as("the survivor's floor against the holder's last mark")
					.isGreaterThanOrEqualTo(mark);
				survivorIds.add(awaitId(survivor));
				figure("kill -9 of an application: its code taken again after "
						+ Duration.ofNanos(System.nanoTime() - killedAt).toMillis() + " ms (lease ttl 5,000 ms), floor "
						+ (survivor.lease().floorMillis() - mark) + " ms above its mark; another instance's longest "
						+ "time without IDs " + load.longestGaps());
				// the application started again takes a free code
				long restartedAt = System.nanoTime();
				restarted = application(schema, restartedIds, "restarted");
				restarted.awaitLine("HOLDS ", Duration.ofSeconds(90));
				awaitIds(restartedIds, 1);
				figure("the killed application started again: first ID "
						+ Duration.ofNanos(System.nanoTime() - restartedAt).toMillis() + " ms after its JVM started");
				awaitIds(restartedIds, 2_000);
				for (int i = 0; i < 2_000; i++) {
					survivorIds.add(awaitId(survivor));
				}
			}
			restarted.kill();
			long[] killedIssued = read(killedIds);
			assertThat(killedIssued).hasSizeGreaterThan(2_000);
			Set<Long> issued = new HashSet<>(survivorIds);
			for (long id : killedIssued) {
				assertThat(issued.add(id)).as("ID %s issued once", id).isTrue();
				assertThat(timestamp(id)).as("the killed holder's IDs at or below its mark").isLessThanOrEqualTo(mark);
			}
			for (long id : read(restartedIds)) {
				assertThat(issued.add(id)).as("ID %s issued once", id).isTrue();
			}
			assertThat(survivorIds).hasSize(2_001)
				.allSatisfy((id) -> assertThat(timestamp(id)).as("the survivor's IDs above the holder's mark")
					.isGreaterThan(mark));
			assertThat(load.duplicates()).isZero();
			assertThat(load.longestGap()).as("another instance does not notice").isLessThan(Duration.ofSeconds(1));
		}
		finally {
			killed.kill();
			if (restarted != null) {
				restarted.kill();
			}
		}
	}

	@Test
	void anApplicationIssuesThroughACrashAndRestartOfPostgreSql() {
		String schema = startServer(Map.of());
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(SnowflakeJdbcLeaseAutoConfiguration.class, SnowflakeAutoConfiguration.class))
			.withPropertyValues(applicationProperties(schema).toArray(String[]::new))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				IdGenerator generator = context.getBean(IdGenerator.class);
				WorkerLeaseKeeper keeper = context.getBean(WorkerLeaseKeeper.class);
				try (IssuingLoad load = load("application", generator::nextId)) {
					load.resetLongestGaps();
					long started = System.nanoTime();
					this.server.crash();
					long ceilingAtCrash = keeper.currentLease().ceilingMillis();
					this.server.start();
					long restart = System.nanoTime() - started;
					assertThat(mark(schema, keeper.currentLease().workerCode()))
						.as("the ceiling in use at the crash, recorded before it was used, is still there")
						.isGreaterThanOrEqualTo(ceilingAtCrash);
					Polling.await("a renewal after the restart", DEADLINE)
						.until(() -> keeper.currentLease().ceilingMillis() > ceilingAtCrash + 500);
					load.awaitMore(2_000, DEADLINE);
					figure("kill -9 of every PostgreSQL process and a start with crash recovery ("
							+ Duration.ofNanos(restart).toMillis() + " ms) under an application: " + load.refusals()
							+ " refused, longest time without IDs " + load.longestGaps());
					assertThat(load.duplicates()).isZero();
					// IDs continue from the held range while the outage is shorter than
					// the
					// outage tolerance; they can stop only for what goes beyond it
					Duration down = Duration.ofNanos(restart);
					if (down.plus(TIMING.renewInterval()).compareTo(TIMING.outageTolerance()) < 0) {
						assertThat(load.refusals()).isZero();
					}
					Duration beyond = down.minus(TIMING.outageTolerance());
					assertThat(load.longestGap())
						.isLessThanOrEqualTo(Duration.ofSeconds(1).plus(beyond.isNegative() ? Duration.ZERO : beyond));
				}
			});
	}

	@Test
	void anApplicationStartedWhileTheDatabaseIsDownWaitsForIt() {
		String schema = startServer(Map.of());
		this.server.crash();
		Duration down = Duration.ofSeconds(3);
		CompletableFuture<Void> restart = CompletableFuture.runAsync(this.server::start,
				CompletableFuture.delayedExecutor(down.toMillis(), TimeUnit.MILLISECONDS));
		long started = System.nanoTime();
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(SnowflakeJdbcLeaseAutoConfiguration.class, SnowflakeAutoConfiguration.class))
			.withPropertyValues(applicationProperties(schema).toArray(String[]::new))
			.run((context) -> {
				assertThat(context).as("started within the startup wait budget of 20 s").hasNotFailed();
				Duration startup = Duration.ofNanos(System.nanoTime() - started);
				figure("an application started while PostgreSQL was down for " + down.toMillis() + " ms: started after "
						+ startup.toMillis() + " ms");
				assertThat(startup).as("it waited for the database").isGreaterThanOrEqualTo(down);
				assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
			});
		restart.join();
	}

	@Test
	void aServerStoppedPastTheOutageToleranceStopsIssuingAtTheCeilingAndNothingHangs() {
		String schema = startServer(Map.of());
		JdbcWorkerLeaseStore other = store(schema);
		try (LeaseWorker worker = LeaseWorker.start(store(schema), TIMING, -1);
				IssuingLoad load = load("worker", worker::nextId)) {
			load.resetLongestGaps();
			Duration pause = TIMING.outageTolerance().plusMillis(1_500);
			long failedBefore = worker.count(LeaseEvent.Type.RENEWAL_FAILED);
			long pausedAt = System.nanoTime();
			this.server.pause();
			Duration claim;
			try {
				long before = System.nanoTime();
				assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(() -> other.claim(-1));
				claim = Duration.ofNanos(System.nanoTime() - before);
				assertThat(claim).as("a call to the stopped server ends within twice its socket timeout")
					.isLessThan(STALLED_CALL.plusMillis(500));
				Polling.await("a renewal failing, not hanging", STALLED_CALL)
					.until(() -> worker.count(LeaseEvent.Type.RENEWAL_FAILED) > failedBefore);
				Polling.await("the generator refusing at its ceiling", pause).until(() -> load.refusals() > 0);
				Polling.await("the end of the pause", pause.plusSeconds(1))
					.until(() -> System.nanoTime() - pausedAt >= pause.toNanos());
			}
			finally {
				this.server.resume();
			}
			Duration paused = Duration.ofNanos(System.nanoTime() - pausedAt);
			load.awaitMore(2_000, DEADLINE);
			// IDs stop at the ceiling, at least A - I after the pause began, and resume
			// with the first renewal after it: one stuck in a connection attempt waits it
			// out first
			Duration bound = paused.minus(TIMING.ceilingLead())
				.plus(TIMING.renewInterval().multipliedBy(2))
				.plus(STALLED_CALL)
				.plusMillis(500);
			figure("SIGSTOP of every PostgreSQL process for " + paused.toMillis() + " ms (outage tolerance "
					+ TIMING.outageTolerance().toMillis() + " ms): a claim during it failed after " + claim.toMillis()
					+ " ms; " + load.refusals() + " refused, longest time without IDs " + load.longestGaps()
					+ " (bound " + bound.toMillis() + " ms)");
			assertThat(load.duplicates()).isZero();
			assertThat(load.longestGap()).isLessThanOrEqualTo(bound);
		}
	}

	@Test
	void aRestoredDumpOfTheTableIsDetectedAndFencesEveryEarlierCeiling() {
		String schema = startServer(Map.of());
		Path dump = this.dir.resolve("lease.sql");
		String table = schema + "." + JdbcWorkerLeaseStore.DEFAULT_TABLE;
		try (LeaseWorker worker = LeaseWorker.start(store(schema), TIMING, -1);
				IssuingLoad load = load("worker", worker::nextId)) {
			this.server.dump(table, dump);
			long dumpedCeiling = worker.lease().ceilingMillis();
			Polling.await("leases advancing past the dump", DEADLINE)
				.until(() -> worker.lease().ceilingMillis() > dumpedCeiling + 1_000);
			load.resetLongestGaps();
			this.server.restore(dump);
			long restoredAt = System.currentTimeMillis();
			long highestCeiling = worker.lease().ceilingMillis();
			LeaseGrant claimed = store(schema).claim(-1);
			assertThat(claimed.floorMillis()).as("a claim after the restore starts above every earlier ceiling")
				.isGreaterThanOrEqualTo(highestCeiling)
				.isGreaterThanOrEqualTo(restoredAt + TIMING.quarantine().toMillis() - 1_000);
			Polling.await("the worker issuing above the loss floor", DEADLINE.plus(TIMING.quarantine()))
				.until(() -> worker.lease().floorMillis() >= highestCeiling
						&& worker.lease().floorMillis() < System.currentTimeMillis());
			load.awaitMore(2_000, DEADLINE);
			// the holder issues up to its ceiling, then waits for the loss floor
			Duration bound = TIMING.quarantine()
				.minus(TIMING.ceilingLead())
				.plus(TIMING.renewInterval().multipliedBy(2))
				.plusSeconds(1);
			figure("pg_dump of the table restored with psql under load: floor of the next claim "
					+ (claimed.floorMillis() - highestCeiling) + " ms above the last ceiling; longest time without "
					+ "IDs " + load.longestGaps() + " (bound Q - A + 2 I + 1 s = " + bound.toMillis() + " ms)");
			assertThat(load.duplicates()).isZero();
			assertThat(load.longestGap()).isLessThanOrEqualTo(bound);
		}
	}

	@Test
	void aDatabaseClockSteppedBackIsRefusedAndNoGrantsOverlap() {
		ShiftedWallClock clock = new ShiftedWallClock(this.dir.resolve("postgres.faketime"));
		String schema = startServer(clock.environment());
		assertThat(databaseClockOffset()).as("the server's clock before any step").isBetween(-250L, 250L);
		JdbcWorkerLeaseStore other = store(schema);
		try (LeaseWorker worker = LeaseWorker.start(store(schema), TIMING, -1);
				IssuingLoad load = load("worker", worker::nextId)) {
			load.resetLongestGaps();
			Duration step = Duration.ofSeconds(-2);
			clock.shift(step);
			long steppedAt = System.nanoTime();
			// libfaketime reads the offset file again within a second
			Polling.await("the server's clock stepped back", Duration.ofSeconds(5))
				.until(() -> databaseClockOffset() < -1_500);
			assertThatExceptionOfType(ClockSkewException.class).isThrownBy(() -> other.claim(-1));
			worker.awaitEvents(LeaseEvent.Type.RENEWAL_FAILED, 2, DEADLINE);
			Polling.await("the generator refusing at its ceiling", DEADLINE).until(() -> load.refusals() > 0);
			Duration held = Duration.ofNanos(System.nanoTime() - steppedAt);
			clock.shift(Duration.ZERO);
			Polling.await("the server's clock back", Duration.ofSeconds(5))
				.until(() -> Math.abs(databaseClockOffset()) < 250);
			load.awaitMore(2_000, DEADLINE);
			figure("the server's clock stepped back 2,000 ms for " + held.toMillis() + " ms (libfaketime): "
					+ load.refusals() + " refused, longest time without IDs " + load.longestGaps());
			assertThat(load.duplicates()).isZero();
			assertThat(load.longestGap()).isLessThanOrEqualTo(held.plus(TIMING.renewInterval()).plusSeconds(3));
		}
	}

	@Test
	void aDatabaseClockSteppedBackWithinTheSkewGrantsRangesThatNeverOverlap() {
		ShiftedWallClock clock = new ShiftedWallClock(this.dir.resolve("postgres.faketime"));
		String schema = startServer(clock.environment());
		AtomicLong lastTick = new AtomicLong();
		int code;
		try (LeaseWorker first = LeaseWorker.start(store(schema), TIMING, -1); IssuingLoad load = load("first", () -> {
			long id = first.nextId();
			lastTick.accumulateAndGet(timestamp(id), Math::max);
			return id;
		})) {
			code = first.lease().workerCode();
			// less than the allowed skew: grants go on, their ceilings computed from a
			// clock 250 ms behind
			clock.shift(Duration.ofMillis(-250));
			Polling.await("the server's clock stepped back", Duration.ofSeconds(5))
				.until(() -> databaseClockOffset() < -150);
			first.awaitEvents(LeaseEvent.Type.RENEWED, 4, DEADLINE);
			load.awaitMore(2_000, DEADLINE);
			assertThat(load.duplicates()).isZero();
		}
		long mark = mark(schema, code);
		try (LeaseWorker next = LeaseWorker.start(store(schema), TIMING, code)) {
			assertThat(next.lease().workerCode()).isEqualTo(code);
			assertThat(next.lease().floorMillis()).as("the next owner's floor against every ceiling granted before")
				.isGreaterThanOrEqualTo(mark)
				.isGreaterThanOrEqualTo(lastTick.get());
			long firstTick = timestamp(awaitId(next));
			figure("the server's clock stepped back 250 ms (within the allowed skew of "
					+ TIMING.maxClockSkew().toMillis() + " ms): the next owner of the code starts "
					+ (firstTick - lastTick.get()) + " ms after the last ID of the one before");
			assertThat(firstTick).as("the next owner's first ID after the last one before")
				.isGreaterThan(lastTick.get());
		}
	}

	@Test
	void aPointInTimeRecoveryIsDetectedAndFencesEveryCeilingGrantedBeforeIt() {
		Path archive = this.dir.resolve("archive");
		Path backup = this.dir.resolve("backup");
		this.server = PostgreSqlServer.startArchiving(this.dir.resolve("postgres"), archive);
		String schema = createTable();
		this.server.baseBackup(backup);
		String systemIdentifier = systemIdentifier();
		Set<Long> before = ConcurrentHashMap.newKeySet();
		Set<Long> after = ConcurrentHashMap.newKeySet();
		try (FaultProxy proxy = new FaultProxy(this.server.port());
				LeaseWorker holder = LeaseWorker.start(store(url(proxy), schema, RECOVERY_TIMING), RECOVERY_TIMING, -1);
				IssuingLoad holderLoad = load("holder", () -> issued(before, holder.nextId()))) {
			int code = holder.lease().workerCode();
			admin().execute("SELECT pg_create_restore_point('" + RESTORE_POINT + "')");
			long markAtTarget = mark(schema, code);
			Polling.await("renewals raising the mark past the restore point", DEADLINE)
				.until(() -> mark(schema, code) > markAtTarget + 2_000);
			// the restore point and the grants after it reach the archive
			String segment = admin().queryForObject("SELECT pg_walfile_name(pg_switch_wal())", String.class);
			Polling.await("the restore point archived", DEADLINE).until(() -> Files.exists(archive.resolve(segment)));
			// the holder loses the database and issues on up to its ceiling
			proxy.cut();
			long lastCeiling = mark(schema, code);
			this.server.close();
			long recoveryStarted = System.nanoTime();
			this.server = this.server.recover(backup, archive, RESTORE_POINT);
			Polling.await("the promotion at the restore point", DEADLINE)
				.until(() -> Boolean.FALSE.equals(admin().queryForObject("SELECT pg_is_in_recovery()", Boolean.class)));
			Duration recovery = Duration.ofNanos(System.nanoTime() - recoveryStarted);
			admin().execute("CHECKPOINT");
			assertThat(admin().queryForObject("SELECT timeline_id FROM pg_control_checkpoint()", Integer.class))
				.as("the promotion started a new timeline")
				.isEqualTo(2);
			assertThat(systemIdentifier()).as("a recovery keeps the system identifier").isEqualTo(systemIdentifier);
			assertThat(mark(schema, code)).as("the grants after the restore point are gone").isLessThan(lastCeiling);
			String restoredLineage = serverLineage(schema);
			assertThat(restoredLineage).startsWith(systemIdentifier + "/");
			// a store that never saw the table: no grant counter to compare
			JdbcWorkerLeaseStore next = store(this.server.url(), schema, RECOVERY_TIMING);
			int codes = PostgreSqlLeaseFixture.LAYOUT.maxWorkers();
			Polling.await("the holder's restored lease expiring", DEADLINE).until(() -> next.availableCodes() == codes);
			long clockBeforeClaim = databaseClock();
			long claimStarted = System.nanoTime();
			try (LeaseWorker successor = LeaseWorker.start(next, RECOVERY_TIMING, code);
					IssuingLoad load = load("successor", () -> issued(after, successor.nextId()))) {
				Duration firstIds = Duration.ofNanos(System.nanoTime() - claimStarted);
				assertThat(successor.lease().workerCode()).isEqualTo(code);
				assertThat(successor.lease().floorMillis()).as("a loss: the successor's floor at T + Q")
					.isGreaterThanOrEqualTo(clockBeforeClaim + RECOVERY_TIMING.quarantine().toMillis())
					.as("above every ceiling granted before the recovery")
					.isGreaterThan(lastCeiling);
				load.awaitMore(2_000, DEADLINE);
				Duration bound = RECOVERY_TIMING.quarantine()
					.plus(RECOVERY_TIMING.renewInterval().multipliedBy(2))
					.plusSeconds(1);
				figure("point-in-time recovery to a restore point (" + recovery.toMillis()
						+ " ms from the stop to the promotion): the successor's floor "
						+ (successor.lease().floorMillis() - lastCeiling)
						+ " ms above the last ceiling granted before it; its first 500 IDs " + firstIds.toMillis()
						+ " ms after its claim began (bound Q + 2 I + 1 s = " + bound.toMillis()
						+ " ms); the holder cut off issued " + before.size() + " IDs, the successor " + after.size());
				assertThat(firstIds).isLessThanOrEqualTo(bound);
				assertThat(holderLoad.duplicates()).isZero();
				assertThat(load.duplicates()).isZero();
			}
			assertThat(before).hasSizeGreaterThan(500);
			assertThat(after).hasSizeGreaterThan(2_000);
			assertThat(after.stream().filter(before::contains).count())
				.as("IDs issued both by the holder and by its successor")
				.isZero();
			assertThat(before.stream().filter((id) -> timestamp(id) > lastCeiling).count())
				.as("the holder's IDs above the last ceiling granted before the recovery")
				.isZero();
			assertThat(after.stream().filter((id) -> timestamp(id) <= lastCeiling).count())
				.as("the successor's IDs at or below the last ceiling granted before the recovery")
				.isZero();
			assertThat(serverLineage(schema)).as("the lineage recorded by the successor's grant")
				.isNotEqualTo(restoredLineage)
				.isEqualTo(restoredLineage.replace("/00000001/", "/00000002/"));
		}
	}

	/**
	 * An application's settings: the test layout and {@link #TIMING}, as properties, on
	 * the table in {@code schema}.
	 */
	private List<String> applicationProperties(String schema) {
		return List.of("snowflake.layout.worker-bits=3", "snowflake.layout.sequence-bits=17",
				"snowflake.worker.allocator=jdbc", "snowflake.worker.jdbc.url=" + this.server.url(),
				"snowflake.worker.jdbc.schema=" + schema, "snowflake.worker.lease.outage-tolerance=3s",
				"snowflake.worker.lease.renew-interval=250ms", "snowflake.worker.lease.max-clock-skew=300ms",
				"snowflake.worker.lease.fleet-lead-limit=4100ms", "snowflake.worker.jdbc.command-timeout=300ms",
				"snowflake.worker.lease.ttl=5s", "snowflake.worker.lease.startup-wait-budget=20s");
	}

	/** {@link LeaseHolderMain} in a JVM of its own, writing its IDs to {@code ids}. */
	private JavaProcess application(String schema, Path ids, String name) {
		List<String> args = new ArrayList<>();
		applicationProperties(schema).forEach((property) -> args.add("--" + property));
		args.add("--holder.ids=" + ids);
		return JavaProcess.builder(LeaseHolderMain.class.getName())
			.jvmOptions("-Xmx256m", "-XX:TieredStopAtLevel=1")
			.args(args.toArray(String[]::new))
			.start(this.dir.resolve(name + ".log"));
	}

	/** Waits until the file of an application's IDs holds {@code count} or more. */
	private static void awaitIds(Path ids, int count) {
		Polling.await(count + " IDs in " + ids.getFileName(), Duration.ofSeconds(90))
			.until(() -> Files.exists(ids) && Files.size(ids) >= 8L * count);
	}

	/** Starts this test's server; returns a fresh schema with the lease table in it. */
	private String startServer(Map<String, String> environment) {
		this.server = PostgreSqlServer.start(this.dir.resolve("postgres"), environment);
		return createTable();
	}

	/** Makes a fresh schema with the lease table in it on this test's server. */
	private String createTable() {
		admin().execute("CREATE SCHEMA fault");
		store("fault").initializeSchema();
		return "fault";
	}

	private JdbcWorkerLeaseStore store(String schema) {
		return store(this.server.url(), schema, TIMING);
	}

	private static JdbcWorkerLeaseStore store(String url, String schema, LeaseTiming timing) {
		return PostgreSqlLeaseFixture.storeBuilder(PostgreSqlLeaseFixture.dataSource(url, timing), schema, timing)
			.build();
	}

	/** The URL of this test's server through {@code proxy}. */
	private static String url(FaultProxy proxy) {
		return "jdbc:postgresql://localhost:" + proxy.port() + "/postgres?user=postgres";
	}

	/** A connection of the test's own, as an administrator. */
	private JdbcTemplate admin() {
		return new JdbcTemplate(new DriverManagerDataSource(this.server.url()));
	}

	/**
	 * The server's wall clock minus this JVM's, in milliseconds, read on a new
	 * connection.
	 */
	private long databaseClockOffset() {
		return databaseClock() - System.currentTimeMillis();
	}

	/** The server's wall clock in milliseconds since the epoch. */
	private long databaseClock() {
		return admin().queryForObject("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint", Long.class);
	}

	private String systemIdentifier() {
		return admin().queryForObject("SELECT system_identifier::text FROM pg_control_system()", String.class);
	}

	/** The server lineage the meta row records. */
	private String serverLineage(String schema) {
		return admin().queryForObject("SELECT server_lineage FROM " + schema + "." + JdbcWorkerLeaseStore.DEFAULT_TABLE
				+ " WHERE region = -1 AND code = -1", String.class);
	}

	private long mark(String schema, int code) {
		return admin().queryForObject("SELECT mark FROM " + schema + "." + JdbcWorkerLeaseStore.DEFAULT_TABLE
				+ " WHERE region = 0 AND code = ?", Long.class, code);
	}

	/** One issuer asking about every 0.1 ms, until 500 IDs are out. */
	private static IssuingLoad load(String name, LongSupplier ids) {
		IssuingLoad load = IssuingLoad.start(name, ids, IdGenerationException.class);
		load.awaitMore(500, DEADLINE);
		return load;
	}

	/** {@code id}, added to {@code ids}. */
	private static long issued(Set<Long> ids, long id) {
		ids.add(id);
		return id;
	}

	private static long awaitId(LeaseWorker worker) {
		return Polling.await("an ID", DEADLINE).until(() -> {
			try {
				return worker.nextId();
			}
			catch (IdGenerationException ex) {
				return null;
			}
		}, (id) -> id != null);
	}

	private static long timestamp(long id) {
		return PostgreSqlLeaseFixture.LAYOUT.decode(id).timestamp().toEpochMilli();
	}

	private static long[] read(Path file) throws IOException {
		byte[] bytes = Files.readAllBytes(file);
		long[] ids = new long[bytes.length / 8];
		try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
			for (int i = 0; i < ids.length; i++) {
				ids[i] = in.readLong();
			}
		}
		return ids;
	}

	private static void figure(String text) {
		System.out.println("jdbc-fault figure: " + text);
	}

}
