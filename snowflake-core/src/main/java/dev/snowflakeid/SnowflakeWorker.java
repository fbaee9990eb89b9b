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

	/**
	 * @param generator a generator whose lease source is {@code keeper}
	 * @param keeper the lease keeper, not yet started
	 * @param wallClock the generator's wall clock, for the remaining times of {@link #status()}
	 */
	public SnowflakeWorker(SnowflakeIdGenerator generator, WorkerLeaseKeeper keeper, InstantSource wallClock) {
		this.generator = Objects.requireNonNull(generator, "generator");
		this.keeper = Objects.requireNonNull(keeper, "keeper");
		this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
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

	/** Whether IDs can be issued now, and why not: the generator's own checks, with the remaining times. */
	public WorkerStatus status() {
		SnowflakeLayout layout = this.generator.layout();
		WorkerLease lease = this.keeper.currentLease();
		long now = this.wallClock.millis();
		long epochRemaining = Math.max(0, layout.lifetimeEnd().toEpochMilli() - now);
		long lead = this.generator.leadMillis();
		long ceilingRemaining = (lease == null || lease.highestCeilingMillis() == Long.MAX_VALUE) ? -1
				: Math.max(0, lease.highestCeilingMillis() - now);
		long leaseRemaining = (lease == null || !lease.renewable()) ? -1 : ceilingRemaining;
		String reason = this.generator.unavailableReason();
		return new WorkerStatus(reason == null, reason, lease, leaseRemaining, ceilingRemaining, epochRemaining, lead);
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
