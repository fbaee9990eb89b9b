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
package dev.snowflakeid;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import org.jspecify.annotations.Nullable;

/**
 * Issues the IDs of one {@link SnowflakeIdGenerator}: one lock around the last
 * {@code (tick, sequence)}, no I/O, no allocation and no logging while it is held. The
 * checks that keep IDs unique run here, in order, before an ID leaves: stopped or paused,
 * the lease, the first tick, the tick and sequence, the layout's last tick, and the range
 * that holds the tick. A forward clock jump seen under the lock is reported only after
 * the lock is released, so a slow listener never holds up issuing.
 */
final class Issuer {

	private final SnowflakeLayout layout;

	private final Supplier<@Nullable WorkerLease> leases;

	private final int timestampShift;

	private final GeneratorCounters statistics;

	private final LongConsumer clockJumps;

	private final ReentrantLock lock = new ReentrantLock();

	// The parts below are used only under the lock.
	private final WallClockReader clock;

	private final Refusals refusals;

	private final LeaseRanges ranges;

	private final TickSequence ticks;

	private volatile boolean stopped;

	// Set while the worker code is released for a stopped context or a checkpoint of the
	// process.
	private volatile boolean paused;

	Issuer(SnowflakeLayout layout, Supplier<@Nullable WorkerLease> leases, GeneratorCounters statistics,
			LongConsumer clockJumps, WallClockReader clock, Refusals refusals, LeaseRanges ranges, TickSequence ticks) {
		this.layout = layout;
		this.leases = leases;
		this.timestampShift = layout.timestampShift();
		this.statistics = statistics;
		this.clockJumps = clockJumps;
		this.clock = clock;
		this.refusals = refusals;
		this.ranges = ranges;
		this.ticks = ticks;
	}

	/**
	 * The issuer of a generator, with its waiter, refusals, lease ranges and tick
	 * sequence, from the settings the generator validated; a random sequence start is
	 * seeded here, once per generator.
	 */
	static Issuer assemble(SnowflakeLayout layout, int region, Supplier<@Nullable WorkerLease> leases,
			GeneratorCounters statistics, @Nullable WorkerLeaseKeeper keeper, WallClockReader clock,
			LongConsumer parker, long borrowTicks, long rollbackBudgetNanos, long exhaustionBudgetNanos,
			boolean randomSequenceStart) {
		// The keeper delivers a clock jump to its listeners; without one the jump is only
		// counted.
		LongConsumer clockJumps = (keeper != null) ? keeper.attach() : (jump) -> {
		};
		long startSeed = randomSequenceStart ? ThreadLocalRandom.current().nextLong() | 1 : 0;
		TickWaiter waiter = new TickWaiter(layout, clock, parker, statistics);
		Refusals refusals = new Refusals(layout, statistics, borrowTicks);
		TickSequence ticks = new TickSequence(layout.maxIdsPerTick() - 1, startSeed, borrowTicks, rollbackBudgetNanos,
				exhaustionBudgetNanos, clock, waiter, refusals, statistics);
		return new Issuer(layout, leases, statistics, clockJumps, clock, refusals,
				new LeaseRanges(layout, region, refusals), ticks);
	}

	long nextId() {
		this.lock.lock();
		try {
			long id = issue();
			this.statistics.issued(1, this.ticks.lastTick());
			return id;
		}
		finally {
			unlock();
		}
	}

	long[] nextIds(int count) {
		long[] ids = new long[count];
		this.lock.lock();
		try {
			for (int i = 0; i < count; i++) {
				ids[i] = issue();
			}
			this.statistics.issued(count, this.ticks.lastTick());
			return ids;
		}
		finally {
			unlock();
		}
	}

	// Releases the lock, then reports a clock jump seen while it was held.
	private void unlock() {
		long jump = this.clock.takeJump();
		this.lock.unlock();
		if (jump > 0) {
			this.clockJumps.accept(jump);
		}
	}

	/**
	 * Sets the stop or pause flag once no call is in flight; answers the last millisecond
	 * issued.
	 */
	long halt(boolean stop) {
		this.lock.lock();
		try {
			if (stop) {
				this.stopped = true;
			}
			else {
				this.paused = true;
			}
			return this.statistics.lastIssuedMillis();
		}
		finally {
			this.lock.unlock();
		}
	}

	void resume() {
		this.lock.lock();
		try {
			this.paused = false;
		}
		finally {
			this.lock.unlock();
		}
	}

	boolean isStopped() {
		return this.stopped;
	}

	@Nullable String unavailableReason(long now, long rollbackBudgetNanos) {
		return this.refusals.unavailableReason(this.stopped, this.paused, this.leases.get(), now,
				this.statistics.lastIssuedTick(), rollbackBudgetNanos);
	}

	// Called with the lock held. Commits the chosen (tick, sequence) only when the ID is
	// returned.
	private long issue() {
		if (this.stopped) {
			throw this.refusals.refuse(Reason.LEASE_UNAVAILABLE,
					"generator is stopped; no IDs are issued after shutdown");
		}
		if (this.paused) {
			throw this.refusals.refuse(Reason.LEASE_UNAVAILABLE, Refusals.PAUSED);
		}
		WorkerLease lease = this.leases.get();
		if (!this.ranges.isAdopted(lease)) {
			this.ranges.adopt(lease);
		}
		long now = this.clock.read();
		long nowTick = this.layout.tickAt(now);
		if (nowTick < 1) {
			throw this.refusals.beforeFirstTick(now);
		}
		long tick = this.ticks.choose(now, nowTick);
		if (tick > this.layout.maxTimestamp()) {
			throw this.refusals.epochExhausted(tick);
		}
		long owner = this.ranges.ownerBitsFor(tick);
		this.ticks.commit();
		return (tick << this.timestampShift) | owner | this.ticks.sequence();
	}

}
