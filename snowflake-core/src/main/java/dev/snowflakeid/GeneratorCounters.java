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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLongArray;

import dev.snowflakeid.IdGenerationException.Reason;

/**
 * The {@link SnowflakeIdGenerator.GeneratorStatistics} of one generator. Readers on any
 * thread see each value eventually and never torn; the generator updates them under its
 * lock with plain (opaque) stores, so keeping them costs the hot path no fence and no
 * allocation.
 */
final class GeneratorCounters implements SnowflakeIdGenerator.GeneratorStatistics {

	private static final VarHandle ISSUED;

	private static final VarHandle LAST_TICK;

	static {
		try {
			MethodHandles.Lookup lookup = MethodHandles.lookup();
			ISSUED = lookup.findVarHandle(GeneratorCounters.class, "issued", long.class);
			LAST_TICK = lookup.findVarHandle(GeneratorCounters.class, "lastTick", long.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private final SnowflakeLayout layout;

	@SuppressWarnings("unused") // accessed through ISSUED
	private long issued;

	@SuppressWarnings("unused") // accessed through LAST_TICK
	private long lastTick;

	private final AtomicLongArray refusals = new AtomicLongArray(Reason.values().length);

	private final AtomicLongArray waits = new AtomicLongArray(Reason.values().length);

	private final AtomicLongArray waitedNanos = new AtomicLongArray(Reason.values().length);

	// Index 0: sequence exhaustions, 1: clock rollbacks, 2: largest rollback ms, 3:
	// forward jumps,
	// 4: largest forward jump ms, 5: borrowed ticks.
	private final AtomicLongArray events = new AtomicLongArray(6);

	GeneratorCounters(SnowflakeLayout layout) {
		this.layout = layout;
	}

	@Override
	public long idsIssued() {
		return (long) ISSUED.getOpaque(this);
	}

	@Override
	public long refusals(Reason reason) {
		return this.refusals.get(reason.ordinal());
	}

	@Override
	public long sequenceExhaustions() {
		return this.events.get(0);
	}

	@Override
	public long clockRollbacks() {
		return this.events.get(1);
	}

	@Override
	public long largestClockRollbackMillis() {
		return this.events.get(2);
	}

	@Override
	public long forwardJumps() {
		return this.events.get(3);
	}

	@Override
	public long largestForwardJumpMillis() {
		return this.events.get(4);
	}

	@Override
	public long borrowedTicks() {
		return this.events.get(5);
	}

	@Override
	public long waits(Reason reason) {
		return this.waits.get(reason.ordinal());
	}

	@Override
	public long waitedNanos(Reason reason) {
		return this.waitedNanos.get(reason.ordinal());
	}

	@Override
	public long lastIssuedTick() {
		return (long) LAST_TICK.getOpaque(this);
	}

	@Override
	public long lastIssuedMillis() {
		long tick = lastIssuedTick();
		return (tick == 0) ? Long.MIN_VALUE : this.layout.tickEndMillis(tick);
	}

	void issued(long count, long tick) {
		ISSUED.setOpaque(this, (long) ISSUED.get(this) + count);
		LAST_TICK.setOpaque(this, tick);
	}

	void refused(Reason reason) {
		this.refusals.incrementAndGet(reason.ordinal());
	}

	void waited(Reason reason, long nanos) {
		this.waits.incrementAndGet(reason.ordinal());
		this.waitedNanos.addAndGet(reason.ordinal(), nanos);
	}

	void sequenceExhausted() {
		this.events.incrementAndGet(0);
	}

	void clockRolledBack(long millis) {
		this.events.incrementAndGet(1);
		this.events.accumulateAndGet(2, millis, Math::max);
	}

	void clockJumpedForward(long millis) {
		this.events.incrementAndGet(3);
		this.events.accumulateAndGet(4, millis, Math::max);
	}

	void tickBorrowed() {
		this.events.incrementAndGet(5);
	}

}
