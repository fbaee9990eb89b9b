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

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.snowflakeid.jdbc.lease.PostgreSqlLeaseFixture.Table;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.tck.Capability;
import dev.snowflakeid.lease.tck.LeaseStoreUnderTest;
import dev.snowflakeid.lease.tck.WorkerLeaseStoreTck;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The JDBC store runs every rule of the kit against an embedded PostgreSQL, each rule on
 * a lease table in a schema of its own, with its faults injected for real. A lapsed lease
 * is one whose holder stopped renewing: the rule waits until the database clock passes
 * the row's {@code expires_at}. Writing {@code expires_at} into the past would be a
 * change the store did not make, which it counts as a loss (the row's {@code xmin} no
 * longer matches its witness), so the successor would be checked on the loss path instead
 * of the fencing one. A lost state is a {@code TRUNCATE} of the table, a restored state
 * every row replaced by an earlier copy of the rows, as a restore of a dump does. Every
 * client is a store with connections of its own, as separate instances have.
 */
@RealProcesses
class JdbcWorkerLeaseStoreTckTests extends WorkerLeaseStoreTck {

	@RegisterExtension
	static final PostgreSqlLeaseFixture postgres = PostgreSqlLeaseFixture.start();

	private static final String DATABASE_MILLIS = "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint";

	@Override
	protected LeaseStoreUnderTest start() {
		TableUnderTest table = new TableUnderTest(postgres.freshTable());
		try {
			table.passFirstGrantQuarantine();
			return table;
		}
		catch (RuntimeException | Error ex) {
			table.close();
			throw ex;
		}
	}

	@Override
	protected Map<Capability, String> notApplicable() {
		return Map.of();
	}

	private static long databaseMillis() {
		Long millis = postgres.admin().queryForObject(DATABASE_MILLIS, Long.class);
		return (millis != null) ? millis : Long.MIN_VALUE;
	}

	private static final class TableUnderTest implements LeaseStoreUnderTest {

		private final Table table;

		TableUnderTest(Table table) {
			this.table = table;
		}

		// The first grant on an empty table is a detected loss: its floor lies a
		// quarantine ahead, and the rules need usable ranges.
		void passFirstGrantQuarantine() {
			JdbcWorkerLeaseStore store = open();
			LeaseGrant first = store.claim(-1);
			store.release(first, Long.MIN_VALUE);
			Polling.await("the first grant's quarantine to pass", Duration.ofSeconds(30))
				.until(() -> databaseMillis() > first.floorMillis());
		}

		@Override
		public JdbcWorkerLeaseStore open() {
			return this.table.store();
		}

		@Override
		public int codes() {
			return PostgreSqlLeaseFixture.LAYOUT.maxWorkers();
		}

		@Override
		public void expire(LeaseGrant grant) {
			String expiry = "SELECT expires_at FROM " + this.table.qualified() + " WHERE region = 0 AND code = ?";
			Polling.await("the lease of code " + grant.workerCode() + " to lapse", Duration.ofSeconds(30)).until(() -> {
				Long expiresAt = postgres.admin().queryForObject(expiry, Long.class, grant.workerCode());
				return expiresAt != null && databaseMillis() >= expiresAt;
			});
		}

		@Override
		public void loseState() {
			this.table.truncate();
		}

		@Override
		public Runnable snapshotState() {
			List<Map<String, Object>> rows = this.table.snapshot();
			return () -> this.table.restore(rows);
		}

		@Override
		public void close() {
			postgres.admin().execute("DROP SCHEMA " + this.table.schema() + " CASCADE");
		}

	}

}
