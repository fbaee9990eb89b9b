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
 * The faults a schedule draws, each struck on the workers and the network or on Redis.
 * Against the JDBC store's model a fault on Redis strikes as its database counterpart
 * (see {@code LeaseSimulation.databaseFault}).
 */
enum Fault {

	/** A worker process frozen (SIGSTOP, a long GC) for up to 12 s. */
	PAUSE_WORKER(false),

	/** kill -9 of a worker; its host starts a new process soon after. */
	KILL_WORKER(false),

	/** A worker shut down gracefully (its code released) and started again. */
	RESTART_WORKER(false),

	/** A worker host's wall clock stepped by up to 3 s either way. */
	STEP_WORKER_CLOCK(false),

	/** A new rate of lost requests, lost replies and late requests on the network. */
	NETWORK_LOSS(false),

	/**
	 * A holder frozen while Redis loses or replaces its data; it resumes under its old
	 * ceiling.
	 */
	FREEZE_HOLDER_THEN_REDIS_FAULT(false),

	/** A worker reaches a replica whose link to its primary is down. */
	MISROUTE_TO_REPLICA(false),

	/** A worker reaches a writable replica that its primary no longer lists. */
	STRAY_REPLICA(false),

	/** Redis restarted without persistence. */
	RESTART_EMPTY(true),

	/**
	 * Redis restarted without persistence on a host whose clock lags until NTP steps it.
	 */
	RESTART_EMPTY_CLOCK_BEHIND(true),

	/** Redis restarted with its data (AOF or RDB). */
	RESTART_WITH_DATA(true),

	/** Redis restarted from an older snapshot. */
	RESTART_FROM_SNAPSHOT(true),

	/** FLUSHALL. */
	FLUSHALL(true),

	/** The region's state hash evicted or deleted. */
	EVICT_STATE(true),

	/**
	 * The state hash replaced by an older copy of itself, the lineage kept: RENAME of a
	 * backup onto the state key, RESTORE of it, COPY ... REPLACE from a backup key.
	 */
	REPLACE_STATE_WITH_COPY(true),

	/**
	 * SWAPDB with a database where another fleet leased the same region: its state and
	 * witness (written there, with that database's index) are now the region's, the
	 * lineage kept.
	 */
	SWAPDB_FOREIGN(true),

	/** One lease key deleted. */
	DELETE_LEASE_KEY(true),

	/**
	 * One lease key restored from an old dump (or brought back by MIGRATE ... REPLACE).
	 */
	RESTORE_LEASE_KEY(true),

	/** The Redis server's clock stepped for a few seconds. */
	STEP_REDIS_CLOCK(true),

	/**
	 * A replica promoted while the old primary, not told, still grants to workers that
	 * have not switched.
	 */
	PROMOTE(true),

	/** The primary frozen for 2 to 8 s while a replica is promoted; it resumes later. */
	PROMOTE_FROZEN(true),

	/**
	 * A failover right after a claim, then a failback before the promoted replica wrote
	 * anything.
	 */
	FAILOVER_AND_BACK(true),

	/**
	 * A replica attached to a primary configured without any, and detached again: the
	 * primary, without a replication backlog, creates one under a new replication id
	 * (read as a detected loss).
	 */
	ATTACH_FIRST_REPLICA(true),

	/**
	 * SWAPDB of the fleet's database with another fleet's (once: swapping back is an
	 * undetectable rollback).
	 */
	SWAPDB_DATABASES(true),

	/** The key space's format record deleted, the region states kept. */
	DROP_FORMAT_RECORD(true),

	/**
	 * A primary frozen past its replica's promotion; its first grant after resuming goes
	 * to a stalling worker.
	 */
	FROZEN_PRIMARY_THEN_STALL(true),

	/** A partition that leaves the old primary some of its replicas until it heals. */
	PARTITION(true),

	/**
	 * A failover seen by a client that routes each command by its topology view: its view
	 * changes between a deposed primary's grant and the WAIT for it, which goes to the
	 * new primary.
	 */
	REROUTE_WAIT(true);

	private final boolean onRedis;

	Fault(boolean onRedis) {
		this.onRedis = onRedis;
	}

	/** Whether the fault strikes Redis servers rather than workers or the network. */
	boolean onRedis() {
		return this.onRedis;
	}

}
