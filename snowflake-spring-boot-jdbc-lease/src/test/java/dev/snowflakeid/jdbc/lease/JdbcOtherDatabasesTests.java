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
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import javax.sql.DataSource;

import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.jdbc.lease.UnsuitableDatabaseException.Reason;
import dev.snowflakeid.jdbc.lease.autoconfigure.SnowflakeJdbcLeaseAutoConfiguration;
import dev.snowflakeid.testsupport.MariaDbServer;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The products the store refuses, run for real: H2 in memory and a MariaDB 10.11 server
 * of this class's own. Each is refused by name, with the guarantee it lacks, before
 * anything is written: with the schema's creation allowed, the database holds no table
 * afterwards (the schema file is plain SQL that both would run). MySQL is refused by its
 * URL only ({@link JdbcLeaseProtocolTests}); no MySQL server runs here.
 */
@RealProcesses
@ExtendWith(OutputCaptureExtension.class)
class JdbcOtherDatabasesTests {

	private static final String H2_SYSTEM = "'INFORMATION_SCHEMA'";

	private static final String MARIADB_SYSTEM = "'mysql', 'information_schema', 'performance_schema', 'sys'";

	private static MariaDbServer mariadb;

	@BeforeAll
	static void startMariaDb() {
		mariadb = MariaDbServer.start();
	}

	@AfterAll
	static void stopMariaDb() {
		if (mariadb != null) {
			mariadb.close();
		}
	}

	@Test
	void h2IsRefusedBeforeTheTableIsMade() {
		String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		JdbcTemplate h2 = new JdbcTemplate(new SimpleDriverDataSource(new org.h2.Driver(), url));
		try {
			assertRefusedLeavingNoTable(store(h2.getDataSource(), url),
					() -> tables(h2, H2_SYSTEM, "TABLE_SCHEMA || '.' || TABLE_NAME"), "H2",
					url + " is H2, which has no clock reading after the row lock");
		}
		finally {
			h2.execute("SHUTDOWN");
		}
	}

	/**
	 * What the docs table says of H2 2.x: in its default mode {@code CURRENT_TIMESTAMP}
	 * is the transaction's start, the same in every later statement of it however much
	 * time has passed; in its MySQL mode, the statement's start. Neither is a reading
	 * after a row lock taken earlier in the statement or the transaction.
	 */
	@Test
	void h2sCurrentTimestampIsTheTransactionsStartOrTheStatements() throws SQLException {
		List<Timestamp> regular = readings("");
		assertThat(regular.get(1)).as("default mode: a later statement of the transaction").isEqualTo(regular.get(0));
		assertThat(regular.get(2)).as("default mode: the next transaction").isAfter(regular.get(0));
		List<Timestamp> mysql = readings(";MODE=MySQL");
		assertThat(mysql.get(1)).as("MySQL mode: a later statement of the transaction").isAfter(mysql.get(0));
	}

	/**
	 * {@code CURRENT_TIMESTAMP} of a fresh H2 database in memory: twice in one
	 * transaction, the second time once the wall clock is 50 ms past the first reading,
	 * then in the next transaction.
	 */
	private static List<Timestamp> readings(String options) throws SQLException {
		try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:" + UUID.randomUUID() + options)) {
			connection.setAutoCommit(false);
			Timestamp first = currentTimestamp(connection);
			Polling.await("the wall clock 50 ms past the first reading", Duration.ofSeconds(5))
				.until(() -> System.currentTimeMillis() > first.getTime() + 50);
			Timestamp second = currentTimestamp(connection);
			connection.commit();
			return List.of(first, second, currentTimestamp(connection));
		}
	}

	@Test
	void anApplicationOnH2FailsStartupNamingH2AndASettingThatWorks(CapturedOutput output) {
		assertThatException()
			.isThrownBy(() -> new SpringApplicationBuilder(JdbcLeases.class).web(WebApplicationType.NONE)
				.properties("spring.main.banner-mode=off", "spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
						"snowflake.worker.allocator=jdbc", "snowflake.worker.jdbc.initialize-schema=always")
				.run())
			.havingRootCause()
			.isInstanceOfSatisfying(UnsuitableDatabaseException.class, (ex) -> {
				assertThat(ex.reason()).isEqualTo(Reason.PRODUCT);
				assertThat(ex.observed()).isEqualTo("H2");
			});
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Worker leases cannot use this database")
			.contains("is H2, which has no clock reading after the row lock")
			.contains("Point spring.datasource.url (or snowflake.worker.jdbc.url) at a PostgreSQL database")
			.contains("snowflake.worker.allocator=redis")
			.contains("snowflake.worker.allocator=kubernetes");
	}

	@Test
	void mariaDbIsRefusedBeforeTheTableIsMade() {
		JdbcTemplate admin = new JdbcTemplate(mariaDb(""));
		admin.execute("CREATE DATABASE leases");
		try {
			String database = LeaseConnections.withoutCredentials(mariadb.url("leases"));
			assertRefusedLeavingNoTable(store(mariaDb("leases"), database),
					() -> tables(admin, MARIADB_SYSTEM, "CONCAT(table_schema, '.', table_name)"), "MariaDB",
					database + " is MariaDB, which has no value the server writes into each row");
		}
		finally {
			admin.execute("DROP DATABASE leases");
		}
	}

	@Test
	void aMariaDbUrlIsRefusedByNameWithoutConnecting() {
		SingleConnectionDataSource connection = new SingleConnectionDataSource(mariadb.url(""), true);
		try {
			JdbcTemplate admin = new JdbcTemplate(connection);
			String attempts = "SELECT variable_value FROM information_schema.global_status "
					+ "WHERE variable_name = 'CONNECTIONS'";
			Long before = admin.queryForObject(attempts, Long.class);
			assertThatExceptionOfType(UnsuitableDatabaseException.class)
				.isThrownBy(() -> LeaseConnections.create(mariadb.url("leases") + "&password=secret", null, null, null,
						Duration.ofSeconds(1), Duration.ofSeconds(1), null))
				.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.PRODUCT))
				.satisfies((ex) -> assertThat(ex.observed()).isEqualTo("MARIADB"))
				.withMessageContaining("is MARIADB, which has no value the server writes into each row")
				.withMessageNotContaining("secret");
			assertThat(admin.queryForObject(attempts, Long.class)).as("connection attempts").isEqualTo(before);
		}
		finally {
			connection.destroy();
		}
	}

	/**
	 * Prepares {@code store} with the table's creation allowed, as an application with
	 * {@code initialize-schema=always} does; asserts that the database holds no table
	 * afterwards ({@code tables}) and that the store refused the product by name.
	 */
	private static void assertRefusedLeavingNoTable(JdbcWorkerLeaseStore store, Supplier<List<String>> tables,
			String product, String message) {
		Throwable refusal = catchThrowable(() -> LeaseDatabaseStartup.prepare(store, true, Duration.ofSeconds(5)));
		assertThat(tables.get()).as("tables in %s after the refusal", product).isEmpty();
		assertThat(refusal).isInstanceOfSatisfying(UnsuitableDatabaseException.class, (ex) -> {
			assertThat(ex.reason()).isEqualTo(Reason.PRODUCT);
			assertThat(ex.observed()).isEqualTo(product);
		}).hasMessageContaining(message).hasMessageContaining("docs/jdbc-lease-store.md#other-databases");
	}

	private static JdbcWorkerLeaseStore store(DataSource dataSource, String database) {
		return JdbcWorkerLeaseStore.builder(dataSource, PostgreSqlLeaseFixture.LAYOUT)
			.database(database)
			.timing(PostgreSqlLeaseFixture.TIMING)
			.build();
	}

	private static DataSource mariaDb(String database) {
		return new SimpleDriverDataSource(new org.mariadb.jdbc.Driver(), mariadb.url(database));
	}

	/** Every table outside the system schemas, as schema.table. */
	private static List<String> tables(JdbcTemplate jdbc, String systemSchemas, String name) {
		return jdbc.queryForList(
				"SELECT " + name + " FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA NOT IN (" + systemSchemas + ")",
				String.class);
	}

	private static Timestamp currentTimestamp(Connection connection) throws SQLException {
		return new JdbcTemplate(new SingleConnectionDataSource(connection, true))
			.queryForObject("SELECT CURRENT_TIMESTAMP", Timestamp.class);
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, SnowflakeJdbcLeaseAutoConfiguration.class,
			SnowflakeAutoConfiguration.class })
	static class JdbcLeases {

	}

}
