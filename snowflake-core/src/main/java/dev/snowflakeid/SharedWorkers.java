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
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Difference;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Setting;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseListener;

/**
 * One generator per static worker code and region in this JVM (more exactly, per class loader: two web
 * applications in one servlet container do not see each other), shared by every user that asks for it with
 * the same settings, such as the application contexts a test run caches side by side. Two generators on one
 * code would both issue sequence 0 of the same tick; one generator keeps one {@code (tick, sequence)} under
 * one lock, whoever calls it.
 *
 * <p>{@link Builder#join()} answers a {@link SnowflakeWorker} of the caller's own whose {@code close()} drops
 * the caller's share. The first user starts the generator, on its store; the last one to close stops it and
 * releases the code, and the next generator of the code starts above the last millisecond this one used
 * (see {@link StaticWorkerLeaseStore}). Each user closes its worker before its store. A user whose settings
 * differ is refused with {@link WorkerCodeInUseException} naming each difference: sharing would give it a
 * generator other than the one it configured. Every user's listeners receive the lease events from its join
 * until it leaves; the last user also receives the release.
 */
public final class SharedWorkers {

	private static final Object lock = new Object();

	// Guarded by lock.
	private static final Map<Key, Shared> workers = new HashMap<>();

	private SharedWorkers() {
	}

	/**
	 * Starts a request for the generator of {@code store}'s code and region.
	 * @param store the caller's store, opened with {@link StaticWorkerLeaseStore.Builder#share()}
	 * @param layout the layout the caller's IDs follow
	 */
	public static Builder builder(StaticWorkerLeaseStore store, SnowflakeLayout layout) {
		return new Builder(store, layout);
	}

	private record Key(int workerCode, int region) {
	}

	private record Member(String owner, List<WorkerLeaseListener> listeners) {
	}

	/** One generator and its users. */
	private static final class Shared implements WorkerLeaseListener {

		private final Key key;

		private final StaticWorkerLeaseStore store;

		private final Map<Setting, String> settings;

		private final List<Member> members = new CopyOnWriteArrayList<>();

		// Set once started; guarded by lock.
		private SnowflakeWorker worker;

		Shared(Key key, StaticWorkerLeaseStore store, Map<Setting, String> settings) {
			this.key = key;
			this.store = store;
			this.settings = settings;
		}

		@Override
		public void onLeaseEvent(LeaseEvent event) {
			RuntimeException failure = null;
			for (Member member : this.members) {
				for (WorkerLeaseListener listener : member.listeners()) {
					try {
						listener.onLeaseEvent(event);
					}
					catch (RuntimeException ex) {
						// The keeper's dispatcher reports it; the other users' listeners still receive the event.
						failure = (failure != null) ? failure : ex;
					}
				}
			}
			if (failure != null) {
				throw failure;
			}
		}

		SnowflakeWorker join(Member member) {
			this.members.add(member);
			return new SnowflakeWorker(this.worker, () -> leave(member));
		}

		private void leave(Member member) {
			synchronized (lock) {
				if (this.members.size() > 1) {
					this.members.remove(member);
					return;
				}
				workers.remove(this.key, this);
				try {
					this.worker.close();
				}
				finally {
					this.members.remove(member);
				}
			}
		}

	}

	/** The settings of one request; every setting but the store and layout has the generator's default. */
	public static final class Builder {

		private final StaticWorkerLeaseStore store;

		private final SnowflakeLayout layout;

		private Duration rollbackWaitBudget = SnowflakeIdGenerator.DEFAULT_ROLLBACK_WAIT_BUDGET;

		private Duration exhaustionWaitBudget = SnowflakeIdGenerator.DEFAULT_EXHAUSTION_WAIT_BUDGET;

		private Duration borrowAhead = Duration.ZERO;

		private Duration forwardJumpAlert = SnowflakeIdGenerator.DEFAULT_FORWARD_JUMP_ALERT;

		private Duration renewInterval = LeaseTiming.DEFAULT_RENEW_INTERVAL;

		private Duration startupWaitBudget = WorkerLeaseKeeper.DEFAULT_STARTUP_WAIT_BUDGET;

		private InstantSource wallClock = InstantSource.system();

		private LongSupplier monotonicClock = System::nanoTime;

		private LongConsumer parker = LockSupport::parkNanos;

		private String threadName = "snowflake-lease-keeper";

		private String owner = "a generator joined by thread '" + Thread.currentThread().getName() + "'";

		private final List<WorkerLeaseListener> listeners = new ArrayList<>();

		private Executor eventExecutor;

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

		/** Wall clock of the generator and keeper, if this request starts them. Default the system clock. */
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

		/** Runs the listeners, if this request starts the generator. Default: a daemon thread of the keeper's. */
		public Builder eventExecutor(Executor eventExecutor) {
			this.eventExecutor = Objects.requireNonNull(eventExecutor, "event executor");
			return this;
		}

		/** Who asks, named to a user that is refused, such as an application context. */
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
		 * @throws WorkerCodeInUseException if the running generator has other settings
		 * @throws dev.snowflakeid.lease.WorkerLeaseException as {@link WorkerLeaseKeeper#start()}, when this
		 * request starts it
		 */
		public SnowflakeWorker join() {
			Key key = new Key(this.store.workerCode(), this.store.region());
			Map<Setting, String> settings = settings();
			Member member = new Member(this.owner + ", since " + Instant.now(), List.copyOf(this.listeners));
			synchronized (lock) {
				Shared running = workers.get(key);
				if (running != null) {
					List<Difference> differences = differences(running.settings, settings);
					if (!differences.isEmpty()) {
						throw new WorkerCodeInUseException(running.store.domain(), running.members.get(0).owner(),
								differences);
					}
					return running.join(member);
				}
				Shared started = new Shared(key, this.store, settings);
				WorkerLeaseKeeper.Builder keepers = WorkerLeaseKeeper.builder(this.store)
					.tick(this.layout.tick())
					.renewInterval(this.renewInterval)
					.startupWaitBudget(this.startupWaitBudget)
					.wallClock(this.wallClock)
					.monotonicClock(this.monotonicClock)
					.parker(this.parker)
					.threadName(this.threadName)
					.listener(started);
				if (this.eventExecutor != null) {
					keepers.eventExecutor(this.eventExecutor);
				}
				WorkerLeaseKeeper keeper = keepers.build();
				SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(this.layout)
					.region(this.store.region())
					.leaseSource(keeper)
					.wallClock(this.wallClock)
					.monotonicClock(this.monotonicClock)
					.parker(this.parker)
					.rollbackWaitBudget(this.rollbackWaitBudget)
					.exhaustionWaitBudget(this.exhaustionWaitBudget)
					.borrowAhead(this.borrowAhead)
					.forwardJumpAlert(this.forwardJumpAlert)
					.build();
				started.worker = new SnowflakeWorker(generator, keeper, this.wallClock);
				// The first user's listeners receive the acquisition too.
				SnowflakeWorker joined = started.join(member);
				started.worker.start();
				workers.put(key, started);
				return joined;
			}
		}

		private Map<Setting, String> settings() {
			Map<Setting, String> settings = new EnumMap<>(Setting.class);
			settings.put(Setting.STATE_FILE, (this.store.stateFile() != null) ? this.store.stateFile().toString() : "none");
			settings.put(Setting.TIMESTAMP_BITS, Integer.toString(this.layout.timestampBits()));
			settings.put(Setting.REGION_BITS, Integer.toString(this.layout.regionBits()));
			settings.put(Setting.WORKER_BITS, Integer.toString(this.layout.workerBits()));
			settings.put(Setting.SEQUENCE_BITS, Integer.toString(this.layout.sequenceBits()));
			settings.put(Setting.TICK, this.layout.tick().toString());
			settings.put(Setting.EPOCH, this.layout.epoch().toString());
			settings.put(Setting.ROLLBACK_WAIT_BUDGET, this.rollbackWaitBudget.toString());
			settings.put(Setting.EXHAUSTION_WAIT_BUDGET, this.exhaustionWaitBudget.toString());
			settings.put(Setting.BORROW_AHEAD, this.borrowAhead.toString());
			settings.put(Setting.FORWARD_JUMP_ALERT, this.forwardJumpAlert.toString());
			settings.put(Setting.RENEW_INTERVAL, this.renewInterval.toString());
			settings.put(Setting.STARTUP_WAIT_BUDGET, this.startupWaitBudget.toString());
			return settings;
		}

		private static List<Difference> differences(Map<Setting, String> held, Map<Setting, String> requested) {
			List<Difference> differences = new ArrayList<>();
			requested.forEach((setting, value) -> {
				if (!value.equals(held.get(setting))) {
					differences.add(new Difference(setting, held.get(setting), value));
				}
			});
			return differences;
		}

	}

}
