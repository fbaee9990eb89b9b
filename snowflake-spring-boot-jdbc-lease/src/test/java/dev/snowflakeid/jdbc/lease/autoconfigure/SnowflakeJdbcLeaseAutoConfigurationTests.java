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

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.jdbc.lease.PostgreSqlLeaseFixture;
import dev.snowflakeid.jdbc.lease.UnsuitableDatabaseException;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code snowflake.worker.allocator=jdbc} in an application context, against a real
 * PostgreSQL server: IDs issued under a code leased from the table, the database named by
 * {@code snowflake.worker.jdbc.url} or the application's, the schema made where allowed,
 * and the failures of a missing database or table.
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
