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
package dev.snowflakeid.lease.sim;

/**
 * Known-bad rules, each put back into the simulated store on its own (a rule of one
 * store's model, or of both: {@link #appliesTo}). The simulation must find a duplicate
 * for every one that breaks uniqueness, and a code held by nobody for every one that
 * breaks availability ({@link #availability()}); otherwise its checker or its fault
 * schedule has lost its teeth.
 */
public enum Mutation {

	/**
	 * Protocol v1's ceilings: every claim's floor is at least now + quarantine and its
	 * ceiling that floor plus the lead; a renewal answers max(mark, now + lead).
	 */
	V1_CEILINGS,

	/**
	 * A renewal's floor ignores the loss floor, so a renewal on a new incarnation
	 * overlaps lost grants.
	 */
	RENEW_WITHOUT_FLOOR0,

	/** A renewal's floor ignores the ceilings granted to other owners of the code. */
	RENEW_FLOOR_IGNORES_MARKS,

	/** The lineage is the run id alone: a promotion goes unnoticed. */
	LINEAGE_RUN_ID_ONLY,

	/** No two-clocks check: a Redis whose clock lags sets the loss floor too low. */
	NO_CLOCK_CHECK,

	/** A writable replica grants from its stale copy. */
	NO_ROLE_CHECK,

	/**
	 * Neither the replica lag check nor WAIT: a deposed primary keeps granting and its
	 * grants are used.
	 */
	NO_REPLICA_CHECKS,

	/**
	 * Grants are used without WAIT: a paused primary that resumes after a promotion still
	 * grants.
	 */
	NO_WAIT,

	/**
	 * One replica keeping up is enough, whatever the number of replicas (a minority of
	 * three): a deposed primary cut off with one replica grants while its successor
	 * grants with another.
	 */
	MINORITY_QUORUM,

	/**
	 * The configured number of replicas leaves out a chained replica (one that replicates
	 * from another replica): its parent, promoted in a partition, has a majority of the
	 * count while the deposed primary keeps one too. A configuration fault, not a script
	 * rule: it shows that the safety model's assumption matters.
	 */
	CHAINED_REPLICA_UNCOUNTED,

	/**
	 * No lineage check after WAIT: a grant is used although its WAIT, routed by a client
	 * whose topology view changed, counted another server's replicas.
	 */
	NO_LINEAGE_CHECK,

	/**
	 * Data loss detected by the lineage alone, as protocol v2 first did: neither the
	 * database index the state records nor its witness is compared, so an older copy of
	 * the state put back on the same server (RENAME, RESTORE, COPY ... REPLACE, SWAPDB)
	 * starts new owners below ceilings granted after the copy was taken.
	 */
	LINEAGE_ONLY_LOSS_CHECK,

	/**
	 * After a loss the claimant's own quarantine (its ceiling lead plus twice its skew
	 * and lateness) instead of one from the fleet lead limit: an instance with a shorter
	 * outage tolerance that claims first starts below ceilings that instances with a
	 * longer one still issue up to.
	 */
	CLAIMANT_OWN_QUARANTINE,

	/**
	 * The format compared per region, not per key space: two formats in different regions
	 * of one key space both issue, and IDs of layout 41/2/8/12 region 0 code 128 + w
	 * equal those of 41/3/7/12 region 1 code w (the simulation's layouts: 41/16/2/4
	 * region 0 code 2 + w and 41/17/1/4 region 1 code w). Against the JDBC model: only
	 * the region row's format is compared, never the meta row's.
	 */
	FORMAT_CHECKED_PER_REGION_ONLY,

	/**
	 * A claim the store refuses after the script granted it (too few replicas
	 * acknowledged it, or the acknowledgement came from another server) is not released:
	 * its code stays held by nobody until the lease expires, and a retrying instance
	 * holds one more code per try. Breaks availability, not uniqueness.
	 */
	NO_RELEASE_OF_REFUSED_CLAIMS,

	/**
	 * JDBC: a missing meta row is no loss (unless the store saw a higher grant counter):
	 * after a {@code TRUNCATE}, or the table dropped and created again, a new instance
	 * claims from the marks of the empty table, below ceilings its holders still issue up
	 * to.
	 */
	JDBC_MISSING_META_ROW_NOT_A_LOSS,

	/**
	 * JDBC: rows missing from a region in use (a {@code DELETE} of a code row), or rows
	 * of a region the meta row does not list, are no loss: the row is made again with no
	 * mark, below the ceiling of the holder it named.
	 */
	JDBC_MISSING_ROWS_NOT_A_LOSS,

	/**
	 * JDBC: {@code witness_xid} is not compared with {@code xmin}: a table, a region's
	 * rows, a code row or the meta row put back from an older dump are taken for the
	 * store's own, and their marks lie below ceilings granted after the dump.
	 */
	JDBC_WITNESS_NOT_COMPARED,

	/**
	 * JDBC: the server lineage is the system identifier alone: a promoted asynchronous
	 * standby, which lacks the primary's last commits, is taken for the primary.
	 */
	JDBC_TIMELINE_IGNORED,

	/**
	 * JDBC: the server lineage does not name the table: two fleets' tables swapped by
	 * {@code ALTER TABLE ... RENAME} keep their rows, witnesses and grant counters, and
	 * each fleet claims from the other's marks, below ceilings its own holders still
	 * issue up to.
	 */
	JDBC_TABLE_NAME_IGNORED,

	/**
	 * JDBC: with {@code format-coexistence=side-by-side}, a format whose timestamp bits,
	 * region bits, tick and epoch equal the table's is let into a region whose row
	 * records another worker and sequence split: code {@code c} of one and code
	 * {@code 2c} of the other (one more worker bit, one sequence bit fewer) issue the
	 * same IDs in every tick both use. (The Redis model has no such rule to put back:
	 * format.lua refuses it, and the region's state, which records its format, refuses it
	 * again at every grant.)
	 */
	JDBC_SIDE_BY_SIDE_IN_A_USED_REGION;

	/**
	 * Whether the rule breaks availability (codes held by nobody) rather than uniqueness.
	 */
	boolean availability() {
		return this == NO_RELEASE_OF_REFUSED_CLAIMS;
	}

	/** Whether the model of {@code store} has this rule. */
	boolean appliesTo(StoreModel store) {
		return switch (this) {
			case JDBC_MISSING_META_ROW_NOT_A_LOSS, JDBC_MISSING_ROWS_NOT_A_LOSS, JDBC_WITNESS_NOT_COMPARED,
					JDBC_TIMELINE_IGNORED, JDBC_TABLE_NAME_IGNORED, JDBC_SIDE_BY_SIDE_IN_A_USED_REGION ->
				store == StoreModel.JDBC;
			// the rules both stores share: the two-clocks check (here against the
			// database server's clock) and the renewal's floor
			case NO_CLOCK_CHECK, RENEW_WITHOUT_FLOOR0, RENEW_FLOOR_IGNORES_MARKS, FORMAT_CHECKED_PER_REGION_ONLY ->
				true;
			default -> store == StoreModel.REDIS;
		};
	}

}
