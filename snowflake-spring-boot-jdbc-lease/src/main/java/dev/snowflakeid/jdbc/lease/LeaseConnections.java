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
import java.sql.Driver;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.BeanUtils;
import org.springframework.boot.jdbc.DatabaseDriver;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import org.springframework.util.ClassUtils;

/**
 * The store's connections: a small pool of its own (HikariCP, {@value #POOL_SIZE}
 * connections), never the application's pool, so that an application pool exhausted for
 * longer than the outage tolerance does not stop renewals. The store makes one call at a
 * time, so one connection serves it and the second is ready to replace one that broke or
 * reached its lifetime. Every connection is retired after {@link #MAX_LIFETIME}, so that
 * the pool follows a failover of a DNS name or virtual IP within that time; a broken
 * connection is evicted when a call fails on it, and an idle one is checked before it is
 * lent; while none is ready, a call takes one straight from the driver. No call depends
 * on a fresh connection: each grant checks the server it reached on the connection it
 * uses ({@code docs/jdbc-lease-store.md}, Connections).
 */
public final class LeaseConnections {

	/** Connections of a store's pool: one in use, one ready. */
	public static final int POOL_SIZE = 2;

	/**
	 * Longest life of a pooled connection (HikariCP's shortest): re-opened at least this
	 * often, in the background.
	 */
	public static final Duration MAX_LIFETIME = Duration.ofSeconds(30);

	/** Shortest wait for a connection that HikariCP accepts. */
	public static final Duration MIN_CONNECT_TIMEOUT = Duration.ofMillis(250);

	/** Name of each store's pool, as its threads and log lines show it. */
	public static final String POOL_NAME = "snowflake-lease";

	private static final Pattern CREDENTIALS = Pattern.compile("(?i)([?&;])(user|password)=[^&;]*");

	private static final Pattern USER_INFO = Pattern.compile("//[^/@?]*@");

	private LeaseConnections() {
	}

	/**
	 * A pool of its own of connections to {@code url}, which the caller closes once the
	 * store's last call (the release on shutdown) has returned. It connects in the
	 * background: an unreachable database fails the first call, not this one.
	 * @param driverClassName the driver, or {@code null} to take the one the URL names
	 * @param connectTimeout the longest wait for a connection, from the pool or the
	 * driver; at least {@link #MIN_CONNECT_TIMEOUT}
	 * @param metrics where the pool reports its connections and waits (as
	 * {@code hikaricp.*} meters tagged {@code pool=}{@value #POOL_NAME} with Micrometer),
	 * or {@code null} for nowhere
	 * @throws UnsuitableDatabaseException if the URL names a database without a dialect
	 * @throws IllegalArgumentException if the connect timeout is shorter than
	 * {@link #MIN_CONNECT_TIMEOUT}
	 */
	public static HikariDataSource create(String url, @Nullable String driverClassName, @Nullable String username,
			@Nullable String password, Duration connectTimeout, Duration commandTimeout,
			@Nullable MetricsTrackerFactory metrics) {
		requireConnectTimeout(connectTimeout);
		DatabaseDriver product = DatabaseDriver.fromJdbcUrl(url);
		if (product != DatabaseDriver.POSTGRESQL) {
			throw UnsuitableDatabaseException.product(withoutCredentials(url),
					(product != DatabaseDriver.UNKNOWN) ? product.name() : "a database the URL does not name");
		}
		String driver = (driverClassName != null) ? driverClassName : product.getDriverClassName();
		if (driver == null) {
			throw new IllegalStateException("no JDBC driver known for " + withoutCredentials(url));
		}
		Class<?> type = ClassUtils.resolveClassName(driver, LeaseConnections.class.getClassLoader());
		Properties properties = PostgreSqlLeaseDialect.connectionProperties(connectTimeout, commandTimeout);
		SimpleDriverDataSource dataSource = new DriverConnections();
		dataSource.setDriver((Driver) BeanUtils.instantiateClass(type));
		dataSource.setUrl(url);
		dataSource.setConnectionProperties(properties);
		if (username != null) {
			dataSource.setUsername(username);
		}
		if (password != null) {
			dataSource.setPassword(password);
		}
		HikariConfig pool = new HikariConfig();
		pool.setPoolName(POOL_NAME);
		pool.setDataSource(dataSource);
		pool.setMaximumPoolSize(POOL_SIZE);
		pool.setMinimumIdle(POOL_SIZE);
		pool.setMaxLifetime(MAX_LIFETIME.toMillis());
		// no keepalive (HikariCP warns of one as long as the lifetime): an idle
		// connection is checked before it is lent, and retired after its lifetime
		pool.setKeepaliveTime(0);
		pool.setConnectionTimeout(connectTimeout.toMillis());
		pool.setValidationTimeout(connectTimeout.toMillis());
		// every call is one transaction, committed or rolled back before it returns
		pool.setAutoCommit(false);
		// start without a connection: the first call reports an unreachable database
		pool.setInitializationFailTimeout(-1);
		if (metrics != null) {
			pool.setMetricsTrackerFactory(metrics);
		}
		return new LeasePool(pool, dataSource);
	}

	/**
	 * Checks a connect timeout: HikariCP would replace one below
	 * {@link #MIN_CONNECT_TIMEOUT} with its default of 30 seconds.
	 * @throws IllegalArgumentException if it is shorter
	 */
	public static Duration requireConnectTimeout(Duration connectTimeout) {
		if (connectTimeout.compareTo(MIN_CONNECT_TIMEOUT) < 0) {
			throw new IllegalArgumentException("the connect timeout is " + connectTimeout.toMillis()
					+ " ms; the lease store's connection pool waits at least " + MIN_CONNECT_TIMEOUT.toMillis()
					+ " ms");
		}
		return connectTimeout;
	}

	/** The URL without user and password, as health details and messages show it. */
	public static String withoutCredentials(String url) {
		String stripped = CREDENTIALS.matcher(url).replaceAll("$1");
		stripped = USER_INFO.matcher(stripped).replaceFirst("//");
		return stripped.replace("?&", "?").replaceAll("[?&;]$", "");
	}

	/**
	 * The pool, which lends a connection straight from the driver, on the caller's
	 * thread, while it has none ready. After the database was unreachable, HikariCP opens
	 * its connections again only after a back-off that grows to 5 s between attempts:
	 * waiting for it would stop renewals for up to that long after the database is back,
	 * beyond the outage. A connection from the driver is closed, not pooled, when the
	 * call returns; the pool refills in the background.
	 */
	private static final class LeasePool extends HikariDataSource {

		private final DataSource driver;

		LeasePool(HikariConfig configuration, DataSource driver) {
			super(configuration);
			this.driver = driver;
		}

		@Override
		public Connection getConnection() throws SQLException {
			HikariPoolMXBean pool = getHikariPoolMXBean();
			if (pool != null && pool.getIdleConnections() == 0) {
				return this.driver.getConnection();
			}
			return super.getConnection();
		}

	}

	/**
	 * Connections straight from the driver, bounded by its connect and socket timeouts:
	 * the pool's login timeout is not passed on, as it would set {@code DriverManager}'s,
	 * which every driver in the JVM shares.
	 */
	private static final class DriverConnections extends SimpleDriverDataSource {

		@Override
		public void setLoginTimeout(int timeout) {
		}

	}

}
