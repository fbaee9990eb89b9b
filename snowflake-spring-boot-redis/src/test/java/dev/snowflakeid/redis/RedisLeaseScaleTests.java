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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static dev.snowflakeid.redis.LeaseApplications.loopback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A region of 1,024 codes (10 worker bits) under load: 800 workers claim at the same
 * moment, each issues 1,000 IDs, and the region is then filled to the last code.
 */
@RealProcesses
class RedisLeaseScaleTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(10)
		.sequenceBits(10)
		.build();

	private static final int WORKERS = 800;

	private static final int IDS_PER_WORKER = 1_000;

	private final List<LeaseWorker> workers = new CopyOnWriteArrayList<>();

	private RedisServer server;

	private LettuceConnectionFactory connections;

	private Runnable stopRenewing = () -> {
	};

	@AfterEach
	void cleanUp() {
		this.stopRenewing.run();
		this.workers.forEach(LeaseWorker::close);
		if (this.connections != null) {
			this.connections.destroy();
		}
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void eightHundredConcurrentClaimersGetDistinctCodesAndIssueWithoutDuplicateThenTheRegionFillsUp() throws Exception {
		this.server = RedisServer.start();
		// Generous timeout: 800 claims share one connection on a small machine; a claim
		// that timed out
		// might still run and hold a code until its TTL.
		this.connections = RedisLeaseConnections.standalone(loopback(this.server.port()), Duration.ofSeconds(5));
		this.connections.afterPropertiesSet();
		RedisWorkerLeaseStore store = RedisWorkerLeaseStore.builder(this.connections, LAYOUT)
			.ttl(Duration.ofSeconds(10))
			.timing(new LeaseTiming(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMillis(200), Duration.ZERO,
					Duration.ofSeconds(5)))
			.commandTimeout(Duration.ofSeconds(5))
			.build();
		assertThat(store.availableCodes()).isEqualTo(1024);
		IdLedger ledger = new IdLedger(LAYOUT);
		for (int i = 0; i < WORKERS; i++) {
			// Renewals come from one driver thread below rather than 800 timers; clock
			// skew is not under
			// test here and claim round trips are long under this load.
			this.workers.add(LeaseWorker.builder("W" + i, store, ledger)
				.renewInterval(Duration.ofMinutes(10))
				.startupWaitBudget(Duration.ofSeconds(30))
				.build());
		}
		CountDownLatch go = new CountDownLatch(1);
		CountDownLatch done = new CountDownLatch(WORKERS);
		ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
		AtomicBoolean renewing = new AtomicBoolean(true);
		AtomicLong refusals = new AtomicLong();
		ConcurrentLinkedQueue<String> unexplained = new ConcurrentLinkedQueue<>();
		List<Thread> threads = new ArrayList<>();
		for (LeaseWorker worker : this.workers) {
			Thread thread = new Thread(() -> {
				try {
					go.await();
					worker.start();
					for (int i = 0; i < IDS_PER_WORKER; i++) {
						// A worker that reaches its ceiling before the renewer comes
						// round retries, as a
						// caller does with a retryable refusal.
						for (IdGenerationException refusal = worker.tryNextId(); refusal != null; refusal = worker
							.tryNextId()) {
							refusals.incrementAndGet();
							// read after the refusal: the refused tick started at or
							// before this millisecond
							long now = worker.clock().millis();
							WorkerLease checked = LeaseWorker.lastCheckedLease();
							if (refusal.reason() != IdGenerationException.Reason.LEASE_UNAVAILABLE
									|| (checked != null && now + 1 <= checked.ceilingMillis())) {
								unexplained.add(worker.name() + " at " + now + " under " + checked + ": "
										+ refusal.getMessage());
							}
							LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
						}
					}
				}
				catch (Throwable ex) {
					failures.add(ex);
				}
				finally {
					done.countDown();
				}
			}, "claimer-" + worker.name());
			thread.setDaemon(true);
			threads.add(thread);
			thread.start();
		}
		Thread renewer = new Thread(() -> {
			while (renewing.get()) {
				for (LeaseWorker worker : this.workers) {
					if (worker.lease() != null) {
						worker.keeper().renewNow();
					}
				}
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
			}
		}, "renewer");
		renewer.setDaemon(true);
		renewer.start();
		go.countDown();
		this.stopRenewing = () -> {
			renewing.set(false);
			try {
				renewer.join(10_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		};
		boolean finished = done.await(120, TimeUnit.SECONDS);
		assertThat(finished).as("all workers done").isTrue();
		assertThat(failures).isEmpty();
		// Once start() returned, the whole current tick lies inside the worker's range,
		// and its floor only rises on
		// a loss; so the one refusal the protocol allows here is a tick past the ceiling,
		// while the renewer has not
		// come round to the worker yet.
		assertThat(unexplained).as("refusals other than a tick past the ceiling, of " + refusals.get()).isEmpty();
		Set<Integer> codes = new HashSet<>();
		for (LeaseWorker worker : this.workers) {
			codes.add(worker.lease().workerCode());
		}
		assertThat(codes).hasSize(WORKERS);
		assertThat(ledger.size()).isEqualTo(WORKERS * IDS_PER_WORKER);
		ledger.assertConsistent();
		assertThat(store.availableCodes()).isEqualTo(1024 - WORKERS);

		List<LeaseGrant> fillers = new ArrayList<>();
		for (int i = WORKERS; i < 1024; i++) {
			fillers.add(store.claim(-1));
		}
		assertThat(store.availableCodes()).isZero();
		LeaseWorker refused = LeaseWorker.builder("late", store, ledger)
			.startupWaitBudget(Duration.ofMillis(300))
			.build();
		assertThatExceptionOfType(NoFreeWorkerCodeException.class).isThrownBy(refused::start)
			.withMessage("no free worker code in region 0: all 1024 codes are leased");

		LeaseWorker leaving = this.workers.remove(0);
		int freed = leaving.lease().workerCode();
		leaving.close();
		long mark = Long.parseLong((String) this.server.call("HGET", store.settings().keys().state(), "m:" + freed));
		LeaseWorker late = LeaseWorker.builder("late", store, ledger).startupWaitBudget(Duration.ofSeconds(5)).build();
		this.workers.add(late);
		late.start();
		WorkerLease lease = late.lease();
		assertThat(lease.workerCode()).isEqualTo(freed);
		assertThat(lease.floorMillis()).isGreaterThanOrEqualTo(mark);
		long first = late.awaitIssuing(Duration.ofSeconds(5));
		assertThat(LAYOUT.decode(first).timestamp().toEpochMilli()).isGreaterThan(mark);
		ledger.assertConsistent();
		for (LeaseGrant filler : fillers) {
			store.release(filler, Long.MIN_VALUE);
		}
	}

}
