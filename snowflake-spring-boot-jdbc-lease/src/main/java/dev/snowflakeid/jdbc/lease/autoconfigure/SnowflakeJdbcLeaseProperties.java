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

import dev.snowflakeid.jdbc.lease.FormatCoexistence;
import dev.snowflakeid.jdbc.lease.JdbcWorkerLeaseStore;
import dev.snowflakeid.lease.LeaseTiming;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * JDBC lease store of the worker codes ({@code snowflake.worker.allocator=jdbc}); the
 * database is the application's (spring.datasource.*) unless url is set here.
 */
@ConfigurationProperties("snowflake.worker.jdbc")
public class SnowflakeJdbcLeaseProperties {

	/**
	 * JDBC URL of a database for worker leases only; when not set, the application's
	 * database.
	 */
	private @Nullable String url;

	/**
	 * Login user of the database named by url.
	 */
	private @Nullable String username;

	/**
	 * Login password of the database named by url.
	 */
	private @Nullable String password;

	/**
	 * Schema of the lease table; when not set, the connection's default schema.
	 */
	private @Nullable String schema;

	/**
	 * Name of the lease table: one table is one key space, with one ID format (and, with
	 * format-coexistence, formats side by side in regions of their own).
	 */
	private String table = JdbcWorkerLeaseStore.DEFAULT_TABLE;

	/**
	 * Uniqueness domain within the lease table: applications whose IDs may meet must
	 * share it.
	 */
	private String namespace = JdbcWorkerLeaseStore.DEFAULT_NAMESPACE;

	/**
	 * Whether this instance's ID format may differ from the one the lease table records:
	 * side-by-side lets it take a region no instance has used yet where timestamp bits,
	 * region bits, tick and epoch are equal; the region then keeps this format
	 * (docs/jdbc-lease-store.md, claim 12).
	 */
	private FormatCoexistence formatCoexistence = FormatCoexistence.NONE;

	/**
	 * Longest wait for the lease table's row lock and longest lease statement; well
	 * inside the renew interval.
	 */
	private Duration commandTimeout = LeaseTiming.DEFAULT_REQUEST_LATENESS;

	/**
	 * Longest wait for a connection from the lease store's own pool, and for the driver
	 * to set one up (rounded up to whole seconds there); at least 250ms, separate from
	 * the command timeout.
	 */
	private Duration connectTimeout = Duration.ofSeconds(1);

	/**
	 * When to create the lease table on first use: for an embedded database only, always,
	 * or never.
	 */
	private DatabaseInitializationMode initializeSchema = DatabaseInitializationMode.EMBEDDED;

	public @Nullable String getUrl() {
		return this.url;
	}

	public void setUrl(@Nullable String url) {
		this.url = url;
	}

	public @Nullable String getUsername() {
		return this.username;
	}

	public void setUsername(@Nullable String username) {
		this.username = username;
	}

	public @Nullable String getPassword() {
		return this.password;
	}

	public void setPassword(@Nullable String password) {
		this.password = password;
	}

	public @Nullable String getSchema() {
		return this.schema;
	}

	public void setSchema(@Nullable String schema) {
		this.schema = schema;
	}

	public String getTable() {
		return this.table;
	}

	public void setTable(String table) {
		this.table = table;
	}

	public String getNamespace() {
		return this.namespace;
	}

	public void setNamespace(String namespace) {
		this.namespace = namespace;
	}

	public Duration getCommandTimeout() {
		return this.commandTimeout;
	}

	public void setCommandTimeout(Duration commandTimeout) {
		this.commandTimeout = commandTimeout;
	}

	public Duration getConnectTimeout() {
		return this.connectTimeout;
	}

	public void setConnectTimeout(Duration connectTimeout) {
		this.connectTimeout = connectTimeout;
	}

	public FormatCoexistence getFormatCoexistence() {
		return this.formatCoexistence;
	}

	public void setFormatCoexistence(FormatCoexistence formatCoexistence) {
		this.formatCoexistence = formatCoexistence;
	}

	public DatabaseInitializationMode getInitializeSchema() {
		return this.initializeSchema;
	}

	public void setInitializeSchema(DatabaseInitializationMode initializeSchema) {
		this.initializeSchema = initializeSchema;
	}

}
