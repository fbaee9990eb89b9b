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

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Difference;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException.Setting;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseListener;
import org.jspecify.annotations.Nullable;

/**
 * The registry behind {@link SnowflakeWorker.SharedWorkers}: one generator per static
 * worker code and region in this JVM (more exactly, per class loader), and its users. The
 * first user starts the generator, on its store; the last one to close stops it and
 * releases the code. Every user's listeners receive the lease events from its join until
 * it leaves; the last user also receives the release.
 */
final class SharedGenerators {

	private static final Object lock = new Object();

	// Guarded by lock.
	private static final Map<Key, Shared> workers = new HashMap<>();

	private SharedGenerators() {
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

		// Set once started, before any user joins; guarded by lock.
		private @Nullable SnowflakeWorker worker;

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
						// The keeper's dispatcher reports it; the other users' listeners
						// still receive the event.
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
			return new SnowflakeWorker(worker(), () -> leave(member));
		}

		private SnowflakeWorker worker() {
			return Objects.requireNonNull(this.worker, "the shared generator is started before anyone joins it");
		}

		private void leave(Member member) {
			synchronized (lock) {
				if (this.members.size() > 1) {
					this.members.remove(member);
					return;
				}
				workers.remove(this.key, this);
				try {
					worker().close();
				}
				finally {
					this.members.remove(member);
				}
			}
		}

	}

	/**
	 * The generator of the request's code and region, started on the request's settings
	 * if none runs.
	 * @throws WorkerCodeInUseException if the running generator has other settings
	 */
	static SnowflakeWorker join(SnowflakeWorker.SharedWorkers.Builder request) {
		Key key = new Key(request.store.workerCode(), request.store.region());
		Map<Setting, String> settings = settings(request);
		Member member = new Member(request.owner + ", since " + Instant.now(), List.copyOf(request.listeners));
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
			Shared started = new Shared(key, request.store, settings);
			WorkerLeaseKeeper.Builder keepers = WorkerLeaseKeeper.builder(request.store)
				.tick(request.layout.tick())
				.renewInterval(request.renewInterval)
				.startupWaitBudget(request.startupWaitBudget)
				.wallClock(request.wallClock)
				.monotonicClock(request.monotonicClock)
				.parker(request.parker)
				.threadName(request.threadName)
				.listener(started);
			if (request.eventExecutor != null) {
				keepers.eventExecutor(request.eventExecutor);
			}
			WorkerLeaseKeeper keeper = keepers.build();
			SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(request.layout)
				.region(request.store.region())
				.leaseSource(keeper)
				.wallClock(request.wallClock)
				.monotonicClock(request.monotonicClock)
				.parker(request.parker)
				.rollbackWaitBudget(request.rollbackWaitBudget)
				.exhaustionWaitBudget(request.exhaustionWaitBudget)
				.randomSequenceStart(request.randomSequenceStart)
				.borrowAhead(request.borrowAhead)
				.forwardJumpAlert(request.forwardJumpAlert)
				.build();
			SnowflakeWorker worker = new SnowflakeWorker(generator, keeper, request.wallClock);
			started.worker = worker;
			// The first user's listeners receive the acquisition too.
			SnowflakeWorker joined = started.join(member);
			worker.start();
			workers.put(key, started);
			return joined;
		}
	}

	private static Map<Setting, String> settings(SnowflakeWorker.SharedWorkers.Builder request) {
		SnowflakeLayout layout = request.layout;
		Map<Setting, String> settings = new EnumMap<>(Setting.class);
		settings.put(Setting.STATE_FILE,
				(request.store.stateFile() != null) ? request.store.stateFile().toString() : "none");
		settings.put(Setting.TIMESTAMP_BITS, Integer.toString(layout.timestampBits()));
		settings.put(Setting.REGION_BITS, Integer.toString(layout.regionBits()));
		settings.put(Setting.WORKER_BITS, Integer.toString(layout.workerBits()));
		settings.put(Setting.SEQUENCE_BITS, Integer.toString(layout.sequenceBits()));
		settings.put(Setting.TICK, layout.tick().toString());
		settings.put(Setting.EPOCH, layout.epoch().toString());
		settings.put(Setting.ROLLBACK_WAIT_BUDGET, request.rollbackWaitBudget.toString());
		settings.put(Setting.EXHAUSTION_WAIT_BUDGET, request.exhaustionWaitBudget.toString());
		settings.put(Setting.SEQUENCE_START, request.randomSequenceStart ? "random" : "zero");
		settings.put(Setting.BORROW_AHEAD, request.borrowAhead.toString());
		settings.put(Setting.FORWARD_JUMP_ALERT, request.forwardJumpAlert.toString());
		settings.put(Setting.RENEW_INTERVAL, request.renewInterval.toString());
		settings.put(Setting.STARTUP_WAIT_BUDGET, request.startupWaitBudget.toString());
		return settings;
	}

	private static List<Difference> differences(Map<Setting, String> held, Map<Setting, String> requested) {
		List<Difference> differences = new ArrayList<>();
		requested.forEach((setting, value) -> {
			String was = held.get(setting);
			if (!value.equals(was)) {
				// Both maps hold every setting (see settings), so was is never null in
				// practice.
				differences.add(new Difference(setting, String.valueOf(was), value));
			}
		});
		return differences;
	}

}
