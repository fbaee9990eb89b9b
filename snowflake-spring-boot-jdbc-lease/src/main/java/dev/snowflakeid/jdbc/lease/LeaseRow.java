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

import java.sql.ResultSet;
import java.sql.SQLException;

import org.jspecify.annotations.Nullable;

/**
 * One row of the lease table as read under its lock: the meta row, a region row or a code
 * row (see {@code schema-postgresql.sql}).
 *
 * @param writer the 32-bit id of the transaction that wrote this row version (its
 * {@code xmin})
 */
record LeaseRow(int region, int code, @Nullable String namespace, long generation, @Nullable String token,
		long expiresAt, long mark, @Nullable String markOwner, long othersMark, @Nullable String format,
		@Nullable Long leadLimit, @Nullable Long quarantine, @Nullable Long ceilingLead, @Nullable String lineage,
		long epoch, @Nullable String serverLineage, @Nullable String regions, long floor0, long witnessXid,
		long writer) {

	private static final long XID_MASK = 0xFFFF_FFFFL;

	static LeaseRow read(ResultSet rs, int rowNum) throws SQLException {
		return new LeaseRow(rs.getInt("region"), rs.getInt("code"), rs.getString("namespace"), rs.getLong("generation"),
				rs.getString("token"), rs.getLong("expires_at"), rs.getLong("mark"), rs.getString("mark_owner"),
				rs.getLong("others_mark"), rs.getString("format"), nullableLong(rs, "lead_limit"),
				nullableLong(rs, "quarantine"), nullableLong(rs, "ceiling_lead"), rs.getString("lineage"),
				rs.getLong("epoch"), rs.getString("server_lineage"), rs.getString("regions"), rs.getLong("floor0"),
				rs.getLong("witness_xid"), rs.getLong("writer"));
	}

	private static @Nullable Long nullableLong(ResultSet rs, String column) throws SQLException {
		long value = rs.getLong(column);
		return rs.wasNull() ? null : value;
	}

	/**
	 * Whether the last write of this row came from the lease store: the transaction id
	 * the store recorded in it is the one that wrote it. A row put back from a copy, or
	 * changed by hand, was written by another transaction.
	 */
	boolean writtenByStore() {
		return (this.witnessXid & XID_MASK) == this.writer;
	}

	/**
	 * Highest ceiling ever granted to an owner of this code other than {@code token}: a
	 * renewal ignores only its own ceilings; a new token sees the mark.
	 */
	long othersCeiling(String token) {
		return token.equals(this.markOwner) ? this.othersMark : this.mark;
	}

	/** Whether a live holder has this code at store time {@code now}. */
	boolean held(long now) {
		return this.token != null && this.expiresAt > now;
	}

}
