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
package dev.snowflakeid.jdbc.lease;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.testsupport.Polling;

/**
 * A keeper and the generator it serves on one JDBC store, as an application runs them:
 * renewals on the keeper's own thread, IDs issued under the lease it publishes.
 */
final class LeaseWorker implements AutoCloseable {

	private final WorkerLeaseKeeper keeper;

	private final SnowflakeIdGenerator generator;

	private final List<LeaseEvent> events = new CopyOnWriteArrayList<>();

	private LeaseWorker(JdbcWorkerLeaseStore store, LeaseTiming timing, int preferredCode) {
		this.keeper = WorkerLeaseKeeper.builder(store)
			.renewInterval(timing.renewInterval())
			.startupWaitBudget(timing.quarantine().plusSeconds(15))
			.preferredCode(preferredCode)
			.listener(this.events::add)
			.build();
		this.generator = SnowflakeIdGenerator.builder(PostgreSqlLeaseFixture.LAYOUT).leaseSource(this.keeper).build();
	}

	/**
	 * A worker on {@code store} that has claimed a code ({@code preferredCode} if free,
	 * -1 for any) and may issue.
	 */
	static LeaseWorker start(JdbcWorkerLeaseStore store, LeaseTiming timing, int preferredCode) {
		LeaseWorker worker = new LeaseWorker(store, timing, preferredCode);
		worker.keeper.start();
		return worker;
	}

	long nextId() {
		return this.generator.nextId();
	}

	WorkerLease lease() {
		return Objects.requireNonNull(this.keeper.currentLease(), "no lease held");
	}

	long count(LeaseEvent.Type type) {
		return this.events.stream().filter((event) -> event.type() == type).count();
	}

	/** Waits until {@code more} events of {@code type} were reported from now on. */
	void awaitEvents(LeaseEvent.Type type, int more, Duration deadline) {
		long target = count(type) + more;
		Polling.await(more + " more " + type + " events (events so far: " + this.events + ")", deadline)
			.until(() -> count(type) >= target);
	}

	/** Stops the generator, then gives the code back, as an application shuts down. */
	@Override
	public void close() {
		this.keeper.close(this.generator.stop());
	}

}
