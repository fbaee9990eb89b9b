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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

import dev.snowflakeid.lease.LeaseEvent.Type;
import dev.snowflakeid.lease.WorkerLeaseException.StateFileException;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link WorkerLeaseKeeper} holds its code across start, suspend, resume and close:
 * claims (through {@link StartupWait}), publishes and schedules the renewal rounds, gives
 * the code back, and reports each step to the listeners. Every change of state happens
 * under one monitor; the store's release and the listeners run outside it, and the
 * published lease is read without it.
 */
final class LeaseHolder {

	private final WorkerLeaseStore store;

	private final long startupBudgetNanos;

	private final LongSupplier monotonicClock;

	private final StartupWait startup;

	private final List<WorkerLeaseListener> listeners;

	private final @Nullable Executor configuredEvents;

	private final String eventThreadName;

	private final Object monitor = new Object();

	// Written under monitor; its readers never block.
	private final RenewalRounds rounds;

	private final RenewalSchedule renewals;

	// Guarded by monitor.
	private boolean started;

	// Guarded by monitor: the lease was given back by suspend, and resume claims again.
	private boolean suspended;

	// Guarded by monitor: whether a start without a state file's mark was reported.
	private boolean markReported;

	// Written under monitor, read without it: a generator reports a clock jump without
	// waiting for a round.
	private volatile @Nullable LeaseEventDispatcher events;

	private volatile boolean closed;

	LeaseHolder(WorkerLeaseStore store, long startupBudgetNanos, LongSupplier monotonicClock, StartupWait startup,
			RenewalScheduler scheduler, long renewIntervalNanos, List<WorkerLeaseListener> listeners,
			@Nullable Executor configuredEvents, String eventThreadName) {
		this.store = store;
		this.startupBudgetNanos = startupBudgetNanos;
		this.monotonicClock = monotonicClock;
		this.startup = startup;
		this.listeners = List.copyOf(listeners);
		this.configuredEvents = configuredEvents;
		this.eventThreadName = eventThreadName;
		this.rounds = new RenewalRounds(store);
		this.renewals = new RenewalSchedule(scheduler, renewIntervalNanos, this::renewNow, this::dispatch);
	}

	RenewalRounds rounds() {
		return this.rounds;
	}

	void start() {
		synchronized (this.monitor) {
			if (this.started || this.closed) {
				throw new IllegalStateException("lease keeper already started or closed");
			}
			this.started = true;
			this.events = new LeaseEventDispatcher(this.listeners, this.configuredEvents, this.eventThreadName);
		}
		try {
			acquire();
		}
		catch (RuntimeException ex) {
			close(Long.MIN_VALUE);
			throw ex;
		}
	}

	void suspend(long lastUsedMillis) {
		synchronized (this.monitor) {
			if (this.closed || !this.started || this.suspended) {
				return;
			}
			this.suspended = true;
		}
		giveBack(lastUsedMillis, true);
	}

	void resume() {
		boolean first;
		synchronized (this.monitor) {
			if (this.closed) {
				throw new IllegalStateException("lease keeper closed");
			}
			first = !this.started;
			if (!first && !this.suspended) {
				return;
			}
			this.suspended = false;
		}
		if (first) {
			start();
			return;
		}
		try {
			acquire();
		}
		catch (RuntimeException ex) {
			synchronized (this.monitor) {
				this.suspended = true;
			}
			giveBack(Long.MIN_VALUE, false);
			throw ex;
		}
	}

	void renewNow() {
		List<LeaseEvent> happened;
		synchronized (this.monitor) {
			if (this.closed || !this.started || this.suspended) {
				return;
			}
			happened = this.rounds.run();
		}
		dispatch(happened);
	}

	void close(long lastUsedMillis) {
		synchronized (this.monitor) {
			if (this.closed) {
				return;
			}
			this.closed = true;
		}
		giveBack(lastUsedMillis, true);
		LeaseEventDispatcher dispatcher = this.events;
		if (dispatcher != null) {
			dispatcher.close();
		}
	}

	/** Reports a forward jump of the generator's wall clock; never blocks. */
	void clockJumped(long jumpMillis) {
		dispatch(List
			.of(new LeaseEvent(Type.CLOCK_JUMPED, this.rounds.current(), null, null, Long.MIN_VALUE, jumpMillis)));
	}

	// Claims, publishes, schedules the rounds and waits until the clock is inside the
	// range.
	private void acquire() {
		long startedAt = this.monotonicClock.getAsLong();
		long budgetEnd = startedAt + this.startupBudgetNanos;
		LeaseGrant granted = this.startup.claim(budgetEnd);
		synchronized (this.monitor) {
			if (this.closed || this.suspended) {
				reportFailure(this.rounds.release(granted, null, Long.MIN_VALUE));
				throw new IllegalStateException("lease keeper closed or suspended while claiming");
			}
			this.rounds.publish(granted);
			// The first renewal is due one interval after the claim was sent, not after
			// the floor wait.
			this.renewals.start(this.monotonicClock.getAsLong() - startedAt);
		}
		this.startup.awaitUsable(this.rounds::current, budgetEnd);
		List<LeaseEvent> happened = new ArrayList<>(List.of(this.rounds.event(Type.ACQUIRED, null, null)));
		StateFileException missing = (this.store instanceof StaticWorkerLeaseStore file) ? file.startedWithoutMark()
				: null;
		synchronized (this.monitor) {
			if (missing != null && !this.markReported) {
				this.markReported = true;
				happened.add(this.rounds.event(Type.STARTED_WITHOUT_MARK, null, missing));
			}
		}
		dispatch(happened);
	}

	/**
	 * Withdraws the lease and detaches the rounds (the caller set its flag under the
	 * monitor), then stops the rounds and gives the code back outside it. A release is
	 * reported when {@code report}; a failed one always.
	 */
	private void giveBack(long lastUsedMillis, boolean report) {
		LeaseGrant held;
		WorkerLease released;
		AutoCloseable running;
		synchronized (this.monitor) {
			released = this.rounds.current();
			held = this.rounds.withdraw();
			running = this.renewals.detach();
		}
		this.renewals.stop(running);
		if (held != null) {
			LeaseEvent outcome = this.rounds.release(held, released, lastUsedMillis);
			if (report) {
				dispatch(List.of(outcome));
			}
			else {
				reportFailure(outcome);
			}
		}
	}

	private void reportFailure(LeaseEvent outcome) {
		if (outcome.type() == Type.RELEASE_FAILED) {
			dispatch(List.of(outcome));
		}
	}

	// Listeners run on their own executor, in order; none of them can hold up or end a
	// renewal round.
	private void dispatch(List<LeaseEvent> happened) {
		LeaseEventDispatcher dispatcher = this.events;
		if (dispatcher != null) {
			dispatcher.dispatch(happened);
		}
	}

}
