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
package dev.snowflakeid.jdbc.lease.autoconfigure;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.jdbc.lease.PostgreSqlLeaseFixture;
import dev.snowflakeid.jdbc.lease.UnsuitableDatabaseException;
import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseListener;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code snowflake.worker.allocator=jdbc} in an application context, against a real
 * PostgreSQL server: IDs issued under a code leased from the table, the database named by
 * {@code snowflake.worker.jdbc.url} or the application's, the schema made where allowed,
 * the store's pool of its own (renewing while the application's pool is exhausted, closed
 * after the release on shutdown), and the failures of a missing database or table.
 */
@RealProcesses
class SnowflakeJdbcLeaseAutoConfigurationTests {

	/**
	 * A short timing, so that the first start on an empty table (a detected loss) waits
	 * about Q = 2.2 s: A = 1.2 s, B = A + s + lateness = 1.7 s.
	 */
	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(SnowflakeJdbcLeaseAutoConfiguration.class, SnowflakeAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=jdbc", "snowflake.worker.lease.outage-tolerance=1s",
				"snowflake.worker.lease.renew-interval=100ms", "snowflake.worker.lease.max-clock-skew=200ms",
				"snowflake.worker.lease.fleet-lead-limit=1700ms", "snowflake.worker.jdbc.command-timeout=300ms");

	@RegisterExtension
	static final PostgreSqlLeaseFixture postgres = PostgreSqlLeaseFixture.start();

	@Test
	void issuesIdsUnderACodeLeasedFromTheTableItCreated() {
		String schema = postgres.freshSchema();
		this.runner
			.withPropertyValues("snowflake.worker.jdbc.url=" + postgres.url() + "&password=secret",
					"snowflake.worker.jdbc.schema=" + schema, "snowflake.worker.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				long id = context.getBean(IdGenerator.class).nextId();
				assertThat(id).isPositive();
				int worker = context.getBean(SnowflakeLayout.class).decode(id).worker();
				assertThat(postgres.admin()
					.queryForObject("SELECT count(*) FROM " + schema + ".snowflake_worker_lease WHERE code = ? "
							+ "AND token IS NOT NULL", Long.class, worker))
					.isOne();
				UniquenessDomain domain = context.getBean(UniquenessDomain.class);
				assertThat(domain.details()).containsEntry("table", schema + ".snowflake_worker_lease")
					.containsEntry("namespace", "default")
					.containsEntry("region", 0);
				assertThat(domain.toString()).contains("jdbc:postgresql://").doesNotContain("secret");
			});
		assertThat(
				postgres.admin()
					.queryForObject("SELECT count(*) FROM " + schema + ".snowflake_worker_lease WHERE code >= 0 "
							+ "AND token IS NOT NULL", Long.class))
			.as("the code given back when the context closed")
			.isZero();
	}

	@Test
	void thePoolIsClosedAfterTheCodeIsGivenBack() {
		String schema = postgres.freshSchema();
		String leases = "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'snowflake worker leases'";
		this.runner
			.withPropertyValues("snowflake.worker.jdbc.url=" + postgres.url(), "snowflake.worker.jdbc.schema=" + schema,
					"snowflake.worker.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(postgres.admin().queryForObject(leases, Long.class)).as("the pool's connections")
					.isBetween(1L, 2L);
			});
		assertThat(postgres.admin()
			.queryForObject("SELECT count(*) FROM " + schema + ".snowflake_worker_lease WHERE code >= 0 "
					+ "AND token IS NOT NULL", Long.class))
			.as("the code given back through the pool before it closed")
			.isZero();
		Polling.await("the pool's connections to close", Duration.ofSeconds(5))
			.until(() -> postgres.admin().queryForObject(leases, Long.class) == 0);
	}

	@Test
	void thePoolReportsToTheApplicationsMeterRegistry() {
		String schema = postgres.freshSchema();
		this.runner.withBean(SimpleMeterRegistry.class)
			.withPropertyValues("snowflake.worker.jdbc.url=" + postgres.url(), "snowflake.worker.jdbc.schema=" + schema,
					"snowflake.worker.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				MeterRegistry meters = context.getBean(MeterRegistry.class);
				assertThat(meters.get("hikaricp.connections.max").tag("pool", "snowflake-lease").gauge().value())
					.isEqualTo(2);
				Polling.await("renewals through pooled connections", Duration.ofSeconds(10))
					.until(() -> meters.get("hikaricp.connections.usage")
						.tag("pool", "snowflake-lease")
						.timer()
						.count() > 0);
			});
	}

	@Test
	void withoutMicrometerThePoolReportsNowhere() {
		String schema = postgres.freshSchema();
		this.runner.withClassLoader(new FilteredClassLoader("io.micrometer"))
			.withPropertyValues("snowflake.worker.jdbc.url=" + postgres.url(), "snowflake.worker.jdbc.schema=" + schema,
					"snowflake.worker.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(LeasePoolMetrics.class);
				assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
			});
	}

	/**
	 * The application's pool has one connection, held by the application: renewals go on
	 * through the store's own pool, and the application's pool stays exhausted.
	 */
	@Test
	void renewsWhileTheApplicationsPoolIsExhausted() {
		String schema = postgres.freshSchema();
		AtomicLong renewals = new AtomicLong();
		WorkerLeaseListener counter = (event) -> {
			if (event.type() == LeaseEvent.Type.RENEWED) {
				renewals.incrementAndGet();
			}
		};
		this.runner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withBean(WorkerLeaseListener.class, () -> counter)
			.withPropertyValues("spring.datasource.url=" + postgres.url(),
					"spring.datasource.hikari.maximum-pool-size=1", "spring.datasource.hikari.connection-timeout=250",
					"snowflake.worker.jdbc.schema=" + schema, "snowflake.worker.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				DataSource application = context.getBean(DataSource.class);
				try (Connection held = application.getConnection()) {
					assertThatExceptionOfType(SQLException.class).as("the application's pool is exhausted")
						.isThrownBy(() -> application.getConnection().close());
					long before = renewals.get();
					// the lease runs out after A = 1.2 s without a renewal: 20 renewals
					// at 100 ms take 2 s or more
					Polling.await("renewals while the application's pool is exhausted", Duration.ofSeconds(10))
						.until(() -> renewals.get() >= before + 20);
					assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
					assertThatExceptionOfType(SQLException.class).as("the application's pool still exhausted")
						.isThrownBy(() -> application.getConnection().close());
				}
			});
	}

	@Test
	void aConnectTimeoutBelowThePoolsMinimumFailsStartup() {
		this.runner
			.withPropertyValues("snowflake.worker.jdbc.url=" + postgres.url(),
					"snowflake.worker.jdbc.connect-timeout=100ms")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOfSatisfying(InvalidSnowflakeConfigurationException.class,
						(ex) -> assertThat(ex.property()).isEqualTo("snowflake.worker.jdbc.connect-timeout"))
				.hasMessageContaining("250 ms"));
	}

	@Test
	void usesTheApplicationsDatabase() {
		String schema = postgres.freshSchema();
		this.runner.withBean(JdbcConnectionDetails.class, () -> new JdbcConnectionDetails() {

			@Override
			public String getUsername() {
				return "postgres";
			}

			@Override
			public String getPassword() {
				return "";
			}

			@Override
			public String getJdbcUrl() {
				return SnowflakeJdbcLeaseAutoConfigurationTests.postgres.url();
			}

		})
			.withPropertyValues("snowflake.worker.jdbc.schema=" + schema,
					"snowflake.worker.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
			});
	}

	@Test
	void withoutADatabaseStartupNamesTheProperties() {
		this.runner.run((context) -> assertThat(context).getFailure()
			.rootCause()
			.isInstanceOf(InvalidSnowflakeConfigurationException.class)
			.hasMessageContaining("spring.datasource.url")
			.hasMessageContaining("snowflake.worker.jdbc.url"));
	}

	@Test
	void withoutTheTableAndWithoutSchemaInitializationStartupFails() {
		String schema = postgres.freshSchema();
		this.runner
			.withPropertyValues("snowflake.worker.jdbc.url=" + postgres.url(), "snowflake.worker.jdbc.schema=" + schema)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOfSatisfying(UnsuitableDatabaseException.class,
						(ex) -> assertThat(ex.reason()).isEqualTo(UnsuitableDatabaseException.Reason.TABLE))
				.hasMessageContaining(schema + ".snowflake_worker_lease")
				.hasMessageContaining("schema-postgresql.sql"));
	}

}
