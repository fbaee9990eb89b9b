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

import java.security.SecureRandom;
import java.sql.SQLException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

import javax.sql.DataSource;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.jdbc.lease.LeaseGrants.Granting;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLeaseException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Worker leases in one table of a SQL database (PostgreSQL). Every grant is one
 * transaction on one connection, which may have served earlier calls, so every check runs
 * on that connection in that transaction: it refuses a standby, locks the table's meta
 * row, reads the database clock and the server's lineage after the lock
 * ({@code clock_timestamp()}, never the transaction's start), checks the loss marker the
 * table carries, and records every ceiling as the code's high-water mark before the
 * commit; the answer is used only once the commit returned without a warning. The
 * argument, claim by claim, is in {@code docs/jdbc-lease-store.md}.
 *
 * <p>
 * A region has at most {@link #MAX_CODES} codes: each has a row, made with the region's
 * first grant, so that a missing row shows as a loss.
 */
public final class JdbcWorkerLeaseStore implements WorkerLeaseStore {

	/** Most worker codes of a region this store leases (a layout of 12 worker bits). */
	public static final int MAX_CODES = 4096;

	/** Namespace of a store that sets none. */
	public static final String DEFAULT_NAMESPACE = "default";

	/** Lease table of a store that names none. */
	public static final String DEFAULT_TABLE = "snowflake_worker_lease";

	private static final SecureRandom RANDOM = new SecureRandom();

	private final DataSource dataSource;

	private final LeaseSettings settings;

	private final PostgreSqlLeaseDialect dialect;

	private final LeaseGrants grants;

	private final InstantSource clock;

	private final SnowflakeLayout layout;

	private final ReentrantLock lock = new ReentrantLock();

	private JdbcWorkerLeaseStore(Builder builder) {
		this.dataSource = builder.dataSource;
		String table = (builder.schema != null)
				? PostgreSqlLeaseDialect.requireIdentifier(builder.schema) + "."
						+ PostgreSqlLeaseDialect.requireIdentifier(builder.table)
				: PostgreSqlLeaseDialect.requireIdentifier(builder.table);
		int codes = builder.layout.maxWorkers();
		if (codes > MAX_CODES) {
			throw new IllegalArgumentException("a layout of " + builder.layout.workerBits() + " worker bits has "
					+ codes + " codes per region; the JDBC lease store leases at most " + MAX_CODES);
		}
		builder.layout.requireRegion(builder.region);
		this.settings = new LeaseSettings(table, builder.database, builder.namespace, builder.region, codes,
				builder.layout.toString(), builder.coexistence, builder.timing, builder.ttl, builder.commandTimeout);
		this.dialect = new PostgreSqlLeaseDialect(table);
		this.grants = new LeaseGrants(this.dialect, this.settings);
		this.clock = builder.clock;
		this.layout = builder.layout;
	}

	private JdbcWorkerLeaseStore(JdbcWorkerLeaseStore store, int region) {
		store.layout.requireRegion(region);
		LeaseSettings same = store.settings;
		this.dataSource = store.dataSource;
		this.settings = new LeaseSettings(same.table(), same.database(), same.namespace(), region, same.codes(),
				same.format(), same.coexistence(), same.timing(), same.ttl(), same.commandTimeout());
		this.dialect = store.dialect;
		this.grants = new LeaseGrants(this.dialect, this.settings);
		this.clock = store.clock;
		this.layout = store.layout;
	}

	/**
	 * A builder of a store on {@code dataSource}, from which the store takes one
	 * connection for each call and gives it back after it: a source of its own (such as
	 * {@link LeaseConnections#create}), never the application's pool. The caller closes
	 * it after the store's last call.
	 */
	public static Builder builder(DataSource dataSource, SnowflakeLayout layout) {
		return new Builder(dataSource, layout);
	}

	/**
	 * A store of the same table, namespace, connections and timing in {@code region}, as
	 * a named generator has it: the meta row records every region in use, and a loss
	 * detected in one raises the floors of all.
	 * @throws IllegalArgumentException if the region lies outside the layout
	 */
	public JdbcWorkerLeaseStore inRegion(int region) {
		return new JdbcWorkerLeaseStore(this, region);
	}

	/**
	 * Makes the lease table where it does not exist, from {@code schema-postgresql.sql}
	 * beside this class.
	 * @throws UnsuitableDatabaseException if the database is not PostgreSQL, before
	 * anything is written
	 */
	public void initializeSchema() {
		run("create the lease table", (tx) -> {
			PostgreSqlLeaseDialect.requireProduct(tx, this.settings.database());
			tx.jdbc().execute(this.dialect.createTable());
			tx.commit();
			return Boolean.TRUE;
		});
	}

	/**
	 * Checks the database before the first claim: a PostgreSQL primary, with
	 * {@code fsync} and {@code full_page_writes} on, that has the lease table.
	 * @throws UnsuitableDatabaseException if it is not
	 */
	public void verify() {
		List<String> settings = run("read the durability settings", (tx) -> {
			PostgreSqlLeaseDialect.requireProduct(tx, this.settings.database());
			return Objects.requireNonNull(tx.jdbc()
				.queryForObject(this.dialect.durabilitySettings(),
						(rs, n) -> List.of(String.valueOf(rs.getString(1)), String.valueOf(rs.getString(2)),
								String.valueOf(rs.getBoolean(3)), String.valueOf(rs.getBoolean(4)))));
		});
		if ("true".equals(settings.get(2))) {
			throw UnsuitableDatabaseException.standby(this.settings.database());
		}
		if (!"on".equals(settings.get(0))) {
			throw UnsuitableDatabaseException.setting(this.settings.database(), "fsync", settings.get(0));
		}
		if (!"on".equals(settings.get(1))) {
			throw UnsuitableDatabaseException.setting(this.settings.database(), "full_page_writes", settings.get(1));
		}
		if (!"true".equals(settings.get(3))) {
			throw UnsuitableDatabaseException.table(this.settings.database(), this.settings.table());
		}
	}

	@Override
	public LeaseGrant claim(int preferredCode) {
		return grant("claim a worker code", (tx, granting) -> {
			LeaseRow row = this.grants.choose(granting, preferredCode);
			if (row == null) {
				tx.commit();
				throw new NoFreeWorkerCodeException(this.settings.region(), this.settings.codes());
			}
			long generation = row.generation() + 1;
			String token = generation + "|" + HexFormat.of().formatHex(nonce());
			long floor = Math.max(row.othersCeiling(token), granting.floor0());
			long ceiling = this.grants.write(tx.jdbc(), granting, row, generation, token);
			tx.commit();
			return new LeaseGrant(row.code(), generation, token, floor, ceiling, granting.now(), this.settings.ttl());
		});
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		return grant("renew worker code " + grant.workerCode(), (tx, granting) -> {
			LeaseRow row = granting.codes().get(grant.workerCode());
			if (!grant.token().equals(row.token()) || !row.held(granting.now())) {
				tx.commit();
				return (row.held(granting.now())) ? LeaseRenewal.fenced(granting.now())
						: LeaseRenewal.expired(granting.now());
			}
			long floor = Math.max(row.othersCeiling(grant.token()), granting.floor0());
			long ceiling = this.grants.write(tx.jdbc(), granting, row, row.generation(), grant.token());
			tx.commit();
			return LeaseRenewal.renewed(floor, ceiling, granting.now());
		});
	}

	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
		run("release worker code " + grant.workerCode(), (tx) -> {
			tx.jdbc()
				.update(this.dialect.release(), Math.max(lastUsedMillis, 0), this.settings.region(), grant.workerCode(),
						grant.token());
			tx.commit();
			return Boolean.TRUE;
		});
	}

	@Override
	public long availableCodes() {
		return run("count free codes", (tx) -> Objects.requireNonNull(tx.jdbc()
			.queryForObject(this.dialect.available(), Long.class, this.settings.codes(), this.settings.region())));
	}

	@Override
	public String name() {
		return LeaseGrants.STORE;
	}

	/** The lease table, qualified with its schema where one is configured. */
	public String table() {
		return this.settings.table();
	}

	public String namespace() {
		return this.settings.namespace();
	}

	public int region() {
		return this.settings.region();
	}

	private <T> T grant(String action, GrantCall<T> call) {
		return run(action, (tx) -> {
			Granting granting = this.grants.begin(tx, this.clock.millis());
			T result = call.apply(tx, granting);
			this.grants.committed(granting);
			return result;
		});
	}

	private <T> T run(String action, Call<T> call) {
		this.lock.lock();
		try (LeaseTransaction tx = LeaseTransaction.open(this.dataSource)) {
			return call.apply(tx);
		}
		catch (WorkerLeaseException | UnsuitableDatabaseException ex) {
			throw ex;
		}
		catch (SQLException | DataAccessException ex) {
			throw new LeaseStoreUnavailableException("JDBC lease store (" + this.settings.description() + ") could not "
					+ action + ": " + ex.getMessage(), ex);
		}
		finally {
			this.lock.unlock();
		}
	}

	private static byte[] nonce() {
		byte[] nonce = new byte[8];
		RANDOM.nextBytes(nonce);
		return nonce;
	}

	@FunctionalInterface
	private interface Call<T> {

		T apply(LeaseTransaction tx) throws SQLException;

	}

	@FunctionalInterface
	private interface GrantCall<T> {

		T apply(LeaseTransaction tx, Granting granting) throws SQLException;

	}

	/** Settings of a store; {@link #build()} checks them. */
	public static final class Builder {

		private final DataSource dataSource;

		private final SnowflakeLayout layout;

		private String database = "the lease database";

		private @Nullable String schema;

		private String table = DEFAULT_TABLE;

		private String namespace = DEFAULT_NAMESPACE;

		private int region;

		private FormatCoexistence coexistence = FormatCoexistence.NONE;

		private Duration ttl = LeaseTiming.DEFAULT_TTL;

		private LeaseTiming timing = LeaseTiming.defaults();

		private Duration commandTimeout = LeaseTiming.DEFAULT_REQUEST_LATENESS;

		private InstantSource clock = InstantSource.system();

		private Builder(DataSource dataSource, SnowflakeLayout layout) {
			this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
			this.layout = Objects.requireNonNull(layout, "layout");
		}

		/**
		 * The database as messages and the uniqueness domain name it, without
		 * credentials.
		 */
		public Builder database(String database) {
			this.database = Objects.requireNonNull(database, "database");
			return this;
		}

		/** The schema of the table, or {@code null} for the connection's default. */
		public Builder schema(@Nullable String schema) {
			this.schema = schema;
			return this;
		}

		public Builder table(String table) {
			this.table = Objects.requireNonNull(table, "table");
			return this;
		}

		public Builder namespace(String namespace) {
			this.namespace = Objects.requireNonNull(namespace, "namespace");
			return this;
		}

		public Builder region(int region) {
			this.region = region;
			return this;
		}

		/**
		 * Whether this format may take an unused region beside the table's (see
		 * {@link FormatCoexistence}). Default {@link FormatCoexistence#NONE}.
		 */
		public Builder formatCoexistence(FormatCoexistence coexistence) {
			this.coexistence = Objects.requireNonNull(coexistence, "coexistence");
			return this;
		}

		/** Lease lifetime without renewal. */
		public Builder ttl(Duration ttl) {
			this.ttl = Objects.requireNonNull(ttl, "ttl");
			return this;
		}

		public Builder timing(LeaseTiming timing) {
			this.timing = Objects.requireNonNull(timing, "timing");
			return this;
		}

		/** Longest wait for a row lock, and longest statement. */
		public Builder commandTimeout(Duration commandTimeout) {
			this.commandTimeout = Objects.requireNonNull(commandTimeout, "commandTimeout");
			return this;
		}

		/**
		 * The caller's wall clock, sent with each grant to compare with the database's.
		 */
		public Builder clock(InstantSource clock) {
			this.clock = Objects.requireNonNull(clock, "clock");
			return this;
		}

		/**
		 * @throws IllegalArgumentException if the table or schema is not a plain
		 * identifier, the region lies outside the layout, or the layout has more than
		 * {@link #MAX_CODES} codes
		 */
		public JdbcWorkerLeaseStore build() {
			return new JdbcWorkerLeaseStore(this);
		}

	}

}
