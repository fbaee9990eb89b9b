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

import java.time.InstantSource;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseKeeper;

/**
 * A generator together with the keeper of its worker lease: the unit an application starts at boot and
 * closes at shutdown. {@link #close()} stops the generator before the lease is released, so no ID can be
 * issued under a code that another process may already hold. Acquiring and releasing are reported as
 * {@link dev.snowflakeid.lease.LeaseEvent}s to the keeper's listeners.
 *
 * <p>A worker of {@link SharedWorkers} is one user's handle on a generator that other users share: its
 * {@link #close()} drops the handle, and only the last one stops the generator and releases the code.
 */
public final class SnowflakeWorker implements AutoCloseable {

	private final SnowflakeIdGenerator generator;

	private final WorkerLeaseKeeper keeper;

	private final InstantSource wallClock;

	// Null for a worker of its own; else leaves the shared worker, once.
	private final Runnable leave;

	private final AtomicBoolean left = new AtomicBoolean();

	/**
	 * @param generator a generator whose lease source is {@code keeper}
	 * @param keeper the lease keeper, not yet started
	 * @param wallClock the generator's wall clock, for the remaining times of {@link #status()}
	 */
	public SnowflakeWorker(SnowflakeIdGenerator generator, WorkerLeaseKeeper keeper, InstantSource wallClock) {
		this.generator = Objects.requireNonNull(generator, "generator");
		this.keeper = Objects.requireNonNull(keeper, "keeper");
		this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
		this.leave = null;
	}

	/** A handle on a started worker that others share; {@code leave} runs on the first {@link #close()}. */
	SnowflakeWorker(SnowflakeWorker shared, Runnable leave) {
		this.generator = shared.generator;
		this.keeper = shared.keeper;
		this.wallClock = shared.wallClock;
		this.leave = Objects.requireNonNull(leave, "leave");
	}

	/**
	 * Acquires the lease; see {@link WorkerLeaseKeeper#start()} for the failures. A shared worker is started
	 * already, and this does nothing.
	 */
	public SnowflakeWorker start() {
		if (this.leave != null) {
			return this;
		}
		this.keeper.start();
		return this;
	}

	/**
	 * Pauses the generator, then gives the code back recording the last used millisecond, so that no lease
	 * outlives this moment in a copy of the process: a process checkpointed now (CRaC) and restored, once or
	 * many times, claims a code of its own in each copy on {@link #resume()}. Idempotent.
	 * @throws UnsupportedOperationException for a worker shared by several users (a static code), whose code
	 * is part of its configuration and comes back the same in every copy anyway
	 */
	public void suspend() {
		requireOwn();
		this.keeper.suspend(this.generator.pause());
	}

	/**
	 * Claims a code again after {@link #suspend()} (or for the first time, if {@link #start()} was not called)
	 * and issues again once the clock is inside its range; IDs continue above every ID issued before. Does
	 * nothing while a lease is held. A failed claim after {@link #suspend()} leaves the worker suspended, to be
	 * resumed again; a failed first claim closes it, as {@link #start()} does.
	 * @throws UnsupportedOperationException for a shared worker
	 * @see WorkerLeaseKeeper#start() for the failures of a claim
	 */
	public void resume() {
		requireOwn();
		this.keeper.resume();
		this.generator.resume();
	}

	/** Whether this is one user's handle on a worker that other users share, see {@link SharedWorkers}. */
	public boolean isShared() {
		return this.leave != null;
	}

	private void requireOwn() {
		if (this.leave != null) {
			throw new UnsupportedOperationException("a shared worker on a static code is not suspended: its code "
					+ "is configured, not leased, and other users of this JVM issue with it");
		}
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
	 * Stops the generator, then releases the lease recording the last used millisecond; for a shared worker,
	 * drops this handle, and the last handle does so. Idempotent.
	 */
	@Override
	public void close() {
		if (this.leave != null) {
			if (this.left.compareAndSet(false, true)) {
				this.leave.run();
			}
			return;
		}
		if (this.generator.isStopped()) {
			return;
		}
		this.keeper.close(this.generator.stop());
	}

}
