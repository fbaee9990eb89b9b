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
package dev.snowflakeid.redis;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.LeaseEvent.Type;
import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.testsupport.Polling;
import org.awaitility.core.ConditionFactory;
import org.awaitility.core.ConditionTimeoutException;

/**
 * One simulated application instance: a {@link SnowflakeIdGenerator} fed by a
 * {@link WorkerLeaseKeeper} on a real {@link RedisWorkerLeaseStore}, with its own
 * {@link WorkerClock} and a gate in front of the store to pause its keeper. Every ID it
 * issues goes to the shared {@link IdLedger} together with the lease snapshot the
 * generator checked it against.
 */
final class LeaseWorker implements AutoCloseable {

	/** The lease the generator read for the current call on this thread. */
	private static final ThreadLocal<WorkerLease> checkedLease = new ThreadLocal<>();

	private final String name;

	private final int region;

	private final WorkerClock clock;

	private final RedisWorkerLeaseStore store;

	private final WorkerLeaseKeeper keeper;

	private final SnowflakeIdGenerator generator;

	private final IdLedger ledger;

	private final List<LeaseEvent> events = new CopyOnWriteArrayList<>();

	private LeaseWorker(Builder builder) {
		this.name = builder.name;
		this.region = builder.store.region();
		this.clock = builder.clock;
		this.store = builder.store;
		this.ledger = builder.ledger;
		this.keeper = WorkerLeaseKeeper.builder(this.store)
			.renewInterval(builder.renewInterval)
			.startupWaitBudget(builder.startupWaitBudget)
			.wallClock(this.clock)
			.monotonicClock(this.clock)
			.preferredCode(builder.preferredCode)
			.threadName("lease-keeper-" + builder.name)
			.listener(this.events::add)
			.build();
		this.generator = SnowflakeIdGenerator.builder(builder.store.settings().layout())
			.region(this.region)
			.leaseSource(() -> {
				WorkerLease lease = this.keeper.currentLease();
				checkedLease.set(lease);
				return lease;
			})
			.wallClock(this.clock)
			.monotonicClock(this.clock)
			.build();
	}

	static Builder builder(String name, RedisWorkerLeaseStore store, IdLedger ledger) {
		return new Builder(name, store, ledger);
	}

	LeaseWorker start() {
		this.keeper.start();
		return this;
	}

	String name() {
		return this.name;
	}

	WorkerClock clock() {
		return this.clock;
	}

	RedisWorkerLeaseStore store() {
		return this.store;
	}

	WorkerLeaseKeeper keeper() {
		return this.keeper;
	}

	SnowflakeIdGenerator generator() {
		return this.generator;
	}

	WorkerLease lease() {
		return this.keeper.currentLease();
	}

	List<LeaseEvent> events() {
		return this.events;
	}

	/** Issues one ID and records it. */
	long nextId() {
		long id = this.generator.nextId();
		this.ledger.record(id, this.region, checkedLease.get(), this.name);
		return id;
	}

	/** The lease the generator checked the last ID of this thread against. */
	static WorkerLease lastCheckedLease() {
		return checkedLease.get();
	}

	/** Issues {@code count} IDs one by one. */
	void issue(int count) {
		for (int i = 0; i < count; i++) {
			nextId();
		}
	}

	/** Issues one ID, or returns the refusal. */
	IdGenerationException tryNextId() {
		try {
			nextId();
			return null;
		}
		catch (IdGenerationException ex) {
			return ex;
		}
	}

	/** Polls every millisecond until an ID is issued. */
	long awaitIssuing(Duration deadline) {
		AtomicReference<IdGenerationException> last = new AtomicReference<>();
		try {
			return everyMillisecond(this.name + " issues", deadline).until(() -> {
				try {
					return nextId();
				}
				catch (IdGenerationException ex) {
					last.set(ex);
					return null;
				}
			}, Objects::nonNull);
		}
		catch (ConditionTimeoutException ex) {
			throw new AssertionError(
					this.name + " did not issue within " + deadline + "; last refusal: "
							+ ((last.get() != null) ? last.get().getMessage() : "none") + "; events " + this.events,
					last.get());
		}
	}

	/**
	 * Issues every millisecond until refused, recording what was issued; returns the
	 * refusal.
	 */
	IdGenerationException awaitRefusal(Duration deadline) {
		try {
			return everyMillisecond(this.name + " is refused", deadline).until(this::tryNextId, Objects::nonNull);
		}
		catch (ConditionTimeoutException ex) {
			throw new AssertionError(this.name + " was not refused within " + deadline + "; lease " + lease(), ex);
		}
	}

	private static ConditionFactory everyMillisecond(String what, Duration deadline) {
		return Polling.await(what, deadline).pollInterval(Duration.ofMillis(1));
	}

	/** Waits for a lease event matching {@code condition}. */
	LeaseEvent awaitEvent(String what, Duration deadline, Predicate<LeaseEvent> condition) {
		awaitWithDiagnostics(what, deadline, () -> this.events.stream().anyMatch(condition));
		return this.events.stream().filter(condition).findFirst().orElseThrow();
	}

	private void awaitWithDiagnostics(String what, Duration deadline, BooleanSupplier condition) {
		try {
			Polling.await(this.name + " reports " + what, deadline).until(condition::getAsBoolean);
		}
		catch (ConditionTimeoutException ex) {
			StringBuilder message = new StringBuilder(ex.getMessage()).append("; events ").append(this.events);
			Thread.getAllStackTraces().forEach((thread, stack) -> {
				if (thread.getName().equals("lease-keeper-" + this.name)) {
					message.append("\nkeeper thread ").append(thread.getState());
					for (StackTraceElement element : stack) {
						message.append("\n\tat ").append(element);
					}
				}
			});
			throw new AssertionError(message.toString(), ex);
		}
	}

	/** Waits until {@code more} renewals have succeeded from now on. */
	void awaitRenewals(int more, Duration deadline) {
		long target = count(Type.RENEWED) + more;
		awaitWithDiagnostics(more + " more renewals", deadline, () -> count(Type.RENEWED) >= target);
	}

	long count(Type type) {
		return this.events.stream().filter(ofType(type)).count();
	}

	/**
	 * Waits for an event of type {@code then} that follows an event of type
	 * {@code first}.
	 */
	void awaitEventAfter(Type first, Type then, Duration deadline) {
		awaitWithDiagnostics(then + " after " + first, deadline, () -> {
			List<LeaseEvent> seen = List.copyOf(this.events);
			int firstIndex = -1;
			for (int i = 0; i < seen.size(); i++) {
				if (firstIndex < 0 && seen.get(i).type() == first) {
					firstIndex = i;
				}
				else if (firstIndex >= 0 && seen.get(i).type() == then) {
					return true;
				}
			}
			return false;
		});
	}

	static Predicate<LeaseEvent> lost(LossReason reason) {
		return (event) -> event.type() == Type.LOST && event.lossReason() == reason;
	}

	static Predicate<LeaseEvent> ofType(Type type) {
		return (event) -> event.type() == type;
	}

	/**
	 * Stops the generator, then releases the lease (the order an application shuts down
	 * in).
	 */
	@Override
	public void close() {
		this.clock.thaw();
		this.clock.releasePaused();
		long lastUsed = this.generator.stop();
		this.keeper.close(lastUsed);
	}

	/** Settings of one worker; test defaults are short. */
	static final class Builder {

		private final String name;

		private final RedisWorkerLeaseStore store;

		private final IdLedger ledger;

		private WorkerClock clock = new WorkerClock();

		private Duration renewInterval = Duration.ofMillis(250);

		private Duration startupWaitBudget = Duration.ofSeconds(10);

		private int preferredCode = -1;

		private Builder(String name, RedisWorkerLeaseStore store, IdLedger ledger) {
			this.name = name;
			this.store = store;
			this.ledger = ledger;
		}

		Builder clock(WorkerClock clock) {
			this.clock = clock;
			return this;
		}

		/**
		 * A long interval leaves renewals to explicit
		 * {@link WorkerLeaseKeeper#renewNow()} calls.
		 */
		Builder renewInterval(Duration renewInterval) {
			this.renewInterval = renewInterval;
			return this;
		}

		Builder startupWaitBudget(Duration startupWaitBudget) {
			this.startupWaitBudget = startupWaitBudget;
			return this;
		}

		Builder preferredCode(int preferredCode) {
			this.preferredCode = preferredCode;
			return this;
		}

		LeaseWorker build() {
			return new LeaseWorker(this);
		}

		LeaseWorker start() {
			return build().start();
		}

	}

}
