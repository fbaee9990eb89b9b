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
import java.sql.SQLException;
import java.sql.SQLWarning;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * One transaction of the store on a connection taken from its pool for the call and given
 * back after it, committed or rolled back: every setting it makes is local to the
 * transaction, so the next call finds the connection as it was. A commit counts only when
 * the database answered it without a warning: a commit whose wait for synchronous
 * standbys was cancelled is answered with success and the warning that it committed
 * locally only, which is no acknowledgement.
 */
final class LeaseTransaction implements AutoCloseable {

	private final Connection connection;

	private final JdbcTemplate jdbc;

	private boolean committed;

	private LeaseTransaction(Connection connection) {
		this.connection = connection;
		this.jdbc = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
	}

	static LeaseTransaction open(DataSource dataSource) throws SQLException {
		Connection connection = dataSource.getConnection();
		try {
			connection.setAutoCommit(false);
			return new LeaseTransaction(connection);
		}
		catch (SQLException ex) {
			connection.close();
			throw ex;
		}
	}

	JdbcTemplate jdbc() {
		return this.jdbc;
	}

	/**
	 * Commits.
	 * @throws UnacknowledgedCommitException if the database answered with a warning
	 */
	void commit() throws SQLException {
		this.connection.clearWarnings();
		this.connection.commit();
		this.committed = true;
		SQLWarning warning = this.connection.getWarnings();
		if (warning != null) {
			throw new UnacknowledgedCommitException(String.valueOf(warning.getMessage()));
		}
	}

	@Override
	public void close() throws SQLException {
		try {
			if (!this.committed) {
				this.connection.rollback();
			}
		}
		finally {
			this.connection.close();
		}
	}

	/** A commit the database answered with a warning: committed, but not acknowledged. */
	static final class UnacknowledgedCommitException extends SQLException {

		private static final long serialVersionUID = 1L;

		UnacknowledgedCommitException(String warning) {
			super("the commit was answered with a warning, so it is not acknowledged: " + warning);
		}

	}

}
