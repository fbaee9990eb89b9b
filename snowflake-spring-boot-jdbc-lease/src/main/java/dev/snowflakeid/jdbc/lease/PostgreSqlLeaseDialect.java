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
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Every statement the store sends, in PostgreSQL's dialect: the one place where the SQL
 * of one database differs from another's. Column lists are fixed, so the readers in
 * {@link LeaseRows} stay in step with them.
 */
final class PostgreSqlLeaseDialect {

	/** The product name a PostgreSQL driver reports. */
	static final String PRODUCT = "PostgreSQL";

	private static final String SCHEMA_RESOURCE = "schema-postgresql.sql";

	/** The schema file on the class path. */
	static final String SCHEMA_RESOURCE_PATH = "classpath:dev/snowflakeid/jdbc/lease/" + SCHEMA_RESOURCE;

	/** Row columns read by {@link LeaseRows}, ending with the 32-bit id of the writer. */
	private static final String COLUMNS = "region, code, namespace, generation, token, expires_at, mark, mark_owner, "
			+ "others_mark, format, lead_limit, quarantine, ceiling_lead, lineage, epoch, server_lineage, regions, "
			+ "floor0, witness_xid, xmin::text::bigint AS writer";

	private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

	private final String table;

	PostgreSqlLeaseDialect(String table) {
		this.table = table;
	}

	/**
	 * Driver properties of the store's connections: connect and socket timeouts (whole
	 * seconds, rounded up; the socket timeout a second above the command timeout, which
	 * the server enforces itself) and the application name the server shows.
	 */
	static Properties connectionProperties(Duration connectTimeout, Duration commandTimeout) {
		Properties properties = new Properties();
		properties.setProperty("connectTimeout", Long.toString(seconds(connectTimeout)));
		properties.setProperty("socketTimeout", Long.toString(seconds(commandTimeout) + 1));
		properties.setProperty("ApplicationName", "snowflake worker leases");
		return properties;
	}

	/**
	 * Refuses another product, first in the transaction that makes the table and in the
	 * one that checks the settings, so that nothing is written to it: the schema file is
	 * plain SQL that MariaDB, MySQL or H2 would run, making a table in the user's
	 * database.
	 * @throws UnsuitableDatabaseException if {@code tx} reached another product
	 */
	static void requireProduct(LeaseTransaction tx, String database) {
		String product = tx.jdbc().execute((Connection c) -> c.getMetaData().getDatabaseProductName());
		if (!PRODUCT.equals(product)) {
			throw UnsuitableDatabaseException.product(database, String.valueOf(product));
		}
	}

	private static long seconds(Duration duration) {
		return Math.max(1, (duration.toMillis() + 999) / 1000);
	}

	/** The {@code CREATE TABLE IF NOT EXISTS} of the schema file, for this table. */
	String createTable() {
		try (InputStream in = PostgreSqlLeaseDialect.class.getResourceAsStream(SCHEMA_RESOURCE)) {
			if (in == null) {
				throw new IllegalStateException("missing resource " + SCHEMA_RESOURCE);
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("${table}", this.table);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Transaction settings and the server's role, in one round trip: commits wait for the
	 * primary's disk and the synchronous standbys however the role or database is set up;
	 * lock waits and statements end after the command timeout. Columns: in recovery, read
	 * only.
	 */
	String begin(Duration commandTimeout) {
		long millis = Math.max(1, commandTimeout.toMillis());
		return "SELECT set_config('synchronous_commit', 'on', true), set_config('lock_timeout', '" + millis
				+ "ms', true), set_config('statement_timeout', '" + millis + "ms', true), pg_is_in_recovery(), "
				+ "current_setting('transaction_read_only')";
	}

	/**
	 * The server's settings that durability rests on: {@code fsync},
	 * {@code full_page_writes}.
	 */
	String durabilitySettings() {
		return "SELECT current_setting('fsync'), current_setting('full_page_writes'), pg_is_in_recovery(), "
				+ "to_regclass('" + this.table + "') IS NOT NULL";
	}

	/** The meta row, locked for the rest of the transaction. */
	String lockMeta() {
		return "SELECT " + COLUMNS + " FROM " + this.table + " WHERE region = -1 AND code = -1 FOR UPDATE";
	}

	/** A new meta row, unless one exists. */
	String insertMeta() {
		return "INSERT INTO " + this.table
				+ " (region, code, witness_xid) VALUES (-1, -1, txid_current()) ON CONFLICT DO NOTHING";
	}

	/**
	 * The database clock at this moment (never the transaction's start, which
	 * {@code now()} would give), and the lineage of the table: the server's system
	 * identifier and current timeline (which a point-in-time recovery or a promotion
	 * changes), and the first 12 hex digits of the MD5 of the table's schema-qualified
	 * name as the catalog has it now (which a rename changes: two fleets' tables swapped
	 * by {@code ALTER TABLE} or {@code ALTER SCHEMA ... RENAME} keep their rows, their
	 * {@code xmin} and their grant counters, and each would otherwise pass for the
	 * other). At most 41 characters.
	 */
	String clock() {
		return "SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint, "
				+ "(SELECT system_identifier FROM pg_control_system())::text || '/' "
				+ "|| substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8) || '/' "
				+ "|| left(md5((SELECT n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n "
				+ "ON n.oid = c.relnamespace WHERE c.oid = to_regclass('" + this.table + "'))), 12)";
	}

	/** The region's rows (region row first, then codes in order), locked. */
	String lockRegion() {
		return "SELECT " + COLUMNS + " FROM " + this.table + " WHERE region = ? ORDER BY code FOR UPDATE";
	}

	/** The highest mark of the table. */
	String highestMark() {
		return "SELECT coalesce(max(mark), 0) FROM " + this.table + " WHERE code >= 0";
	}

	/** Regions that have rows. */
	String regionsWithRows() {
		return "SELECT DISTINCT region FROM " + this.table + " WHERE region >= 0 ORDER BY region";
	}

	/**
	 * The region row (namespace, format, lead limit) and code rows 0 to {@code ?} - 1 of
	 * region {@code ?}, where missing.
	 */
	String insertRegion() {
		return "INSERT INTO " + this.table + " (region, code, namespace, format, lead_limit, witness_xid) "
				+ "SELECT r, c, CASE WHEN c = -1 THEN ns END, CASE WHEN c = -1 THEN f END, CASE WHEN c = -1 THEN b END, "
				+ "txid_current() FROM (SELECT ?::integer AS r, ?::varchar AS ns, ?::varchar AS f, ?::bigint AS b) AS v, "
				+ "generate_series(-1, ? - 1) AS c ON CONFLICT DO NOTHING";
	}

	/**
	 * The format and lead limit of region {@code ?}'s row, written before regions
	 * recorded them.
	 */
	String recordRegionFormat() {
		return "UPDATE " + this.table + " SET format = ?, lead_limit = ?, witness_xid = txid_current() "
				+ "WHERE region = ? AND code = -1";
	}

	/** The region rows that record a format. */
	String regionFormats() {
		return "SELECT " + COLUMNS + " FROM " + this.table + " WHERE region >= 0 AND code = -1 AND format IS NOT NULL "
				+ "ORDER BY region";
	}

	/** Every row stamped as written by this transaction, after a loss was recorded. */
	String restamp() {
		return "UPDATE " + this.table + " SET witness_xid = txid_current()";
	}

	/** The meta row's new state. */
	String updateMeta() {
		return "UPDATE " + this.table + " SET format = ?, lead_limit = ?, quarantine = ?, ceiling_lead = ?, "
				+ "lineage = ?, epoch = ?, server_lineage = ?, regions = ?, floor0 = ?, witness_xid = txid_current() "
				+ "WHERE region = -1 AND code = -1";
	}

	/** A granted code row: generation, token, expiry and marks. */
	String updateCode() {
		return "UPDATE " + this.table + " SET generation = ?, token = ?, expires_at = ?, mark = ?, mark_owner = ?, "
				+ "others_mark = ?, witness_xid = txid_current() WHERE region = ? AND code = ?";
	}

	/**
	 * Frees a code its holder gives back, only if the token still holds it and the row is
	 * the store's own: a row put back by a restore is left as found, so that the next
	 * grant still sees it.
	 */
	String release() {
		return "UPDATE " + this.table + " SET token = NULL, expires_at = 0, mark = greatest(mark, ?), "
				+ "witness_xid = txid_current() WHERE region = ? AND code = ? AND token = ? "
				+ "AND witness_xid % 4294967296 = xmin::text::bigint";
	}

	/** Codes of the region with no live holder at the database's clock. */
	/**
	 * The region's codes (first parameter) less those held now: a code without a row yet
	 * is free, as it is before the region's first grant writes the rows.
	 */
	String available() {
		return "SELECT ?::bigint - count(*) FROM " + this.table + " WHERE region = ? AND code >= 0 AND token IS NOT "
				+ "NULL AND expires_at > (extract(epoch FROM clock_timestamp()) * 1000)::bigint";
	}

	/**
	 * {@code name}, if it is a plain SQL identifier: the table and schema go into the
	 * statements as they are, never quoted.
	 */
	static String requireIdentifier(String name) {
		if (!IDENTIFIER.matcher(name).matches()) {
			throw new IllegalArgumentException("'" + name + "' is not a plain SQL identifier (letters, digits and "
					+ "underscores, not starting with a digit, at most 63 characters)");
		}
		return name;
	}

}
