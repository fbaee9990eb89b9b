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
package dev.snowflakeid.chaos;

/**
 * What the campaign can do to a worker, to the network path between a worker and its
 * lease store, or to a region's Redis or PostgreSQL server ({@link Store#kinds()} names
 * the kinds of each store). Durations are drawn log-uniformly between the bounds, so
 * short and long faults are equally common by order of magnitude.
 */
public enum FaultKind {

	/** SIGSTOP of a worker JVM, SIGCONT after the duration. */
	WORKER_PAUSE(Target.WORKER, Lane.PROCESS, 3.0, 100, 20_000),

	/** SIGKILL of a worker JVM, then a new process in its slot. */
	WORKER_KILL(Target.WORKER, Lane.PROCESS, 2.0, 0, 0),

	/**
	 * SIGTERM of a worker JVM (graceful shutdown releases the code), then a new process
	 * in its slot.
	 */
	WORKER_RESTART(Target.WORKER, Lane.PROCESS, 2.0, 0, 0),

	/** The worker's path to Redis stops carrying bytes, connections stay open. */
	NETWORK_STALL(Target.WORKER, Lane.NETWORK, 2.0, 100, 15_000),

	/** The worker's connections to Redis are closed and new ones refused. */
	NETWORK_DROP(Target.WORKER, Lane.NETWORK, 2.0, 100, 15_000),

	/**
	 * The worker's wall clock steps by the magnitude (either sign), and back after the
	 * duration.
	 */
	CLOCK_STEP(Target.WORKER, Lane.CLOCK, 3.0, 1_000, 30_000),

	/** The worker issues flat out, in full batches without pausing. */
	LOAD_SPIKE(Target.WORKER, Lane.LOAD, 1.0, 500, 3_000),

	/** SIGSTOP of a region's redis-server, SIGCONT after the duration. */
	REDIS_PAUSE(Target.REDIS, Lane.REDIS, 1.5, 100, 10_000),

	/**
	 * SIGKILL of a region's redis-server, restarted after the duration from its files:
	 * with its AOF in the persistent region (what was fsync'd survives), empty in the
	 * other.
	 */
	REDIS_KILL(Target.REDIS, Lane.REDIS, 1.0, 200, 5_000),

	/**
	 * SIGKILL of a region's redis-server, its files deleted, restarted empty after the
	 * duration.
	 */
	REDIS_WIPE(Target.REDIS, Lane.REDIS, 0.5, 200, 5_000),

	/** FLUSHALL on a region's redis-server. */
	REDIS_FLUSHALL(Target.REDIS, Lane.REDIS, 0.5, 0, 0),

	/**
	 * SIGSTOP of every process of a region's PostgreSQL server, SIGCONT after the
	 * duration: up to twice the default outage tolerance.
	 */
	POSTGRES_PAUSE(Target.POSTGRES, Lane.POSTGRES, 1.5, 100, 20_000),

	/**
	 * SIGKILL of every process of a region's PostgreSQL server, started again after the
	 * duration with crash recovery from its write-ahead log.
	 */
	POSTGRES_KILL(Target.POSTGRES, Lane.POSTGRES, 1.0, 200, 5_000),

	/**
	 * {@code pg_dump} of a region's lease table, restored with {@code psql} after the
	 * duration, while the workers' leases went on: a restore from an older dump.
	 */
	POSTGRES_RESTORE(Target.POSTGRES, Lane.POSTGRES, 1.0, 1_000, 20_000);

	/** What a fault acts on. */
	public enum Target {

		WORKER, REDIS, POSTGRES

	}

	/**
	 * Faults of one lane never overlap on the same target (a process is not killed while
	 * stopped, a clock is not stepped while an earlier step is still to be undone);
	 * faults of different lanes or targets overlap freely.
	 */
	public enum Lane {

		PROCESS, NETWORK, CLOCK, LOAD, REDIS, POSTGRES

	}

	private final Target target;

	private final Lane lane;

	private final double weight;

	private final long minMillis;

	private final long maxMillis;

	FaultKind(Target target, Lane lane, double weight, long minMillis, long maxMillis) {
		this.target = target;
		this.lane = lane;
		this.weight = weight;
		this.minMillis = minMillis;
		this.maxMillis = maxMillis;
	}

	public Target target() {
		return this.target;
	}

	public Lane lane() {
		return this.lane;
	}

	/** Relative frequency in the schedule. */
	public double weight() {
		return this.weight;
	}

	public long minMillis() {
		return this.minMillis;
	}

	public long maxMillis() {
		return this.maxMillis;
	}

	/** Whether the fault lasts a while and is undone at its end. */
	public boolean lasts() {
		return this.maxMillis > 0;
	}

}
