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

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;

/**
 * A store's first contact with its database: the table made where the configuration says
 * so, then the database checked ({@link JdbcWorkerLeaseStore#verify()}), retried for up
 * to the startup wait budget while the database cannot be reached. Both refuse a product
 * other than PostgreSQL before anything else, so that a refused database is left as it
 * was. A database that is restarting, recovering from a crash, paused or cut off when the
 * application starts is waited for, as a Redis is; any other failure is thrown at once.
 */
public final class LeaseDatabaseStartup {

	/** Longest wait between two attempts to reach the database. */
	private static final Duration RETRY = Duration.ofMillis(500);

	private LeaseDatabaseStartup() {
	}

	/**
	 * Makes the table of {@code store} where {@code initialize} says so and checks the
	 * database, retrying for up to {@code waitBudget} while it cannot be reached.
	 * @throws LeaseStoreUnavailableException if the database could not be reached within
	 * the budget, or failed otherwise
	 * @throws UnsuitableDatabaseException if it is not suitable
	 */
	public static void prepare(JdbcWorkerLeaseStore store, boolean initialize, Duration waitBudget) {
		long deadline = System.nanoTime() + waitBudget.toNanos();
		while (true) {
			try {
				if (initialize) {
					store.initializeSchema();
				}
				store.verify();
				return;
			}
			catch (LeaseStoreUnavailableException ex) {
				long left = deadline - System.nanoTime();
				if (left <= 0 || !unreachable(ex) || Thread.currentThread().isInterrupted()) {
					throw ex;
				}
				LockSupport.parkNanos(Math.min(left, RETRY.toNanos()));
			}
		}
	}

	/**
	 * Whether a failure says that the database could not be reached, rather than that it
	 * refused: a connection exception (SQLSTATE class 08), a server still starting up
	 * ({@code 57P03}), or a pool that timed out waiting for a connection.
	 */
	static boolean unreachable(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SQLTransientConnectionException) {
				return true;
			}
			if (cause instanceof SQLException sql && sql.getSQLState() != null
					&& (sql.getSQLState().startsWith("08") || "57P03".equals(sql.getSQLState()))) {
				return true;
			}
		}
		return false;
	}

}
