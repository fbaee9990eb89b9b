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

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseListener;
import org.jspecify.annotations.Nullable;

/**
 * A generator together with the keeper of its worker lease: the unit an application
 * starts at boot and closes at shutdown. {@link #close()} stops the generator before the
 * lease is released, so no ID can be issued under a code that another process may already
 * hold. Acquiring and releasing are reported as {@link dev.snowflakeid.lease.LeaseEvent}s
 * to the keeper's listeners.
 *
 * <p>
 * A worker of {@link SharedWorkers} is one user's handle on a generator that other users
 * share: its {@link #close()} drops the handle, and only the last one stops the generator
 * and releases the code.
 */
public final class SnowflakeWorker implements AutoCloseable {

	private final SnowflakeIdGenerator generator;

	private final WorkerLeaseKeeper keeper;

	private final InstantSource wallClock;

	// Null for a worker of its own; else leaves the shared worker, once.
	private final @Nullable Runnable leave;

	private final AtomicBoolean left = new AtomicBoolean();

	/**
	 * @param generator a generator whose lease source is {@code keeper}
	 * @param keeper the lease keeper, not yet started
	 * @param wallClock the generator's wall clock, for the remaining times of
	 * {@link #status()}
	 */
	public SnowflakeWorker(SnowflakeIdGenerator generator, WorkerLeaseKeeper keeper, InstantSource wallClock) {
		this.generator = Objects.requireNonNull(generator, "generator");
		this.keeper = Objects.requireNonNull(keeper, "keeper");
		this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
		this.leave = null;
	}

	/**
	 * A handle on a started worker that others share; {@code leave} runs on the first
	 * {@link #close()}.
	 */
	SnowflakeWorker(SnowflakeWorker shared, Runnable leave) {
		this.generator = shared.generator;
		this.keeper = shared.keeper;
		this.wallClock = shared.wallClock;
		this.leave = Objects.requireNonNull(leave, "leave");
	}

	/**
	 * Acquires the lease; see {@link WorkerLeaseKeeper#start()} for the failures. A
	 * shared worker is started already, and this does nothing.
	 */
	public SnowflakeWorker start() {
		if (this.leave != null) {
			return this;
		}
		this.keeper.start();
		return this;
	}

	/**
	 * Pauses the generator, then gives the code back recording the last used millisecond,
	 * so that no lease outlives this moment in a copy of the process: a process
	 * checkpointed now (CRaC) and restored, once or many times, claims a code of its own
	 * in each copy on {@link #resume()}. Idempotent.
	 * @throws UnsupportedOperationException for a worker shared by several users (a
	 * static code), whose code is part of its configuration and comes back the same in
	 * every copy anyway
	 */
	public void suspend() {
		requireOwn();
		this.keeper.suspend(this.generator.pause());
	}

	/**
	 * Claims a code again after {@link #suspend()} (or for the first time, if
	 * {@link #start()} was not called) and issues again once the clock is inside its
	 * range; IDs continue above every ID issued before. Does nothing while a lease is
	 * held. A failed claim after {@link #suspend()} leaves the worker suspended, to be
	 * resumed again; a failed first claim closes it, as {@link #start()} does.
	 * @throws UnsupportedOperationException for a shared worker
	 * @see WorkerLeaseKeeper#start() for the failures of a claim
	 */
	public void resume() {
		requireOwn();
		this.keeper.resume();
		this.generator.resume();
	}

	/**
	 * Whether this is one user's handle on a worker that other users share, see
	 * {@link SharedWorkers}.
	 */
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

	/**
	 * Whether IDs can be issued now, and why not: the generator's own checks, with the
	 * remaining times.
	 */
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
	 * Stops the generator, then releases the lease recording the last used millisecond;
	 * for a shared worker, drops this handle, and the last handle does so. Idempotent.
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

	/**
	 * Whether a {@link SnowflakeWorker} can issue IDs right now, and if not, why.
	 * Computed from the lease snapshot and the clocks without touching the generator's
	 * lock.
	 *
	 * @param issuable whether {@code nextId()} would issue now (a tick exhausted this
	 * very moment aside)
	 * @param reason why not, or {@code null} when issuable
	 * @param lease the lease in force, or {@code null}
	 * @param leaseRemainingMillis for a lease that must be renewed, time until the wall
	 * clock reaches its highest ceiling; -1 for a lease that does not expire or when no
	 * lease is held
	 * @param ceilingRemainingMillis time until the wall clock reaches the lease ceiling,
	 * or -1 without one
	 * @param epochRemainingMillis time until the layout's last tick ends
	 * @param leadMillis how far the last issued tick lies ahead of the wall clock
	 * (borrow-ahead)
	 */
	public record WorkerStatus(boolean issuable, @Nullable String reason, @Nullable WorkerLease lease,
			long leaseRemainingMillis, long ceilingRemainingMillis, long epochRemainingMillis, long leadMillis) {
	}

	/**
	 * One generator per static worker code and region in this JVM (more exactly, per
	 * class loader: two web applications in one servlet container do not see each other),
	 * shared by every user that asks for it with the same settings, such as the
	 * application contexts a test run caches side by side. Two generators on one code
	 * would both issue sequence 0 of the same tick; one generator keeps one
	 * {@code (tick, sequence)} under one lock, whoever calls it.
	 *
	 * <p>
	 * {@link Builder#join()} answers a {@link SnowflakeWorker} of the caller's own whose
	 * {@code close()} drops the caller's share. The first user starts the generator, on
	 * its store; the last one to close stops it and releases the code, and the next
	 * generator of the code starts above the last millisecond this one used (see
	 * {@link StaticWorkerLeaseStore}). Each user closes its worker before its store. A
	 * user whose settings differ is refused with {@link WorkerCodeInUseException} naming
	 * each difference: sharing would give it a generator other than the one it
	 * configured. Every user's listeners receive the lease events from its join until it
	 * leaves; the last user also receives the release.
	 */
	public static final class SharedWorkers {

		private SharedWorkers() {
		}

		/**
		 * Starts a request for the generator of {@code store}'s code and region.
		 * @param store the caller's store, opened with
		 * {@link StaticWorkerLeaseStore.Builder#share()}
		 * @param layout the layout the caller's IDs follow
		 */
		public static Builder builder(StaticWorkerLeaseStore store, SnowflakeLayout layout) {
			return new Builder(store, layout);
		}

		/**
		 * The settings of one request; every setting but the store and layout has the
		 * generator's default.
		 */
		public static final class Builder {

			final StaticWorkerLeaseStore store;

			final SnowflakeLayout layout;

			Duration rollbackWaitBudget = SnowflakeIdGenerator.DEFAULT_ROLLBACK_WAIT_BUDGET;

			Duration exhaustionWaitBudget = SnowflakeIdGenerator.DEFAULT_EXHAUSTION_WAIT_BUDGET;

			boolean randomSequenceStart;

			Duration borrowAhead = Duration.ZERO;

			Duration forwardJumpAlert = SnowflakeIdGenerator.DEFAULT_FORWARD_JUMP_ALERT;

			Duration renewInterval = LeaseTiming.DEFAULT_RENEW_INTERVAL;

			Duration startupWaitBudget = WorkerLeaseKeeper.DEFAULT_STARTUP_WAIT_BUDGET;

			InstantSource wallClock = InstantSource.system();

			LongSupplier monotonicClock = System::nanoTime;

			LongConsumer parker = LockSupport::parkNanos;

			String threadName = "snowflake-lease-keeper";

			String owner = "a generator joined by thread '" + Thread.currentThread().getName() + "'";

			final List<WorkerLeaseListener> listeners = new ArrayList<>();

			@Nullable Executor eventExecutor;

			private Builder(StaticWorkerLeaseStore store, SnowflakeLayout layout) {
				this.store = Objects.requireNonNull(store, "store");
				this.layout = Objects.requireNonNull(layout, "layout");
			}

			/** See {@link SnowflakeIdGenerator.Builder#rollbackWaitBudget}. */
			public Builder rollbackWaitBudget(Duration budget) {
				this.rollbackWaitBudget = Objects.requireNonNull(budget, "rollback wait budget");
				return this;
			}

			/** See {@link SnowflakeIdGenerator.Builder#exhaustionWaitBudget}. */
			public Builder exhaustionWaitBudget(Duration budget) {
				this.exhaustionWaitBudget = Objects.requireNonNull(budget, "exhaustion wait budget");
				return this;
			}

			/** See {@link SnowflakeIdGenerator.Builder#randomSequenceStart}. */
			public Builder randomSequenceStart(boolean random) {
				this.randomSequenceStart = random;
				return this;
			}

			/** See {@link SnowflakeIdGenerator.Builder#borrowAhead}. */
			public Builder borrowAhead(Duration borrowAhead) {
				this.borrowAhead = Objects.requireNonNull(borrowAhead, "borrow-ahead");
				return this;
			}

			/** See {@link SnowflakeIdGenerator.Builder#forwardJumpAlert}. */
			public Builder forwardJumpAlert(Duration threshold) {
				this.forwardJumpAlert = Objects.requireNonNull(threshold, "forward jump alert");
				return this;
			}

			/** See {@link WorkerLeaseKeeper.Builder#renewInterval}. */
			public Builder renewInterval(Duration renewInterval) {
				this.renewInterval = Objects.requireNonNull(renewInterval, "renew interval");
				return this;
			}

			/** See {@link WorkerLeaseKeeper.Builder#startupWaitBudget}. */
			public Builder startupWaitBudget(Duration startupWaitBudget) {
				this.startupWaitBudget = Objects.requireNonNull(startupWaitBudget, "startup wait budget");
				return this;
			}

			/**
			 * Wall clock of the generator and keeper, if this request starts them.
			 * Default the system clock.
			 */
			public Builder wallClock(InstantSource wallClock) {
				this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
				return this;
			}

			/** See {@link SnowflakeIdGenerator.Builder#monotonicClock}. */
			public Builder monotonicClock(LongSupplier monotonicClock) {
				this.monotonicClock = Objects.requireNonNull(monotonicClock, "monotonic clock");
				return this;
			}

			/** See {@link SnowflakeIdGenerator.Builder#parker}. */
			public Builder parker(LongConsumer parker) {
				this.parker = Objects.requireNonNull(parker, "parker");
				return this;
			}

			/** Name of the renewal thread, if this request starts the generator. */
			public Builder threadName(String threadName) {
				this.threadName = Objects.requireNonNull(threadName, "thread name");
				return this;
			}

			/**
			 * Runs the listeners, if this request starts the generator. Default: a daemon
			 * thread of the keeper's.
			 */
			public Builder eventExecutor(Executor eventExecutor) {
				this.eventExecutor = Objects.requireNonNull(eventExecutor, "event executor");
				return this;
			}

			/**
			 * Who asks, named to a user that is refused, such as an application context.
			 */
			public Builder owner(String owner) {
				this.owner = Objects.requireNonNull(owner, "owner");
				return this;
			}

			/** Receives the lease events while this request's worker is open. */
			public Builder listener(WorkerLeaseListener listener) {
				this.listeners.add(Objects.requireNonNull(listener, "listener"));
				return this;
			}

			/**
			 * The generator of the code and region, started by this request if none runs.
			 * @throws WorkerCodeInUseException if the running generator has other
			 * settings
			 * @throws dev.snowflakeid.lease.WorkerLeaseException as
			 * {@link WorkerLeaseKeeper#start()}, when this request starts it
			 */
			public SnowflakeWorker join() {
				return SharedGenerators.join(this);
			}

		}

	}

}
