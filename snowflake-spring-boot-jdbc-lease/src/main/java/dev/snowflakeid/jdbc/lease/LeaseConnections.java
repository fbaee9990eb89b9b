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

import java.sql.Driver;
import java.time.Duration;
import java.util.Properties;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.BeanUtils;
import org.springframework.boot.jdbc.DatabaseDriver;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import org.springframework.util.ClassUtils;

/**
 * The store's connections: one opened for each call and closed after it, straight from
 * the driver, never borrowed from the application's pool, so that an exhausted pool does
 * not stop renewals and no connection outlives a failover.
 */
public final class LeaseConnections {

	private static final Pattern CREDENTIALS = Pattern.compile("(?i)([?&;])(user|password)=[^&;]*");

	private static final Pattern USER_INFO = Pattern.compile("//[^/@?]*@");

	private LeaseConnections() {
	}

	/**
	 * A source of fresh connections to {@code url}.
	 * @param driverClassName the driver, or {@code null} to take the one the URL names
	 * @throws UnsuitableDatabaseException if the URL names a database without a dialect
	 */
	public static DataSource create(String url, @Nullable String driverClassName, @Nullable String username,
			@Nullable String password, Duration connectTimeout, Duration commandTimeout) {
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
		SimpleDriverDataSource dataSource = new SimpleDriverDataSource();
		dataSource.setDriver((Driver) BeanUtils.instantiateClass(type));
		dataSource.setUrl(url);
		dataSource.setConnectionProperties(properties);
		if (username != null) {
			dataSource.setUsername(username);
		}
		if (password != null) {
			dataSource.setPassword(password);
		}
		return dataSource;
	}

	/** The URL without user and password, as health details and messages show it. */
	public static String withoutCredentials(String url) {
		String stripped = CREDENTIALS.matcher(url).replaceAll("$1");
		stripped = USER_INFO.matcher(stripped).replaceFirst("//");
		return stripped.replace("?&", "?").replaceAll("[?&;]$", "");
	}

}
