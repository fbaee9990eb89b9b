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
package dev.snowflakeid.lease;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

import dev.snowflakeid.lease.LeaseEvent.Type;
import dev.snowflakeid.lease.WorkerLeaseException.ClockBehindException;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import org.jspecify.annotations.Nullable;

/**
 * Holds a worker code from a {@link WorkerLeaseStore} and publishes what the generator
 * may use as one immutable {@link WorkerLease} through a volatile reference;
 * {@link #currentLease()} never blocks.
 *
 * <p>
 * Rules that keep IDs unique while this keeper runs:
 * <ul>
 * <li><b>The ceiling is the fence.</b> Every published range was granted by the store,
 * which recorded its ceiling before answering and starts every other owner of the code
 * above it. So a range stays usable up to its ceiling whatever happens afterwards: when a
 * renewal fails, or the store says the lease expired or was taken over, the keeper keeps
 * the range published and claims again (its previous code first).</li>
 * <li>Ranges are combined only where each part is a grant in its own right: a renewed or
 * new range that overlaps the held one on the same code extends it; one that does not (a
 * renewal whose floor jumped after the store detected a loss, or another code) becomes
 * the current range and the best held one is kept as {@link WorkerLease#earlier()}.
 * Grants are told apart by their whole token, never by code and generation alone
 * (generations start again at 1 after the store loses data).</li>
 * <li>Nothing stops the renewal rounds: every throwable of a round is reported to the
 * listeners and the next round runs; listeners run on their own thread, so a slow or
 * failing listener delays no renewal.</li>
 * <li>{@link #start()} returns once the whole tick around the wall clock lies inside a
 * published range, within the startup wait budget; {@link #close(long)} stops the rounds
 * before releasing the code. The caller stops the generator first.</li>
 * </ul>
 */
public final class WorkerLeaseKeeper implements AutoCloseable {

	/**
	 * Covers the quarantine of a first claim on an empty Redis with the default timing; a
	 * timing with a longer one needs
	 * {@link LeaseTiming#defaultStartupWaitBudget(Duration)}.
	 */
	public static final Duration DEFAULT_STARTUP_WAIT_BUDGET = LeaseTiming.DEFAULT_STARTUP_WAIT_BUDGET;

	private final WorkerLeaseStore store;

	private final Duration renewInterval;

	private final AtomicBoolean attached = new AtomicBoolean();

	private final LeaseHolder holder;

	private WorkerLeaseKeeper(Builder builder) {
		this.store = builder.store;
		this.renewInterval = Durations.requirePositive("renew interval", builder.renewInterval);
		long startupBudgetNanos = Durations.requireNonNegative("startup wait budget", builder.startupWaitBudget)
			.toNanos();
		long tickMillis = Durations.requireWholeMillis("tick", Durations.requirePositive("tick", builder.tick))
			.toMillis();
		StartupWait startup = new StartupWait(this.store, builder.preferredCode, builder.wallClock,
				builder.monotonicClock, builder.parker, tickMillis);
		RenewalScheduler scheduler = (builder.scheduler != null) ? RenewalScheduler.on(builder.scheduler)
				: DaemonThreads.scheduler(builder.threadName);
		this.holder = new LeaseHolder(this.store, startupBudgetNanos, builder.monotonicClock, startup, scheduler,
				this.renewInterval.toNanos(), builder.listeners, builder.eventExecutor, builder.threadName + "-events");
	}

	public static Builder builder(WorkerLeaseStore store) {
		return new Builder(store);
	}

	/**
	 * The lease in force, or {@code null} while none is held. Never blocks: the generator
	 * reads it for every ID.
	 */
	public @Nullable WorkerLease currentLease() {
		return this.holder.rounds().current();
	}

	/**
	 * The store's grant being renewed, or {@code null} while none is held (claiming
	 * again).
	 */
	public @Nullable LeaseGrant currentGrant() {
		return this.holder.rounds().grant();
	}

	/** The store this keeper leases from. */
	public WorkerLeaseStore store() {
		return this.store;
	}

	/** Interval between renewals. */
	public Duration renewInterval() {
		return this.renewInterval;
	}

	/**
	 * Marks this keeper as the lease source of one generator, and answers where that
	 * generator reports a forward jump of its wall clock, in milliseconds: the keeper
	 * delivers it to its listeners as {@link LeaseEvent.Type#CLOCK_JUMPED}, never
	 * blocking the caller. Two generators on one keeper would issue the same
	 * {@code (tick, sequence)} under the same code.
	 * @throws IllegalStateException if a generator is attached already
	 */
	public LongConsumer attach() {
		if (!this.attached.compareAndSet(false, true)) {
			throw new IllegalStateException("this worker lease keeper already serves a generator; two generators "
					+ "on one worker code would issue the same IDs. Give each generator its own keeper");
		}
		return this.holder::clockJumped;
	}

	/**
	 * Claims a code, publishes its range, starts the renewal rounds and returns once the
	 * whole tick around the wall clock lies inside the range.
	 * @throws NoFreeWorkerCodeException if no code became free within the startup wait
	 * budget
	 * @throws LeaseStoreUnavailableException if the store did not answer, or renewals did
	 * not raise the ceiling, within the startup wait budget
	 * @throws ClockSkewException if the worker and store clocks disagree by more than the
	 * allowed skew
	 * @throws StoreMismatchException if the store was set up with other fleet settings
	 * @throws ClockBehindException if the wall clock is behind the floor by more than the
	 * startup budget
	 */
	public void start() {
		this.holder.start();
	}

	/**
	 * Gives the code back as {@link #close(long)} does, but keeps the keeper:
	 * {@link #resume()} claims a code again. Pause the generator first and pass what its
	 * {@code pause()} returned. Meant for a process about to be checkpointed (a restored
	 * image runs as a new process, possibly more than once: each claims its own code) and
	 * for a stopped application context. Does nothing unless the keeper holds a lease or
	 * claims one.
	 */
	public void suspend(long lastUsedMillis) {
		this.holder.suspend(lastUsedMillis);
	}

	/**
	 * Claims a code again after {@link #suspend(long)}, as {@link #start()} does, and
	 * returns once the tick around the wall clock lies inside its range; starts the
	 * keeper if it was never started; does nothing while it holds a lease. A claim that
	 * fails leaves the keeper suspended, to be resumed again.
	 * @throws IllegalStateException if the keeper is closed
	 * @see #start() for the failures of a claim
	 */
	public void resume() {
		this.holder.resume();
	}

	/**
	 * Runs one renewal round now, on the calling thread: renew, or claim again after a
	 * loss.
	 */
	public void renewNow() {
		this.holder.renewNow();
	}

	/**
	 * Stops the renewal rounds, withdraws the lease and gives the code back. Stop the
	 * generator first and pass what its {@code stop()} returned, which the store's
	 * release records (a lease store's ceiling already covers it; a static code without a
	 * state file has no other mark). A failed release is reported to the listeners
	 * ({@link LeaseEvent.Type#RELEASE_FAILED}); the lease then expires by itself and its
	 * ceiling still fences the next owner.
	 */
	public void close(long lastUsedMillis) {
		this.holder.close(lastUsedMillis);
	}

	/** Same as {@link #close(long)} when nothing was issued. */
	@Override
	public void close() {
		close(Long.MIN_VALUE);
	}

	/** Configures a {@link WorkerLeaseKeeper}. */
	public static final class Builder {

		private final WorkerLeaseStore store;

		private Duration renewInterval = LeaseTiming.DEFAULT_RENEW_INTERVAL;

		private Duration startupWaitBudget = DEFAULT_STARTUP_WAIT_BUDGET;

		private InstantSource wallClock = InstantSource.system();

		private LongSupplier monotonicClock = System::nanoTime;

		private LongConsumer parker = LockSupport::parkNanos;

		private final List<WorkerLeaseListener> listeners = new ArrayList<>();

		private int preferredCode = -1;

		private Duration tick = Duration.ofMillis(1);

		private String threadName = "snowflake-lease-keeper";

		private @Nullable ScheduledExecutorService scheduler;

		private @Nullable Executor eventExecutor;

		private Builder(WorkerLeaseStore store) {
			this.store = Objects.requireNonNull(store, "store");
		}

		/** Time between renewals. Default 1 s. */
		public Builder renewInterval(Duration renewInterval) {
			this.renewInterval = renewInterval;
			return this;
		}

		/**
		 * The tick of the generator this keeper serves: {@link #start()} returns once a
		 * whole tick around the wall clock lies inside the range, so the first IDs are
		 * not refused for the rest of a tick that began at or below the floor. Default 1
		 * ms.
		 */
		public Builder tick(Duration tick) {
			this.tick = tick;
			return this;
		}

		/**
		 * Longest time {@link #start()} may take to find a code and reach its range.
		 * Default 30 s.
		 */
		public Builder startupWaitBudget(Duration startupWaitBudget) {
			this.startupWaitBudget = startupWaitBudget;
			return this;
		}

		public Builder wallClock(InstantSource wallClock) {
			this.wallClock = Objects.requireNonNull(wallClock, "wall clock");
			return this;
		}

		/**
		 * Clock for deadlines, in nanoseconds compared only as differences. Default
		 * {@link System#nanoTime()}; tests inject a fake clock here.
		 */
		public Builder monotonicClock(LongSupplier monotonicClock) {
			this.monotonicClock = Objects.requireNonNull(monotonicClock, "monotonic clock");
			return this;
		}

		/**
		 * How startup waits: parks for about the given nanoseconds, and may return early.
		 * Default {@link LockSupport#parkNanos(long)}; tests inject one that advances a
		 * fake clock instead.
		 */
		public Builder parker(LongConsumer parker) {
			this.parker = Objects.requireNonNull(parker, "parker");
			return this;
		}

		public Builder listener(WorkerLeaseListener listener) {
			this.listeners.add(Objects.requireNonNull(listener, "listener"));
			return this;
		}

		/** Code to ask for first at startup, or -1 for any. Default -1. */
		public Builder preferredCode(int preferredCode) {
			this.preferredCode = preferredCode;
			return this;
		}

		/** Name of the renewal thread; the listener thread adds {@code -events}. */
		public Builder threadName(String threadName) {
			this.threadName = Objects.requireNonNull(threadName, "thread name");
			return this;
		}

		/**
		 * Runs the renewal rounds, at a fixed delay; closing the keeper cancels them and
		 * leaves the executor running. Default: one daemon thread per keeper, stopped on
		 * close.
		 */
		public Builder scheduler(ScheduledExecutorService scheduler) {
			this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
			return this;
		}

		/**
		 * Runs the listeners. Default: one daemon thread per keeper, shut down on close.
		 */
		public Builder eventExecutor(Executor eventExecutor) {
			this.eventExecutor = Objects.requireNonNull(eventExecutor, "event executor");
			return this;
		}

		public WorkerLeaseKeeper build() {
			return new WorkerLeaseKeeper(this);
		}

	}

}
