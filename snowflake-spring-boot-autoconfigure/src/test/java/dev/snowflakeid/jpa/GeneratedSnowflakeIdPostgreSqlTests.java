package dev.snowflakeid.jpa;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;

/**
 * Runs against the PostgreSQL server on 127.0.0.1:5432 (database {@code test}, user {@code postgres}), in
 * a schema of its own so that parallel runs do not meet.
 */
class GeneratedSnowflakeIdPostgreSqlTests extends AbstractGeneratedSnowflakeIdTests {

	static final String URL = "jdbc:postgresql://127.0.0.1:5432/test";

	static final String USER = "postgres";

	private final String schema = "snowflake_jpa_"
			+ UUID.randomUUID().toString().replace("-", "").toLowerCase(Locale.ROOT);

	@Override
	Map<String, Object> databaseProperties() {
		execute("create schema " + this.schema);
		return Map.of("spring.datasource.url", URL + "?currentSchema=" + this.schema, "spring.datasource.username",
				USER);
	}

	@AfterAll
	void dropSchema() {
		execute("drop schema if exists " + this.schema + " cascade");
	}

	private static void execute(String sql) {
		try (Connection connection = DriverManager.getConnection(URL, USER, "");
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("PostgreSQL at " + URL + " as " + USER + ": " + sql, ex);
		}
	}

}
