package dev.snowflakeid;

import java.time.InstantSource;
import java.util.Objects;

import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseKeeper;

/**
 * A generator together with the keeper of its worker lease: the unit an application starts at boot and
 * closes at shutdown. {@link #close()} stops the generator before the lease is released, so no ID can be
 * issued under a code that another process may already hold. Acquiring and releasing are reported as
 * {@link dev.snowflakeid.lease.LeaseEvent}s to the keeper's listeners.
 */
public final class SnowflakeWorker implements AutoCloseable {

	private final SnowflakeIdGenerator generator;

	private final WorkerLeaseKeeper keeper;

	private final InstantSource wallClock;

	private final MonotonicClock monotonicClock;

	private final long rollbackBudgetMillis;

	/**
	 * @param generator a generator whose lease source is {@code keeper}
	 * @param keeper the lease keeper, not yet started
	 * @param wallClock the generator's wall clock
	 * @param monotonicClock the generator's monotonic clock
	 * @param rollbackBudgetMillis the generator's rollback wait budget, for {@link #status()}
	 */
	public SnowflakeWorker(SnowflakeIdGenerator generator, WorkerLeaseKeeper keeper, InstantSource wallClock,
			MonotonicClock monotonicClock, long rollbackBudgetMillis) {
		this.generator = Objects.requireNonNull(generator, "generator");
		this.keeper = Objects.requireNonNull(keeper, "keeper");
		this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
		this.monotonicClock = Objects.requireNonNull(monotonicClock, "monotonic clock");
		this.rollbackBudgetMillis = rollbackBudgetMillis;
	}

	/** Acquires the lease; see {@link WorkerLeaseKeeper#start()} for the failures. */
	public SnowflakeWorker start() {
		this.keeper.start();
		return this;
	}

	public SnowflakeIdGenerator generator() {
		return this.generator;
	}

	public WorkerLeaseKeeper keeper() {
		return this.keeper;
	}

	/** Evaluates whether IDs can be issued now, in the order the generator checks. */
	public WorkerStatus status() {
		SnowflakeLayout layout = this.generator.layout();
		WorkerLease lease = this.keeper.currentLease();
		long now = this.wallClock.millis();
		long epochRemaining = Math.max(0, layout.lifetimeEnd().toEpochMilli() - now);
		long lead = this.generator.leadMillis();
		long ceilingRemaining = (lease == null || lease.highestCeilingMillis() == Long.MAX_VALUE) ? -1
				: Math.max(0, lease.highestCeilingMillis() - now);
		long leaseRemaining = (lease == null || !lease.renewable()) ? -1 : ceilingRemaining;
		String reason = reason(layout, lease, now);
		return new WorkerStatus(reason == null, reason, lease, leaseRemaining, ceilingRemaining, epochRemaining, lead);
	}

	private String reason(SnowflakeLayout layout, WorkerLease lease, long now) {
		if (this.generator.isStopped()) {
			return "generator is stopped";
		}
		if (lease == null) {
			return "no worker lease is held";
		}
		long tick = layout.tickAt(now);
		if (tick > layout.maxTimestamp()) {
			return "layout lifetime ended at " + layout.lifetimeEnd();
		}
		long lastTick = this.generator.statistics().lastIssuedTick();
		long behind = layout.tickStartMillis(lastTick) - now;
		if (lastTick > 0 && behind > this.rollbackBudgetMillis && behind > this.generator.borrowAhead().toMillis()) {
			return "clock is " + behind + " ms behind the last issued tick";
		}
		long start = layout.tickStartMillis(tick);
		long end = layout.tickEndMillis(tick);
		if (lease.covers(start, end) || (lease.earlier() != null && lease.earlier().covers(start, end))) {
			return null;
		}
		if (start <= lease.floorMillis()) {
			return "clock has not passed the floor of worker code " + lease.workerCode() + " yet ("
					+ (lease.floorMillis() - now + 1) + " ms to go)";
		}
		return "clock reached the ceiling of worker code " + lease.workerCode() + " and renewals have not raised it";
	}

	/**
	 * Stops the generator, then releases the lease recording the last used millisecond. Idempotent.
	 */
	@Override
	public void close() {
		if (this.generator.isStopped()) {
			return;
		}
		this.keeper.close(this.generator.stop());
	}

}
