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

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.jdbc.lease.PostgreSqlLeaseFixture.Table;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The JDBC lease store against a real PostgreSQL server: exclusivity, fencing, floors,
 * the database clock read after the row lock, and the losses the table itself detects.
 * Each test works on a table in a schema of its own.
 */
@RealProcesses
class JdbcLeaseProtocolTests {

	@RegisterExtension
	static final PostgreSqlLeaseFixture postgres = PostgreSqlLeaseFixture.start();

	@Test
	void claimsAreExclusiveAcrossStoresAndConnections() throws Exception {
		Table table = postgres.freshTable();
		int codes = PostgreSqlLeaseFixture.LAYOUT.maxWorkers();
		List<JdbcWorkerLeaseStore> stores = new ArrayList<>();
		for (int i = 0; i < codes; i++) {
			stores.add(table.store());
		}
		ExecutorService threads = Executors.newFixedThreadPool(codes);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<LeaseGrant>> claims = new ArrayList<>();
			for (JdbcWorkerLeaseStore store : stores) {
				claims.add(threads.submit(() -> {
					start.await();
					return store.claim(-1);
				}));
			}
			start.countDown();
			Set<Integer> granted = new HashSet<>();
			for (Future<LeaseGrant> claim : claims) {
				granted.add(claim.get(30, TimeUnit.SECONDS).workerCode());
			}
			assertThat(granted).hasSize(codes);
		}
		finally {
			threads.shutdownNow();
		}
		assertThatExceptionOfType(NoFreeWorkerCodeException.class).isThrownBy(() -> table.store().claim(-1));
	}

	@Test
	void renewalsRaiseTheCeilingAndGenerationsGrowWithEachClaim() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore store = table.store();
		LeaseGrant first = store.claim(3);
		assertThat(first.workerCode()).isEqualTo(3);
		assertThat(first.ceilingMillis() - first.storeTimeMillis())
			.isEqualTo(PostgreSqlLeaseFixture.TIMING.ceilingLead().toMillis());
		LeaseRenewal renewal = store.renew(first);
		assertThat(renewal.status()).isEqualTo(LeaseRenewal.Status.RENEWED);
		assertThat(renewal.ceilingMillis()).isGreaterThanOrEqualTo(first.ceilingMillis());
		store.release(first, first.storeTimeMillis());
		LeaseGrant second = store.claim(3);
		assertThat(second.workerCode()).isEqualTo(3);
		assertThat(second.generation()).isGreaterThan(first.generation());
		assertThat(second.token()).isNotEqualTo(first.token());
	}

	@Test
	void releasedCodeIsClaimedAgainAboveItsCeiling() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore holder = table.store();
		LeaseGrant held = holder.claim(5);
		LeaseRenewal renewed = holder.renew(held);
		holder.release(held, renewed.storeTimeMillis());
		LeaseGrant next = table.store().claim(5);
		assertThat(next.workerCode()).isEqualTo(5);
		assertThat(next.floorMillis()).isGreaterThanOrEqualTo(renewed.ceilingMillis());
		assertThat(next.generation()).isGreaterThan(held.generation());
	}

	@Test
	void availableCodesCountsCodesWithoutALiveHolder() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore store = table.store();
		int codes = PostgreSqlLeaseFixture.LAYOUT.maxWorkers();
		// before the region's first grant writes its rows, every code is free
		assertThat(store.availableCodes()).isEqualTo(codes);
		LeaseGrant held = store.claim(-1);
		assertThat(store.availableCodes()).isEqualTo(codes - 1);
		store.release(held, held.storeTimeMillis());
		assertThat(store.availableCodes()).isEqualTo(codes);
	}

	@Test
	void renewalWithAStaleTokenIsFenced() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore first = table.store();
		LeaseGrant stale = first.claim(2);
		first.release(stale, stale.storeTimeMillis());
		LeaseGrant taken = table.store().claim(2);
		assertThat(taken.workerCode()).isEqualTo(2);
		LeaseRenewal renewal = first.renew(stale);
		assertThat(renewal.status()).isEqualTo(LeaseRenewal.Status.FENCED);
		first.release(stale, stale.storeTimeMillis());
		assertThat(table.store().renew(taken).status()).isEqualTo(LeaseRenewal.Status.RENEWED);
	}

	/**
	 * A grant that waits for the meta row's lock reads the clock after it has the lock. A
	 * store that read {@code now()} (the start of its transaction, before the wait) would
	 * answer with a time before the lock was given up.
	 */
	@Test
	void storeTimeIsReadAfterTheRowLock() throws Exception {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore store = table.store();
		store.claim(-1);
		long released;
		CompletableFuture<LeaseGrant> claim;
		try (Connection lock = postgres.admin().getDataSource().getConnection()) {
			lock.setAutoCommit(false);
			try (Statement statement = lock.createStatement()) {
				statement.execute("SELECT 1 FROM " + table.qualified() + " WHERE region = -1 AND code = -1 FOR UPDATE");
				claim = CompletableFuture.supplyAsync(() -> store.claim(-1));
				Polling.await("the claim waiting for the row lock for 200 ms", Duration.ofSeconds(10))
					.until(() -> Boolean.TRUE.equals(postgres.admin()
						.queryForObject(
								"SELECT count(*) > 0 FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
										+ "AND clock_timestamp() - query_start > interval '200 milliseconds'",
								Boolean.class)));
				try (ResultSet clock = statement
					.executeQuery("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint")) {
					clock.next();
					released = clock.getLong(1);
				}
			}
			lock.commit();
		}
		LeaseGrant grant = claim.get(10, TimeUnit.SECONDS);
		assertThat(grant.storeTimeMillis()).isGreaterThanOrEqualTo(released);
	}

	@Test
	void clockOutsideTheSkewIsRefusedAndWritesNothing() {
		Table table = postgres.freshTable();
		InstantSource ahead = InstantSource.offset(InstantSource.system(), Duration.ofSeconds(5));
		JdbcWorkerLeaseStore skewed = table.builder(table.dataSource()).clock(ahead).build();
		assertThatExceptionOfType(ClockSkewException.class).isThrownBy(() -> skewed.claim(-1))
			.satisfies((ex) -> assertThat(ex.skewMillis()).isBetween(4_000L, 6_000L));
		assertThat(table.snapshot()).isEmpty();
	}

	/**
	 * {@code TRUNCATE}: the meta row is gone, so the next grant starts above
	 * {@code T + Q}, above every ceiling the lost rows held.
	 */
	@Test
	void truncatedTableIsALoss() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore holder = table.store();
		LeaseGrant held = holder.claim(1);
		LeaseRenewal renewed = holder.renew(held);
		table.truncate();
		LeaseGrant next = table.store().claim(1);
		assertThat(next.floorMillis()).isGreaterThan(renewed.ceilingMillis())
			.isGreaterThanOrEqualTo(next.storeTimeMillis() + PostgreSqlLeaseFixture.TIMING.quarantine().toMillis());
		assertThat(holder.renew(held).status()).isEqualTo(LeaseRenewal.Status.FENCED);
	}

	/**
	 * A restore of the table from a dump taken before the holder's last renewal: the rows
	 * were written by the restore, not by the store, so the next grant, by a store that
	 * never saw the table before, starts above every ceiling granted before the restore;
	 * the holder's own renewal too.
	 */
	@Test
	void restoredRowsAreALoss() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore holder = table.store();
		LeaseGrant held = holder.claim(4);
		List<Map<String, Object>> dump = table.snapshot();
		LeaseRenewal renewed = holder.renew(held);
		table.restore(dump);
		LeaseGrant other = table.store().claim(4 + 1);
		assertThat(other.floorMillis()).isGreaterThan(renewed.ceilingMillis());
		LeaseRenewal afterRestore = holder.renew(held);
		assertThat(afterRestore.status()).isEqualTo(LeaseRenewal.Status.RENEWED);
		assertThat(afterRestore.floorMillis()).isGreaterThan(renewed.ceilingMillis());
	}

	/**
	 * A restore the rows cannot show by themselves (a copy of the whole server put back,
	 * here the rows rewritten with the ids of the transactions that wrote them), seen by
	 * a store whose grant counter lies above the restored one.
	 */
	@Test
	void grantCounterGoingBackIsALoss() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore holder = table.store();
		LeaseGrant held = holder.claim(6);
		List<Map<String, Object>> dump = table.snapshot();
		LeaseRenewal renewed = holder.renew(held);
		table.restore(dump);
		postgres.admin()
			.update("UPDATE " + table.qualified() + " SET witness_xid = txid_current() - txid_current() % 4294967296 "
					+ "+ xmin::text::bigint");
		LeaseRenewal afterRestore = holder.renew(held);
		assertThat(afterRestore.floorMillis()).isGreaterThan(renewed.ceilingMillis())
			.isGreaterThanOrEqualTo(
					afterRestore.storeTimeMillis() + PostgreSqlLeaseFixture.TIMING.quarantine().toMillis());
	}

	/**
	 * Two fleets' tables swapped by renaming their schemas: each table keeps its rows,
	 * their {@code xmin} and its grant counter, which here lies above the one this
	 * fleet's store has seen. The catalog name in the lineage tells them apart, so the
	 * next grant from the other fleet's table is a loss and starts at {@code T + Q},
	 * above every ceiling this fleet was granted, not at the other table's marks and
	 * floor, which know nothing of this fleet's ceilings (without the name it starts at
	 * the other table's floor, set by its own first grant).
	 */
	@Test
	void tablesSwappedByRenameAreALoss() {
		Table mine = postgres.freshTable();
		Table theirs = postgres.freshTable();
		JdbcWorkerLeaseStore other = theirs.store();
		LeaseGrant theirsHeld = other.claim(2);
		for (int i = 0; i < 12; i++) {
			other.renew(theirsHeld);
		}
		other.release(theirsHeld, theirsHeld.storeTimeMillis());
		JdbcWorkerLeaseStore holder = mine.store();
		LeaseGrant held = holder.claim(2);
		LeaseRenewal renewed = holder.renew(held);
		// past the driver's prepare threshold (5): the pooled connection's statements are
		// prepared on the server, and still resolve the name anew after the swap
		for (int i = 0; i < 6; i++) {
			renewed = holder.renew(held);
		}
		postgres.admin().execute("ALTER SCHEMA " + mine.schema() + " RENAME TO " + mine.schema() + "_swap");
		postgres.admin().execute("ALTER SCHEMA " + theirs.schema() + " RENAME TO " + mine.schema());
		postgres.admin().execute("ALTER SCHEMA " + mine.schema() + "_swap RENAME TO " + theirs.schema());
		LeaseGrant next = holder.claim(2);
		assertThat(next.workerCode()).isEqualTo(2);
		assertThat(next.floorMillis()).isGreaterThan(renewed.ceilingMillis())
			.isGreaterThanOrEqualTo(next.storeTimeMillis() + PostgreSqlLeaseFixture.TIMING.quarantine().toMillis());
	}

	/** {@code DELETE} of one code row: the mark it carried is gone, which is a loss. */
	@Test
	void deletedCodeRowIsALoss() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore holder = table.store();
		LeaseGrant held = holder.claim(3);
		LeaseRenewal renewed = holder.renew(held);
		holder.release(held, renewed.storeTimeMillis());
		postgres.admin().update("DELETE FROM " + table.qualified() + " WHERE region = 0 AND code = 3");
		LeaseGrant next = table.store().claim(3);
		assertThat(next.workerCode()).isEqualTo(3);
		assertThat(next.floorMillis()).isGreaterThan(renewed.ceilingMillis())
			.isGreaterThanOrEqualTo(next.storeTimeMillis() + PostgreSqlLeaseFixture.TIMING.quarantine().toMillis());
	}

	/**
	 * A release after a restore leaves the restored row as it found it, so the next grant
	 * still sees that the row was not written by the store.
	 */
	@Test
	void releaseNeverMakesARestoredRowLookLikeTheStores() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore holder = table.store();
		LeaseGrant held = holder.claim(2);
		List<Map<String, Object>> dump = table.snapshot();
		LeaseRenewal renewed = holder.renew(held);
		table.restore(dump);
		holder.release(held, renewed.storeTimeMillis());
		assertThat(postgres.admin()
			.queryForObject("SELECT token FROM " + table.qualified() + " WHERE region = 0 AND code = 2", String.class))
			.isEqualTo(held.token());
		LeaseGrant next = table.store().claim(-1);
		assertThat(next.floorMillis()).isGreaterThan(renewed.ceilingMillis());
	}

	@Test
	void anotherFormatOnTheTableIsRefusedAndWritesNothing() {
		Table table = postgres.freshTable();
		table.store().claim(-1);
		List<Map<String, Object>> before = table.snapshot();
		SnowflakeLayout other = SnowflakeLayout.builder()
			.timestampBits(41)
			.regionBits(2)
			.workerBits(4)
			.sequenceBits(16)
			.build();
		JdbcWorkerLeaseStore store = JdbcWorkerLeaseStore.builder(table.dataSource(), other)
			.schema(table.schema())
			.timing(PostgreSqlLeaseFixture.TIMING)
			.commandTimeout(PostgreSqlLeaseFixture.TIMING.requestLateness())
			.build();
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> store.claim(-1))
			.withMessageContaining(other.toString())
			.withMessageContaining(PostgreSqlLeaseFixture.LAYOUT.toString());
		assertThat(table.snapshot()).isEqualTo(before);
	}

	@Test
	void aSecondNamespaceInARegionIsRefusedAndWritesNothing() {
		Table table = postgres.freshTable();
		table.store().claim(-1);
		List<Map<String, Object>> before = table.snapshot();
		JdbcWorkerLeaseStore other = table.builder(table.dataSource()).namespace("billing").build();
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> other.claim(-1))
			.withMessageContaining("namespace 'default', not 'billing'")
			.satisfies((ex) -> assertThat(ex.store()).as("the store whose settings the analysis names")
				.isEqualTo(other.name()));
		assertThat(table.snapshot()).isEqualTo(before);
		JdbcWorkerLeaseStore otherRegion = table.builder(table.dataSource()).namespace("billing").region(1).build();
		assertThat(otherRegion.claim(-1).workerCode()).isNotNegative();
	}

	/**
	 * Another timing takes the table over only once every recorded ceiling plus the
	 * recorded quarantine has passed: here they have not.
	 */
	@Test
	void anotherTimingIsRefusedWhileOldLeasesMayBeInUse() {
		Table table = postgres.freshTable();
		table.store().claim(-1);
		LeaseTiming shorter = new LeaseTiming(Duration.ofSeconds(2), Duration.ofMillis(250), Duration.ofMillis(500),
				Duration.ZERO, Duration.ofSeconds(2))
			.withLeadLimit(PostgreSqlLeaseFixture.TIMING.leadLimit());
		JdbcWorkerLeaseStore other = table.builder(table.dataSource()).timing(shorter).build();
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> other.claim(-1))
			.withMessageContaining("ceiling lead " + PostgreSqlLeaseFixture.TIMING.ceilingLead().toMillis() + " ms")
			.withMessageContaining(
					"uses " + shorter.quarantine().toMillis() + " ms and " + shorter.ceilingLead().toMillis() + " ms");
	}

	/**
	 * Another timing takes the table over once every recorded ceiling and {@code floor0},
	 * plus the recorded quarantine, lie below the database clock; and not before, even
	 * after {@code floor0 + Q} alone has passed: here the holder's last ceiling lies a
	 * second above {@code floor0}, so the claims refused in that second are refused for
	 * the marks. The takeover is no loss: it records the new {@code Q} and {@code A} and
	 * keeps {@code floor0} and the lineage; its floor lies above every ceiling granted
	 * under the old timing. Then the old timing is refused in the same way, and still
	 * after the new ceilings plus the new {@code Q} have passed when its grant detects a
	 * loss (a deleted code row): the marks it would wait for may be gone with the lost
	 * rows, so only the recorded timing takes a loss.
	 */
	@Test
	void anotherTimingTakesOverOnceEveryOldCeilingAndTheQuarantineHavePassed() {
		Table table = postgres.freshTable();
		// A = 1.2 s, B = 2.5 s, Q = 3.75 s: short, so that the waits for the old ceilings
		// plus Q, and for the new ones, take seconds
		LeaseTiming oldTiming = new LeaseTiming(Duration.ofSeconds(1), Duration.ofMillis(100), Duration.ofMillis(250),
				Duration.ZERO, Duration.ofSeconds(1))
			.withLeadLimit(Duration.ofMillis(2_500));
		// A = 0.7 s, Q = 3.7 s, the same B: the table's format check passes
		LeaseTiming newTiming = new LeaseTiming(Duration.ofMillis(500), Duration.ofMillis(100), Duration.ofMillis(200),
				Duration.ZERO, Duration.ofSeconds(1))
			.withLeadLimit(oldTiming.leadLimit());
		long oldQ = oldTiming.quarantine().toMillis();
		long oldA = oldTiming.ceilingLead().toMillis();
		long newQ = newTiming.quarantine().toMillis();
		long newA = newTiming.ceilingLead().toMillis();
		JdbcWorkerLeaseStore old = PostgreSqlLeaseFixture.storeBuilder(table.dataSource(), table.schema(), oldTiming)
			.build();
		JdbcWorkerLeaseStore newer = PostgreSqlLeaseFixture.storeBuilder(table.dataSource(), table.schema(), newTiming)
			.build();
		LeaseGrant held = old.claim(3);
		long floor0 = held.floorMillis();
		assertThat(floor0).as("the table's first grant sets floor0 to T + Q")
			.isGreaterThanOrEqualTo(held.storeTimeMillis() + oldQ);
		List<Long> ceilings = new ArrayList<>(List.of(held.ceilingMillis()));
		Polling.await("renewals raising the holder's ceiling a second above floor0", Duration.ofSeconds(15))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> {
				LeaseRenewal renewal = old.renew(held);
				assertThat(renewal.status()).isEqualTo(LeaseRenewal.Status.RENEWED);
				ceilings.add(renewal.ceilingMillis());
				return renewal.ceilingMillis() >= floor0 + 1_000;
			});
		long lastCeiling = ceilings.get(ceilings.size() - 1);
		old.release(held, lastCeiling - oldA);
		Map<String, Object> before = meta(table);
		assertThat(before).containsEntry("quarantine", oldQ)
			.containsEntry("ceiling_lead", oldA)
			.containsEntry("floor0", floor0)
			.containsEntry("highest_mark", lastCeiling);
		long takeoverAt = Math.max((Long) before.get("floor0"), (Long) before.get("highest_mark")) + oldQ;
		List<Long> refusedAt = new ArrayList<>();
		LeaseGrant taken = Polling
			.await("a claim with another timing once every old ceiling plus Q has passed",
					Duration.ofMillis(takeoverAt - databaseMillis()).plusSeconds(5))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> {
				long sent = databaseMillis();
				try {
					return newer.claim(3);
				}
				catch (StoreMismatchException ex) {
					assertThat(ex).hasMessageContaining("quarantine " + oldQ + " ms and ceiling lead " + oldA + " ms");
					refusedAt.add(sent);
					return null;
				}
			}, Objects::nonNull);
		assertThat(taken.storeTimeMillis()).as("the takeover's database time").isGreaterThanOrEqualTo(takeoverAt);
		assertThat(refusedAt).as("database times before the refused claims")
			.allSatisfy((at) -> assertThat(at).isLessThan(takeoverAt))
			.anySatisfy((at) -> assertThat(at).as("refused after floor0 + Q: for the marks")
				.isGreaterThanOrEqualTo(floor0 + oldQ));
		assertThat(taken.workerCode()).isEqualTo(3);
		assertThat(taken.floorMillis())
			.isGreaterThanOrEqualTo(ceilings.stream().mapToLong(Long::longValue).max().orElseThrow());
		assertThat(taken.ceilingMillis() - taken.storeTimeMillis()).isEqualTo(newA);
		Map<String, Object> after = meta(table);
		assertThat(after).as("the takeover records the new timing and is no loss")
			.containsEntry("quarantine", newQ)
			.containsEntry("ceiling_lead", newA)
			.containsEntry("lead_limit", oldTiming.leadLimit().toMillis())
			.containsEntry("floor0", floor0)
			.containsEntry("lineage", before.get("lineage"));
		List<Map<String, Object>> rows = table.snapshot();
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> old.claim(-1))
			.withMessageContaining("quarantine " + newQ + " ms and ceiling lead " + newA + " ms")
			.withMessageContaining("uses " + oldQ + " ms and " + oldA + " ms");
		assertThat(table.snapshot()).isEqualTo(rows);
		long newTimingPassed = Math.max((Long) after.get("floor0"), (Long) after.get("highest_mark")) + newQ;
		Polling.await("the database clock past every new ceiling plus the new Q", Duration.ofSeconds(15))
			.pollInterval(Duration.ofMillis(50))
			.until(() -> databaseMillis() >= newTimingPassed);
		postgres.admin().update("DELETE FROM " + table.qualified() + " WHERE region = 0 AND code = 5");
		rows = table.snapshot();
		assertThatExceptionOfType(StoreMismatchException.class).as("the old timing in a grant that detects a loss")
			.isThrownBy(() -> old.claim(-1))
			.withMessageContaining("quarantine " + newQ + " ms and ceiling lead " + newA + " ms");
		assertThat(table.snapshot()).isEqualTo(rows);
		LeaseGrant afterLoss = newer.claim(5);
		assertThat(afterLoss.floorMillis()).isGreaterThanOrEqualTo(afterLoss.storeTimeMillis() + newQ);
		assertThat(meta(table)).containsEntry("quarantine", newQ)
			.containsEntry("ceiling_lead", newA)
			.doesNotContainEntry("lineage", before.get("lineage"));
	}

	/**
	 * The meta row's timing, {@code floor0} and lineage, with the highest mark of every
	 * code row as {@code highest_mark}.
	 */
	private static Map<String, Object> meta(Table table) {
		return postgres.admin()
			.queryForMap("SELECT quarantine, ceiling_lead, lead_limit, floor0, lineage, (SELECT max(mark) FROM "
					+ table.qualified() + " WHERE code >= 0) AS highest_mark FROM " + table.qualified()
					+ " WHERE region = -1 AND code = -1");
	}

	/** The database clock, as a grant reads it. */
	private static long databaseMillis() {
		return Objects.requireNonNull(postgres.admin()
			.queryForObject("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint", Long.class));
	}

	/**
	 * A data source that reaches a standby. The embedded binaries hold no
	 * {@code pg_basebackup}, so the standby is played by a function that shadows
	 * {@code pg_is_in_recovery()} on the connection's search path.
	 */
	@Test
	void standbyIsRefused() {
		Table table = postgres.freshTable();
		String fake = table.schema() + "_standby";
		postgres.admin().execute("CREATE SCHEMA " + fake);
		postgres.admin()
			.execute("CREATE FUNCTION " + fake + ".pg_is_in_recovery() RETURNS boolean LANGUAGE sql AS 'SELECT true'");
		String url = postgres.url() + "&options=-c%20search_path%3D" + fake + ",pg_catalog";
		JdbcWorkerLeaseStore store = table
			.builder(PostgreSqlLeaseFixture.dataSource(url, PostgreSqlLeaseFixture.TIMING))
			.build();
		assertThatExceptionOfType(UnsuitableDatabaseException.class).isThrownBy(store::verify)
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(UnsuitableDatabaseException.Reason.STANDBY));
		assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(() -> store.claim(-1))
			.withMessageContaining("standby");
		assertThat(table.snapshot()).isEmpty();
	}

	@Test
	void verifiesThePrimary() {
		postgres.freshTable().store().verify();
	}

	@Test
	void otherDatabaseProductsAreRefusedByName() {
		assertThatExceptionOfType(UnsuitableDatabaseException.class)
			.isThrownBy(() -> LeaseConnections.create("jdbc:mysql://db.internal:3306/app?user=app&password=secret",
					null, null, null, Duration.ofSeconds(1), Duration.ofSeconds(1), null))
			.withMessageContaining("MYSQL")
			.withMessageContaining("jdbc:mysql://db.internal:3306/app")
			.withMessageNotContaining("secret");
	}

	@Test
	void credentialsAreLeftOutOfTheUrl() {
		assertThat(LeaseConnections.withoutCredentials("jdbc:postgresql://u:p@db:5432/app?user=x&ssl=true&password=y"))
			.isEqualTo("jdbc:postgresql://db:5432/app?ssl=true");
	}

}
