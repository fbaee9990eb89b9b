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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Stream;

import dev.snowflakeid.jdbc.lease.PostgreSqlLeaseFixture.Table;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A real streaming standby of an embedded primary, made from an online copy of the
 * primary's data directory (the embedded binaries hold no {@code pg_basebackup}): the
 * store refuses the standby, and after its promotion (a new timeline) the first grant
 * detects a loss and starts above every ceiling the primary granted.
 */
@RealProcesses
class JdbcStandbyTests {

	private static final Set<String> NOT_COPIED = Set.of("postmaster.pid", "postmaster.opts");

	@Test
	void aStandbyIsRefusedAndItsPromotionIsALoss(@TempDir Path dir) throws Exception {
		Path primaryData = dir.resolve("primary");
		Path standbyData = dir.resolve("standby");
		PostgreSqlLeaseFixture primary = PostgreSqlLeaseFixture.start(PostgreSqlLeaseFixture.builder()
			.setDataDirectory(primaryData)
			.setServerConfig("wal_keep_size", "256MB"));
		try {
			Table table = primary.freshTable();
			JdbcWorkerLeaseStore holder = table.store();
			LeaseGrant held = holder.claim(1);
			LeaseRenewal renewed = holder.renew(held);
			primary.admin().execute("SELECT pg_start_backup('standby', true, true)");
			copy(primaryData, standbyData);
			primary.admin().execute("SELECT pg_stop_backup()");
			Files.createFile(standbyData.resolve("standby.signal"));
			Files.writeString(standbyData.resolve("postgresql.auto.conf"),
					"primary_conninfo = 'host=localhost port=" + primary.port() + " user=postgres'\n",
					StandardOpenOption.APPEND);
			PostgreSqlLeaseFixture standby = PostgreSqlLeaseFixture
				.start(PostgreSqlLeaseFixture.builder().setDataDirectory(standbyData).setCleanDataDirectory(false));
			try {
				String marks = "SELECT coalesce(max(mark), 0) FROM " + table.qualified();
				Long primaryMarks = primary.admin().queryForObject(marks, Long.class);
				Polling.await("the standby replaying the primary's grants", Duration.ofSeconds(30))
					.until(() -> primaryMarks.equals(standby.admin().queryForObject(marks, Long.class)));
				Table onStandby = standby.new Table(table.schema());
				JdbcWorkerLeaseStore refused = onStandby.store();
				assertThatExceptionOfType(UnsuitableDatabaseException.class).isThrownBy(refused::verify)
					.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(UnsuitableDatabaseException.Reason.STANDBY));
				assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(() -> refused.claim(-1))
					.withMessageContaining("standby");
				standby.admin().execute("SELECT pg_promote()");
				Polling.await("the promotion", Duration.ofSeconds(30))
					.until(() -> Boolean.FALSE
						.equals(standby.admin().queryForObject("SELECT pg_is_in_recovery()", Boolean.class)));
				LeaseGrant afterPromotion = onStandby.store().claim(1);
				assertThat(afterPromotion.floorMillis()).isGreaterThan(renewed.ceilingMillis())
					.isGreaterThanOrEqualTo(
							afterPromotion.storeTimeMillis() + PostgreSqlLeaseFixture.TIMING.quarantine().toMillis());
			}
			finally {
				standby.afterAll(null);
			}
		}
		finally {
			primary.afterAll(null);
		}
	}

	private static void copy(Path from, Path to) throws IOException {
		try (Stream<Path> files = Files.walk(from)) {
			files.forEach((file) -> {
				if (NOT_COPIED.contains(file.getFileName().toString())) {
					return;
				}
				try {
					Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
	}

}
