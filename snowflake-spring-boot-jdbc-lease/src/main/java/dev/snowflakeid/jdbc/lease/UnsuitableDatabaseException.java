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

import java.util.Locale;
import java.util.Objects;

/**
 * The database the leases use cannot keep them safe, found before the first claim. Names
 * the database, the setting or property at fault and the {@link Reason}, with what the
 * database reported, so that a failure analysis can say what to change. Never retried.
 */
public final class UnsuitableDatabaseException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final Reason reason;

	private final String database;

	private final String observed;

	private UnsuitableDatabaseException(Reason reason, String database, String observed, String message) {
		super(message);
		this.reason = reason;
		this.database = Objects.requireNonNull(database, "database");
		this.observed = Objects.requireNonNull(observed, "observed");
	}

	/**
	 * A database product the store has no dialect for, with the guarantee it lacks where
	 * the product is one the documentation examines (MariaDB, MySQL, H2).
	 * @param database the database, without credentials
	 * @param product the product, as the URL or the driver names it
	 */
	public static UnsuitableDatabaseException product(String database, String product) {
		return new UnsuitableDatabaseException(Reason.PRODUCT, database, product,
				"worker leases in a database need PostgreSQL, but " + database + " is " + product + ", which has "
						+ lacking(product) + " (docs/jdbc-lease-store.md#other-databases)");
	}

	/**
	 * What {@code product} lacks, in the words of the documentation's table: what
	 * PostgreSQL gives a grant there and the others do not.
	 */
	private static String lacking(String product) {
		String name = product.toLowerCase(Locale.ROOT);
		if (name.contains("mariadb") || name.contains("mysql")) {
			return "no value the server writes into each row, so a table restored from a dump looks like the "
					+ "store's latest state, and no server lineage that a physical restore or a promotion changes";
		}
		if (name.equals("h2")) {
			return "no clock reading after the row lock (CURRENT_TIMESTAMP is the transaction's or the statement's "
					+ "start), no value the server writes into each row and no server lineage";
		}
		return "no dialect here; the store needs a value the server writes into each row (PostgreSQL's xmin), so "
				+ "that a restored lease table is seen";
	}

	/**
	 * A standby, or a server that opens transactions read-only.
	 * @param database the database, without credentials
	 */
	public static UnsuitableDatabaseException standby(String database) {
		return new UnsuitableDatabaseException(Reason.STANDBY, database, "pg_is_in_recovery() = true",
				"the lease connection reached " + database + ", a standby: worker leases must be written on the "
						+ "primary, whose rows a standby's may lag");
	}

	/**
	 * A server setting that a committed grant's durability rests on, switched off.
	 * @param database the database, without credentials
	 * @param setting the setting, such as {@code fsync}
	 * @param value its value
	 */
	public static UnsuitableDatabaseException setting(String database, String setting, String value) {
		return new UnsuitableDatabaseException(Reason.SETTING, database, setting + " = " + value,
				database + " runs with " + setting + " = " + value
						+ ": a crash may lose committed lease grants without a trace");
	}

	/**
	 * No lease table, and {@code initialize-schema} does not allow making it.
	 * @param database the database, without credentials
	 * @param table the table, qualified with its schema where one is configured
	 */
	public static UnsuitableDatabaseException table(String database, String table) {
		return new UnsuitableDatabaseException(Reason.TABLE, database, table,
				database + " has no lease table " + table + "; create it from "
						+ PostgreSqlLeaseDialect.SCHEMA_RESOURCE_PATH + " (or let the lease store create it)");
	}

	/** Which rule the database fails. */
	public Reason reason() {
		return this.reason;
	}

	/** The database at fault, without credentials. */
	public String database() {
		return this.database;
	}

	/** What the database reported: the product, the role or the setting's value. */
	public String observed() {
		return this.observed;
	}

	/** The rules a lease database must meet. */
	public enum Reason {

		/** Not a product the store has a dialect for. */
		PRODUCT,

		/** A standby, where the primary must be. */
		STANDBY,

		/**
		 * A durability setting switched off: {@code fsync} or {@code full_page_writes}.
		 */
		SETTING,

		/** The lease table does not exist. */
		TABLE

	}

}
