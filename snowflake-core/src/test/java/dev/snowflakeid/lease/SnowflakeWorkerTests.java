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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.SnowflakeWorker.WorkerStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnowflakeWorkerTests {

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	private static final LeaseTiming TIMING = LeaseTiming.defaults();

	private final InMemoryLeaseStore store = new InMemoryLeaseStore(this.time, 4, Duration.ofSeconds(10), TIMING);

	private final ManualRounds rounds = new ManualRounds(this.time);

	private SnowflakeWorker worker() {
		return worker(SnowflakeLayout.defaults());
	}

	private SnowflakeWorker worker(SnowflakeLayout layout) {
		return worker(this.store, layout);
	}

	private SnowflakeWorker worker(WorkerLeaseStore store, SnowflakeLayout layout) {
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(store)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.rounds)
			.scheduler(this.rounds.scheduler())
			.eventExecutor(Runnable::run)
			.build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(layout)
			.leaseSource(keeper)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.build();
		return new SnowflakeWorker(generator, keeper, this.time);
	}

	@Test
	void statusFollowsTheLeaseAndTheClock() {
		SnowflakeWorker worker = worker();
		assertThat(worker.status().reason()).isEqualTo("no worker lease is held");
		worker.start();
		WorkerStatus up = worker.status();
		assertThat(up.issuable()).isTrue();
		long ceiling = up.lease().ceilingMillis();
		assertThat(up.ceilingRemainingMillis()).isEqualTo(ceiling - this.time.millis());
		assertThat(up.leaseRemainingMillis()).as("the ceiling is the fence").isEqualTo(up.ceilingRemainingMillis());
		assertThat(up.epochRemainingMillis()).isPositive();
		worker.generator().nextId();
		this.time.stepWall(Duration.ofSeconds(-2));
		assertThat(worker.status().reason()).isEqualTo("clock is 2000 ms behind the last issued tick");
		this.time.stepWall(Duration.ofSeconds(2));
		this.store.failure = new LeaseStoreUnavailableException("down", null);
		this.rounds.advance(Duration.ofMillis(ceiling + 1 - this.time.millis()));
		assertThat(worker.status().reason())
			.startsWith("clock reached the ceiling of worker code " + up.lease().workerCode());
		assertThatThrownBy(worker.generator()::nextId)
			.hasMessageContaining("is above the lease ceiling " + Instant.ofEpochMilli(ceiling) + " of worker code");
		this.store.failure = null;
		worker.keeper().renewNow();
		assertThat(worker.status().issuable()).isTrue();
	}

	@Test
	void afterADetectedLossTheStatusAndNextIdBothWaitForTheNewFloor() {
		SnowflakeWorker worker = worker().start();
		long oldCeiling = worker.status().lease().ceilingMillis();
		worker.generator().nextId();
		this.store.wipe();
		this.rounds.advance(Duration.ofMillis(oldCeiling + 1 - this.time.millis()));
		WorkerStatus waiting = worker.status();
		assertThat(waiting.reason()).startsWith("clock has not passed the floor of worker code ")
			.endsWith(" ms to go)");
		assertThatThrownBy(worker.generator()::nextId).hasMessageContaining("is not above the lease floor "
				+ Instant.ofEpochMilli(waiting.lease().floorMillis()) + " of worker code");
		this.rounds.advance(Duration.ofMillis(waiting.lease().floorMillis() + 1 - this.time.millis()));
		assertThat(worker.status().issuable()).isTrue();
		assertThat(worker.generator().nextId()).isPositive();
	}

	@Test
	void afterTheLayoutLifetimeTheStatusAndNextIdBothRefuse() {
		SnowflakeLayout shortLived = SnowflakeLayout.builder()
			.timestampBits(31)
			.regionBits(10)
			.workerBits(10)
			.sequenceBits(12)
			// The first claim on an empty store waits the quarantine; the lifetime ends a
			// second after that.
			.epoch(this.time.instant().plus(TIMING.quarantine()).plusSeconds(1).minusMillis(1L << 31))
			.build();
		SnowflakeWorker worker = worker(shortLived).start();
		assertThat(worker.status().reason()).isNull();
		worker.generator().nextId();
		this.time.stepWall(Duration.ofSeconds(2));
		assertThat(worker.status().reason()).isEqualTo("layout lifetime ended at " + shortLived.lifetimeEnd());
		assertThatThrownBy(worker.generator()::nextId).hasMessageContaining("lifetime ended at");
	}

	@Test
	void closeStopsTheGeneratorBeforeReleasingTheCode() {
		SnowflakeIdGenerator[] generator = new SnowflakeIdGenerator[1];
		List<String> releases = new ArrayList<>();
		WorkerLeaseStore watched = new WorkerLeaseStore() {

			@Override
			public LeaseGrant claim(int preferredCode) {
				return SnowflakeWorkerTests.this.store.claim(preferredCode);
			}

			@Override
			public LeaseRenewal renew(LeaseGrant grant) {
				return SnowflakeWorkerTests.this.store.renew(grant);
			}

			@Override
			public void release(LeaseGrant grant, long lastUsedMillis) {
				releases.add("generator stopped: " + generator[0].isStopped());
				SnowflakeWorkerTests.this.store.release(grant, lastUsedMillis);
			}

			@Override
			public String name() {
				return "watched";
			}

		};
		SnowflakeWorker worker = worker(watched, SnowflakeLayout.defaults()).start();
		generator[0] = worker.generator();
		worker.generator().nextId();
		worker.close();
		assertThat(releases).containsExactly("generator stopped: true");
		assertThat(worker.status().reason()).isEqualTo("generator is stopped");
		worker.close();
		assertThat(releases).as("a second close releases nothing").hasSize(1);
		assertThat(this.store.calls.stream().filter((call) -> call.startsWith("release"))).hasSize(1);
	}

	@Test
	void suspendPausesTheGeneratorAndGivesTheCodeBackAndResumeClaimsAgainAboveEveryEarlierId() {
		List<String> events = new ArrayList<>();
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(this.store)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.rounds)
			.scheduler(this.rounds.scheduler())
			.eventExecutor(Runnable::run)
			.listener((event) -> {
				if (event.type() != LeaseEvent.Type.RENEWED) {
					events.add(event.type() + " " + event.lease().workerCode());
				}
			})
			.build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(SnowflakeLayout.defaults())
			.leaseSource(keeper)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.build();
		SnowflakeWorker worker = new SnowflakeWorker(generator, keeper, this.time).start();
		long before = generator.nextId();
		int code = worker.status().lease().workerCode();

		int renewals = renewals();
		worker.suspend();
		assertThat(claimsAndReleases()).containsExactly("claim", "release " + code);
		assertThat(keeper.currentLease()).as("no range is kept").isNull();
		assertThat(worker.status().reason()).startsWith("generator is paused: its worker code was released");
		assertThatThrownBy(generator::nextId).isInstanceOf(IdGenerationException.class)
			.hasMessageContaining("generator is paused");
		this.rounds.advance(Duration.ofSeconds(5));
		worker.suspend();
		assertThat(claimsAndReleases()).as("one release").hasSize(2);
		assertThat(renewals()).as("no renewal while suspended").isEqualTo(renewals);

		// another process (a second copy of this one) takes the code meanwhile
		this.store.takeOver(code);
		worker.resume();
		assertThat(claimsAndReleases()).containsExactly("claim", "release " + code, "claim", "claim");
		long after = generator.nextId();
		assertThat(after).isGreaterThan(before);
		assertThat(worker.status().lease().workerCode()).isNotEqualTo(code);
		assertThat(events).containsExactly("ACQUIRED " + code, "RELEASED " + code,
				"ACQUIRED " + worker.status().lease().workerCode());
		worker.resume();
		assertThat(claimsAndReleases()).as("resuming a running worker claims nothing").hasSize(4);
		worker.close();
		assertThat(claimsAndReleases()).hasSize(5).last().asString().startsWith("release ");
	}

	@Test
	void aWorkerNeverStartedMakesItsFirstClaimWhenResumed() {
		SnowflakeWorker worker = worker();
		worker.resume();
		assertThat(claimsAndReleases()).containsExactly("claim");
		assertThat(worker.generator().nextId()).isPositive();
	}

	@Test
	void aResumeWhoseClaimFailsLeavesTheWorkerSuspended() {
		SnowflakeWorker worker = worker().start();
		worker.suspend();
		this.store.failure = new LeaseStoreUnavailableException("down", null);
		assertThatThrownBy(worker::resume).isInstanceOf(LeaseStoreUnavailableException.class);
		assertThat(worker.status().reason()).startsWith("generator is paused");
		this.store.failure = null;
		worker.resume();
		assertThat(worker.generator().nextId()).isPositive();
	}

	private List<String> claimsAndReleases() {
		return this.store.calls.stream().filter((call) -> !call.equals("renew")).toList();
	}

	private int renewals() {
		return (int) this.store.calls.stream().filter((call) -> call.equals("renew")).count();
	}

}
