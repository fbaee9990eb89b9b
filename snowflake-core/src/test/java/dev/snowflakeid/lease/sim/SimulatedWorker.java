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

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

import dev.snowflakeid.DecodedId;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.ScheduledRounds;
import dev.snowflakeid.lease.WorkerLeaseException;
import dev.snowflakeid.lease.WorkerLeaseException.ClockBehindException;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import dev.snowflakeid.lease.WorkerLeaseKeeper;

/**
 * One worker process: the real {@link WorkerLeaseKeeper} and {@link SnowflakeIdGenerator}
 * on the host's simulated wall clock, with renewal rounds run as simulation events. A
 * process does not survive a restart; its host's clock does.
 */
final class SimulatedWorker {

	/**
	 * A machine: its wall clock runs at true time plus an offset that steps when NTP or
	 * an operator steps it.
	 */
	static final class Host implements InstantSource {

		private final LeaseSimulation world;

		final String name;

		long offsetMillis;

		Host(LeaseSimulation world, String name, long offsetMillis) {
			this.world = world;
			this.name = name;
			this.offsetMillis = offsetMillis;
		}

		@Override
		public long millis() {
			return Math.floorDiv(this.world.nanos(), 1_000_000) + this.offsetMillis;
		}

		@Override
		public Instant instant() {
			return Instant.ofEpochMilli(millis());
		}

	}

	/**
	 * Covers the quarantine, as the default startup budget does; the world runs on while
	 * a start waits.
	 */
	static final Duration STARTUP_WAIT_BUDGET = Duration.ofSeconds(10);

	final Host host;

	final String name;

	final SimulatedLeaseStore store;

	final WorkerLeaseKeeper keeper;

	final SnowflakeIdGenerator generator;

	final SnowflakeLayout layout;

	final RedisNode.Settings settings;

	/**
	 * The region field of this process's IDs, shifted above the worker code: with one
	 * timestamp width, tick and epoch for every format, two IDs can be equal only if
	 * their region and worker bits, {@code owner | code}, are, once the format with more
	 * sequence bits is compared at its coarser width.
	 */
	final long owner;

	private final LeaseSimulation world;

	boolean alive = true;

	boolean started;

	long pausedUntilNanos;

	long issued;

	SimulatedWorker(LeaseSimulation world, Host host, String name, SnowflakeLayout layout, RedisNode.Settings settings,
			Duration renewInterval) {
		this.world = world;
		this.host = host;
		this.name = name;
		this.layout = layout;
		this.settings = settings;
		this.owner = Long.parseLong(settings.region()) << layout.workerBits();
		this.store = new SimulatedLeaseStore(world, this, settings, host, world.random());
		ScheduledRounds scheduler = new ScheduledRounds(
				(round, first, period) -> world.scheduleRounds(this, round, first, period));
		this.keeper = WorkerLeaseKeeper.builder(this.store)
			.tick(layout.tick())
			.renewInterval(renewInterval)
			.startupWaitBudget(STARTUP_WAIT_BUDGET)
			.wallClock(host)
			.monotonicClock(world::nanos)
			.parker(world::runUntil)
			.scheduler(scheduler)
			.eventExecutor(Runnable::run)
			.build();
		this.generator = SnowflakeIdGenerator.builder(layout)
			.leaseSource(this.keeper)
			.wallClock(host)
			.monotonicClock(world::nanos)
			.parker(world::park)
			.region(Integer.parseInt(settings.region()))
			.build();
	}

	boolean paused() {
		return this.world.nanos() < this.pausedUntilNanos;
	}

	/**
	 * Starts the process; returns -1 when it started, else after how many milliseconds an
	 * orchestrator would try again (the wait for the floor when the clock was behind it).
	 */
	long start() {
		try {
			this.keeper.start();
			this.started = true;
			return -1;
		}
		catch (ClockBehindException ex) {
			this.alive = false;
			return ex.behindMillis();
		}
		catch (StoreMismatchException ex) {
			this.alive = false;
			if (ex.getMessage().startsWith("settings differ")) {
				// the region's timings are another fleet's until their leases cannot
				// matter
				return 300;
			}
			// refused by the format record: an orchestrator restarts it, now and then
			this.world.mismatch();
			return 5000;
		}
		catch (WorkerLeaseException ex) {
			this.alive = false;
			return 300;
		}
	}

	/** Issues up to {@code count} IDs, handing each to the checker. */
	void issue(int count, boolean batch) {
		try {
			if (batch) {
				for (long id : this.generator.nextIds(count)) {
					this.world.check(this, id);
				}
			}
			else {
				for (int i = 0; i < count; i++) {
					this.world.check(this, this.generator.nextId());
				}
			}
		}
		catch (IdGenerationException ex) {
			this.world.refused(ex.reason());
		}
	}

	/**
	 * Whether the ranges the store granted to this process for the ID's code cover every
	 * millisecond of its tick. A range {@code (floor, ceiling]} holds the milliseconds
	 * {@code floor + 1 .. ceiling}; a tick issued under a range holds
	 * {@code start .. end}.
	 */
	boolean grantedRangeCovers(DecodedId decoded, SnowflakeLayout layout, long tick) {
		long position = layout.tickStartMillis(tick);
		long end = layout.tickEndMillis(tick);
		boolean moved = true;
		while (position <= end && moved) {
			moved = false;
			for (SimulatedLeaseStore.Granted range : this.store.granted) {
				if (range.code() == decoded.worker() && range.floor() < position && position <= range.ceiling()) {
					position = range.ceiling() + 1;
					moved = true;
				}
			}
		}
		return position > end;
	}

	void kill() {
		this.alive = false;
	}

	void shutDown() {
		this.alive = false;
		this.keeper.close(this.generator.stop());
	}

	@Override
	public String toString() {
		return this.name;
	}

}
