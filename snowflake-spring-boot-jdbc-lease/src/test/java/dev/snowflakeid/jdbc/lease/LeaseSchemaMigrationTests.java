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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.testsupport.RealProcesses;
import liquibase.integration.spring.SpringLiquibase;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The schema as teams that own their migrations apply it: the Liquibase changelog beside
 * the store, with the table name as a changelog parameter, and the Flyway repeatable
 * migration, with the table name as a placeholder, each make a table the store accepts
 * and leases from.
 */
@RealProcesses
class LeaseSchemaMigrationTests {

	@RegisterExtension
	static final PostgreSqlLeaseFixture postgres = PostgreSqlLeaseFixture.start();

	@Test
	void liquibaseChangelogMakesTheTable() throws Exception {
		String schema = postgres.freshSchema();
		SpringLiquibase liquibase = new SpringLiquibase();
		liquibase.setDataSource(postgres.admin().getDataSource());
		liquibase.setResourceLoader(new DefaultResourceLoader());
		liquibase
			.setChangeLog("classpath:dev/snowflakeid/jdbc/lease/liquibase/db.changelog-snowflake-worker-lease.xml");
		liquibase.setChangeLogParameters(Map.of("table", schema + "." + JdbcWorkerLeaseStore.DEFAULT_TABLE));
		liquibase.afterPropertiesSet();
		assertLeasesFrom(schema);
	}

	/**
	 * Beside an application's own versioned migrations, whose numbers it does not take;
	 * run again, it is not applied again, and the table keeps its rows.
	 */
	@Test
	void flywayRepeatableMigrationMakesTheTable() {
		String schema = postgres.freshSchema();
		Flyway flyway = Flyway.configure()
			.dataSource(postgres.admin().getDataSource())
			.defaultSchema(schema)
			.locations("classpath:dev/snowflakeid/jdbc/lease/flyway-application",
					"classpath:dev/snowflakeid/jdbc/lease/flyway")
			.placeholders(
					Map.of("table", schema + "." + JdbcWorkerLeaseStore.DEFAULT_TABLE, "orders", schema + ".orders"))
			.load();
		MigrateResult first = flyway.migrate();
		assertThat(first.migrations)
			.extracting((migration) -> migration.version,
					(migration) -> Path.of(migration.filepath).getFileName().toString())
			.containsExactly(tuple("1", "V1__orders.sql"), tuple("", "R__snowflake_worker_lease.sql"));
		assertLeasesFrom(schema);
		assertThat(flyway.migrate().migrationsExecuted).as("nothing to apply again").isZero();
		assertThat(rows(schema)).isEqualTo(1 + 1 + PostgreSqlLeaseFixture.LAYOUT.maxWorkers());
	}

	/** The Flyway migration's statement is the one the store and Liquibase apply. */
	@Test
	void flywayMigrationHasTheStoresStatement() throws IOException {
		assertThat(statement("flyway/R__snowflake_worker_lease.sql")).isEqualTo(statement("schema-postgresql.sql"));
	}

	private static void assertLeasesFrom(String schema) {
		PostgreSqlLeaseFixture.Table table = postgres.new Table(schema);
		JdbcWorkerLeaseStore store = table.store();
		store.verify();
		LeaseGrant grant = store.claim(-1);
		assertThat(grant.workerCode()).isNotNegative();
		assertThat(rows(schema)).isEqualTo(1 + 1 + PostgreSqlLeaseFixture.LAYOUT.maxWorkers());
	}

	private static Long rows(String schema) {
		return postgres.admin()
			.queryForObject("SELECT count(*) FROM " + schema + "." + JdbcWorkerLeaseStore.DEFAULT_TABLE, Long.class);
	}

	private static String statement(String resource) throws IOException {
		String sql = new ClassPathResource(resource, JdbcWorkerLeaseStore.class)
			.getContentAsString(StandardCharsets.UTF_8);
		return sql.substring(sql.indexOf("CREATE TABLE"));
	}

}
