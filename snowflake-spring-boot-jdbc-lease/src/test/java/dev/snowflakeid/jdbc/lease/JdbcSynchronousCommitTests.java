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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.jdbc.lease.PostgreSqlLeaseFixture.Table;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A commit that waits for a synchronous standby, on a server of this class's own (the
 * setting is server-wide): when the wait is cancelled, PostgreSQL has committed locally
 * and answers with a warning. That is no acknowledgement, and the store does not use the
 * grant.
 */
@RealProcesses
class JdbcSynchronousCommitTests {

	@RegisterExtension
	static final PostgreSqlLeaseFixture postgres = PostgreSqlLeaseFixture.start();

	@Test
	void aCommitWhoseStandbyWaitWasCancelledIsNotAnAcknowledgement() throws Exception {
		Table table = postgres.freshTable();
		JdbcTemplate admin = postgres.admin();
		admin.execute("ALTER SYSTEM SET synchronous_standby_names = 'absent_standby'");
		admin.execute("SELECT pg_reload_conf()");
		try {
			Polling.await("the setting taking effect", Duration.ofSeconds(10))
				.until(() -> "absent_standby"
					.equals(admin.queryForObject("SHOW synchronous_standby_names", String.class)));
			JdbcWorkerLeaseStore store = table.store();
			CompletableFuture<LeaseGrant> claim = CompletableFuture.supplyAsync(() -> store.claim(-1));
			Polling.await("the commit waiting for the standby", Duration.ofSeconds(10))
				.until(() -> Boolean.TRUE.equals(admin.queryForObject(
						"SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE wait_event = 'SyncRep' UNION ALL "
								+ "SELECT false LIMIT 1",
						Boolean.class)));
			assertThatExceptionOfType(CompletionException.class)
				.isThrownBy(() -> claim.orTimeout(10, TimeUnit.SECONDS).join())
				.havingCause()
				.isInstanceOf(LeaseStoreUnavailableException.class)
				.withMessageContaining("not acknowledged")
				.withMessageContaining("canceling wait for synchronous replication");
			assertThat(admin.queryForObject(
					"SELECT count(*) FROM " + table.qualified() + " WHERE code >= 0 AND token IS NOT NULL", Long.class))
				.as("the grant committed locally, its ceiling recorded")
				.isOne();
		}
		finally {
			admin.execute("ALTER SYSTEM RESET synchronous_standby_names");
			admin.execute("SELECT pg_reload_conf()");
		}
	}

}
