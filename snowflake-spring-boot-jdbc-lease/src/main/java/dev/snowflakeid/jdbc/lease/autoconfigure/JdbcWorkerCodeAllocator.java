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

import java.time.Duration;

import com.zaxxer.hikari.HikariDataSource;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;
import dev.snowflakeid.autoconfigure.StoreTiming;
import dev.snowflakeid.autoconfigure.WorkerCodeAllocator;
import dev.snowflakeid.jdbc.lease.JdbcWorkerLeaseStore;
import dev.snowflakeid.jdbc.lease.LeaseDatabaseStartup;
import dev.snowflakeid.jdbc.lease.LeaseConnections;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.jdbc.DatabaseDriver;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.util.StringUtils;

/**
 * {@code snowflake.worker.allocator=jdbc}: codes leased from a table in the application's
 * database (its {@link JdbcConnectionDetails}), or in the one
 * {@code snowflake.worker.jdbc.url} names. Only when selected does it open the store's
 * connection pool, create the table where {@code initialize-schema} allows, and check the
 * database. The pool is closed with this bean, which is destroyed after the worker that
 * releases the lease through it (made before the store, so destroyed after it).
 */
final class JdbcWorkerCodeAllocator implements WorkerCodeAllocator, AutoCloseable {

	private final SnowflakeProperties properties;

	private final SnowflakeJdbcLeaseProperties jdbc;

	private final ObjectProvider<SnowflakeLayout> layout;

	private final ObjectProvider<JdbcConnectionDetails> applicationDatabase;

	private final ObjectProvider<LeasePoolMetrics> metrics;

	private @Nullable HikariDataSource pool;

	JdbcWorkerCodeAllocator(SnowflakeProperties properties, SnowflakeJdbcLeaseProperties jdbc,
			ObjectProvider<SnowflakeLayout> layout, ObjectProvider<JdbcConnectionDetails> applicationDatabase,
			ObjectProvider<LeasePoolMetrics> metrics) {
		this.properties = properties;
		this.jdbc = jdbc;
		this.layout = layout;
		this.applicationDatabase = applicationDatabase;
		this.metrics = metrics;
	}

	@Override
	public Allocator kind() {
		return Allocator.JDBC;
	}

	/** A database named here, or the application's. */
	@Override
	public boolean isAvailable() {
		return StringUtils.hasText(this.jdbc.getUrl()) || this.applicationDatabase.getIfAvailable() != null;
	}

	/**
	 * The command timeout; no failover window (no synchronous standbys counted yet). The
	 * connect timeout is checked here too, before anything connects.
	 */
	@Override
	public StoreTiming storeTiming() {
		InvalidSnowflakeConfigurationException.check("snowflake.worker.jdbc.connect-timeout",
				() -> LeaseConnections.requireConnectTimeout(this.jdbc.getConnectTimeout()),
				"Set snowflake.worker.jdbc.connect-timeout to " + LeaseConnections.MIN_CONNECT_TIMEOUT.toMillis()
						+ "ms or more, such as 1s (the default).");
		Duration timeout = InvalidSnowflakeConfigurationException.checkMillis("snowflake.worker.jdbc.command-timeout",
				this.jdbc.getCommandTimeout(), false);
		return new StoreTiming(timeout, Duration.ZERO, true);
	}

	@Override
	public JdbcWorkerLeaseStore leaseStore(LeaseTiming timing, Duration startupWaitBudget) {
		Target target = target();
		HikariDataSource pool = LeaseConnections.create(target.url(), target.driverClassName(), target.username(),
				target.password(), this.jdbc.getConnectTimeout(), this.jdbc.getCommandTimeout(),
				this.metrics.getIfAvailable(() -> LeasePoolMetrics.NONE).trackerFactory());
		try {
			JdbcWorkerLeaseStore store = store(pool, target, timing);
			LeaseDatabaseStartup.prepare(store, initializes(target), startupWaitBudget);
			this.pool = pool;
			return store;
		}
		catch (RuntimeException ex) {
			pool.close();
			throw ex;
		}
	}

	private JdbcWorkerLeaseStore store(HikariDataSource pool, Target target, LeaseTiming timing) {
		try {
			return JdbcWorkerLeaseStore.builder(pool, this.layout.getObject())
				.database(LeaseConnections.withoutCredentials(target.url()))
				.schema(StringUtils.hasText(this.jdbc.getSchema()) ? this.jdbc.getSchema() : null)
				.table(this.jdbc.getTable())
				.namespace(this.jdbc.getNamespace())
				.formatCoexistence(this.jdbc.getFormatCoexistence())
				.region(this.properties.getRegion())
				.ttl(this.properties.getWorker().getLease().getTtl())
				.timing(timing)
				.commandTimeout(this.jdbc.getCommandTimeout())
				.build();
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.jdbc.table",
					String.valueOf(ex.getMessage()),
					"Set snowflake.worker.jdbc.table (and snowflake.worker.jdbc.schema) to plain identifiers such "
							+ "as " + JdbcWorkerLeaseStore.DEFAULT_TABLE + ", and use at most 12 worker bits.");
		}
	}

	/**
	 * The default generator's table and namespace in {@code region}, through the same
	 * connections, whose database passed its checks when the default store was made.
	 */
	@Override
	public JdbcWorkerLeaseStore leaseStore(WorkerLeaseStore store, String name, int region, LeaseTiming timing) {
		return ((JdbcWorkerLeaseStore) store).inRegion(region);
	}

	@Override
	public UniquenessDomain domain(WorkerLeaseStore store) {
		JdbcWorkerLeaseStore jdbc = (JdbcWorkerLeaseStore) store;
		return UniquenessDomain.jdbc(LeaseConnections.withoutCredentials(target().url()), jdbc.table(),
				jdbc.namespace(), jdbc.region());
	}

	/**
	 * Closes the store's pool, if this allocator made a store: its last call, the release
	 * on shutdown, has returned by now.
	 */
	@Override
	public void close() {
		HikariDataSource pool = this.pool;
		if (pool != null) {
			this.pool = null;
			pool.close();
		}
	}

	/** As Spring Boot's own JDBC integrations decide it. */
	private boolean initializes(Target target) {
		DatabaseInitializationMode mode = this.jdbc.getInitializeSchema();
		String driver = (target.driverClassName() != null) ? target.driverClassName()
				: DatabaseDriver.fromJdbcUrl(target.url()).getDriverClassName();
		return mode == DatabaseInitializationMode.ALWAYS || (mode == DatabaseInitializationMode.EMBEDDED
				&& driver != null && EmbeddedDatabaseConnection.isEmbedded(driver, target.url()));
	}

	private Target target() {
		String url = this.jdbc.getUrl();
		if (StringUtils.hasText(url)) {
			return new Target(url, null, this.jdbc.getUsername(), this.jdbc.getPassword());
		}
		JdbcConnectionDetails details = this.applicationDatabase.getObject();
		return new Target(details.getJdbcUrl(), details.getDriverClassName(), details.getUsername(),
				details.getPassword());
	}

	private record Target(String url, @Nullable String driverClassName, @Nullable String username,
			@Nullable String password) {
	}

}
