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
package dev.snowflakeid.autoconfigure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators.Named;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The named generators' workers start together: each store's claim waits until every
 * other claim has arrived, which a start one after the other never lets happen.
 */
class NamedGeneratorStartsTests {

	private static final int GENERATORS = 3;

	private final SnowflakeLeaseThreads threads = new SnowflakeLeaseThreads();

	private final Map<String, Named> generators = new LinkedHashMap<>();

	@AfterEach
	void close() {
		new SnowflakeGenerators(this.generators).close();
		this.generators.values().forEach((named) -> ((MeetingStore) named.store()).codes.close());
		this.threads.close();
	}

	@Test
	void everyClaimIsUnderWayBeforeAnyReturns() {
		CyclicBarrier allClaiming = new CyclicBarrier(GENERATORS);
		for (int region = 1; region <= GENERATORS; region++) {
			add(region, new MeetingStore(region, allClaiming, null));
		}
		NamedGeneratorStarts.startAll(this.generators);
		for (Named named : this.generators.values()) {
			assertThat(named.worker().generator().nextId()).isPositive();
		}
	}

	@Test
	void theFirstFailureIsThrownOnceEveryStartHasReturned() {
		CyclicBarrier allClaiming = new CyclicBarrier(GENERATORS);
		add(1, new MeetingStore(1, allClaiming, "region 1 refused"));
		add(2, new MeetingStore(2, allClaiming, null));
		add(3, new MeetingStore(3, allClaiming, "region 3 refused"));
		assertThatIllegalStateException().isThrownBy(() -> NamedGeneratorStarts.startAll(this.generators))
			.withMessage("region 1 refused")
			.satisfies((ex) -> assertThat(ex.getSuppressed()).singleElement()
				.extracting(Throwable::getMessage)
				.isEqualTo("region 3 refused"));
		assertThat(this.generators.get("g2").worker().generator().nextId()).as("the generator that started")
			.isPositive();
	}

	private void add(int region, WorkerLeaseStore store) {
		SnowflakeWorker worker = GeneratorAssembly.unstarted(new SnowflakeProperties(), SnowflakeLayout.defaults(),
				region, store, LeaseTiming.defaults(), List.of(), "test", this.threads);
		this.generators.put("g" + region, new Named(worker, store, null));
	}

	/**
	 * A static code whose claim first waits, at most 10 s, until the other stores' claims
	 * are under way too, then grants or fails.
	 */
	private static final class MeetingStore implements WorkerLeaseStore {

		private final StaticWorkerLeaseStore codes;

		private final CyclicBarrier allClaiming;

		private final @Nullable String failure;

		MeetingStore(int region, CyclicBarrier allClaiming, @Nullable String failure) {
			// a code no other test of the JVM holds in this region
			this.codes = StaticWorkerLeaseStore.builder(250).region(region).build();
			this.allClaiming = allClaiming;
			this.failure = failure;
		}

		@Override
		public LeaseGrant claim(int preferredCode) {
			try {
				this.allClaiming.await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException | BrokenBarrierException | TimeoutException ex) {
				throw new IllegalStateException("the other claims did not arrive: started one after the other", ex);
			}
			if (this.failure != null) {
				throw new IllegalStateException(this.failure);
			}
			return this.codes.claim(preferredCode);
		}

		@Override
		public LeaseRenewal renew(LeaseGrant grant) {
			return this.codes.renew(grant);
		}

		@Override
		public void release(LeaseGrant grant, long lastUsedMillis) {
			this.codes.release(grant, lastUsedMillis);
		}

		@Override
		public String name() {
			return "meeting";
		}

	}

}
