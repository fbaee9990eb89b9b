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
package dev.snowflakeid.actuate;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.ScheduledRounds;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseStore;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The value of every counting meter after the event it counts, read through the
 * {@link MeterRegistry} as a scrape would: a real generator and lease keeper on a fake
 * clock, with a store whose answers the test chooses, and the renewal rounds run by the
 * test.
 */
class SnowflakeMetricValuesTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.defaults();

	private static final int PER_TICK = 1 << LAYOUT.sequenceBits();

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	private final ScriptedStore store = new ScriptedStore(this.time);

	private final MeterRegistry registry = new SimpleMeterRegistry();

	private SnowflakeWorker worker;

	@BeforeEach
	void startWorker() {
		startWorker(LAYOUT, SnowflakeIdGenerator.DEFAULT_EXHAUSTION_WAIT_BUDGET);
	}

	private void startWorker(SnowflakeLayout layout, Duration exhaustionWaitBudget) {
		if (this.worker != null) {
			this.worker.close();
		}
		LeaseEventCounters leaseEvents = new LeaseEventCounters();
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(this.store)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.scheduler(new ScheduledRounds((round, firstDelayNanos, periodNanos) -> () -> {
			}))
			.eventExecutor(Runnable::run)
			.listener(leaseEvents)
			.build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(layout)
			.leaseSource(keeper)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.exhaustionWaitBudget(exhaustionWaitBudget)
			.build();
		this.worker = new SnowflakeWorker(generator, keeper, this.time).start();
		this.registry.clear();
		new SnowflakeMetrics(this.worker, leaseEvents).bindTo(this.registry);
	}

	@AfterEach
	void closeWorker() {
		this.worker.close();
	}

	@Test
	void theFullTickIsCountedAndTheWaitForTheNextOneTimed() {
		// the fake wall clock stands still until the generator parks
		ids().nextIds(PER_TICK);
		assertThat(count("snowflake.sequence.exhausted")).isZero();
		ids().nextId();
		assertThat(count("snowflake.sequence.exhausted")).isEqualTo(1);
		FunctionTimer waits = this.registry.get("snowflake.wait").tag("reason", "sequence_exhausted").functionTimer();
		assertThat(waits.count()).isEqualTo(1);
		assertThat(waits.totalTime(TimeUnit.NANOSECONDS)).isEqualTo(this.time.parkedNanos()).isPositive();
		assertThat(count("snowflake.ids.issued")).isEqualTo(PER_TICK + 1);
		assertThat(refused("sequence_exhausted")).isZero();
	}

	@Test
	void aFullTickWithoutWaitBudgetIsRefusedAndCounted() {
		startWorker(LAYOUT, Duration.ZERO);
		ids().nextIds(PER_TICK);
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(ids()::nextId)
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.SEQUENCE_EXHAUSTED));
		assertThat(refused("sequence_exhausted")).isEqualTo(1);
		assertThat(count("snowflake.sequence.exhausted")).isEqualTo(1);
		assertThat(this.registry.get("snowflake.wait").tag("reason", "sequence_exhausted").functionTimer().count())
			.isZero();
	}

	@Test
	void backwardStepsAreCountedWithTheLargestAndTheWaitTimed() {
		ids().nextId();
		this.time.stepWall(Duration.ofMillis(-3));
		ids().nextId();
		assertThat(count("snowflake.clock.rollback")).isEqualTo(1);
		assertThat(millis("snowflake.clock.rollback.max")).isEqualTo(3);
		FunctionTimer waits = this.registry.get("snowflake.wait")
			.tag("reason", "clock_moved_backwards")
			.functionTimer();
		assertThat(waits.count()).isEqualTo(1);
		assertThat(waits.totalTime(TimeUnit.MILLISECONDS)).isGreaterThan(2.0).isLessThanOrEqualTo(5.0);

		this.time.stepWall(Duration.ofMillis(-2_000));
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(ids()::nextId)
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.CLOCK_MOVED_BACKWARDS));
		assertThat(count("snowflake.clock.rollback")).isEqualTo(2);
		assertThat(millis("snowflake.clock.rollback.max")).isEqualTo(2_000);
		assertThat(refused("clock_moved_backwards")).isEqualTo(1);
		assertThat(waits.count()).as("a refusal is not a wait").isEqualTo(1);
	}

	@Test
	void forwardJumpsAboveTheAlertThresholdAreCountedWithTheLargest() {
		ids().nextId();
		this.time.stepWall(SnowflakeIdGenerator.DEFAULT_FORWARD_JUMP_ALERT.minusMillis(100));
		ids().nextId();
		assertThat(count("snowflake.clock.forward.jumps")).as("below the threshold").isZero();
		this.time.stepWall(Duration.ofSeconds(5));
		ids().nextId();
		this.time.stepWall(Duration.ofSeconds(2));
		ids().nextId();
		assertThat(count("snowflake.clock.forward.jumps")).isEqualTo(2);
		assertThat(millis("snowflake.clock.forward.jumps.max")).isEqualTo(5_000);
	}

	@Test
	void renewalsAreCountedByResult() {
		this.worker.keeper().renewNow();
		this.worker.keeper().renewNow();
		this.store.failNextRenewal();
		this.worker.keeper().renewNow();
		assertThat(renewals("renewed")).isEqualTo(2);
		assertThat(renewals("failed")).isEqualTo(1);
		assertThat(renewals("rejected")).isZero();
		assertThat(losses("expired") + losses("fenced")).isZero();
	}

	@Test
	void theClaimAtStartupIsNoClaimAfterALoss() {
		// the worker acquired its code when it started: no tag may read as if that claim
		// were missing
		assertThat(this.registry.find("snowflake.lease.claims").functionCounters())
			.extracting((counter) -> counter.getId().getTag("result"))
			.containsExactlyInAnyOrder("reacquired", "failed");
		assertThat(claims("reacquired")).isZero();
		assertThat(claims("failed")).isZero();
	}

	@Test
	void lossesAreCountedByReasonAndTheClaimsAfterThemByResult() {
		this.store.answerNextRenewal(LeaseRenewal.Status.EXPIRED);
		this.worker.keeper().renewNow();
		assertThat(losses("expired")).isEqualTo(1);
		assertThat(renewals("rejected")).isEqualTo(1);
		assertThat(claims("reacquired")).isEqualTo(1);

		this.store.answerNextRenewal(LeaseRenewal.Status.FENCED);
		this.store.failClaims(true);
		this.worker.keeper().renewNow();
		assertThat(losses("fenced")).isEqualTo(1);
		assertThat(renewals("rejected")).isEqualTo(2);
		assertThat(claims("failed")).isEqualTo(1);
		// the keeper keeps the range it held published while it claims again
		assertThat(ids().nextId()).isPositive();
		this.worker.keeper().renewNow();
		assertThat(claims("failed")).isEqualTo(2);

		this.store.failClaims(false);
		this.worker.keeper().renewNow();
		assertThat(claims("reacquired")).isEqualTo(2);
		assertThat(losses("expired")).isEqualTo(1);
		assertThat(renewals("renewed")).isZero();
	}

	@Test
	void pastTheCeilingIdsAreRefusedAndTheGaugesDrop() {
		assertThat(gauge("snowflake.issuable")).isEqualTo(1);
		assertThat(millis("snowflake.lease.remaining")).isEqualTo(ScriptedStore.LEAD.toMillis());
		this.store.failNextRenewal();
		this.worker.keeper().renewNow();
		this.time.advance(ScriptedStore.LEAD.plusMillis(1));
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(ids()::nextId)
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.LEASE_UNAVAILABLE));
		assertThat(refused("lease_unavailable")).isEqualTo(1);
		assertThat(gauge("snowflake.issuable")).isZero();
		assertThat(millis("snowflake.lease.remaining")).isZero();
	}

	@Test
	void pastTheLastTickOfTheLayoutRefusalsAreCountedAndNoLifetimeRemains() {
		// 2^31 ticks of 1 ms: the lifetime ends two seconds from now
		SnowflakeLayout shortLived = SnowflakeLayout.builder()
			.timestampBits(31)
			.regionBits(10)
			.workerBits(10)
			.sequenceBits(12)
			.epoch(this.time.instant().plusSeconds(2).minusMillis(1L << 31))
			.build();
		startWorker(shortLived, SnowflakeIdGenerator.DEFAULT_EXHAUSTION_WAIT_BUDGET);
		ids().nextId();
		assertThat(millis("snowflake.epoch.remaining")).isEqualTo(2_000);
		this.time.advance(Duration.ofSeconds(3));
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(ids()::nextId)
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.EPOCH_EXHAUSTED));
		assertThat(refused("epoch_exhausted")).isEqualTo(1);
		assertThat(millis("snowflake.epoch.remaining")).isZero();
		assertThat(gauge("snowflake.issuable")).isZero();
	}

	private SnowflakeIdGenerator ids() {
		return this.worker.generator();
	}

	private double count(String name) {
		return this.registry.get(name).functionCounter().count();
	}

	private double refused(String reason) {
		return this.registry.get("snowflake.ids.refused").tag("reason", reason).functionCounter().count();
	}

	private double renewals(String result) {
		return this.registry.get("snowflake.lease.renewals").tag("result", result).functionCounter().count();
	}

	private double losses(String reason) {
		return this.registry.get("snowflake.lease.losses").tag("reason", reason).functionCounter().count();
	}

	private double claims(String result) {
		return this.registry.get("snowflake.lease.claims").tag("result", result).functionCounter().count();
	}

	private double millis(String name) {
		return this.registry.get(name).timeGauge().value(TimeUnit.MILLISECONDS);
	}

	private double gauge(String name) {
		return this.registry.get(name).gauge().value();
	}

	/**
	 * Grants ranges from just below the fake clock to {@link #LEAD} above it, and answers
	 * renewals and claims as the test says: renewed unless told otherwise.
	 */
	static final class ScriptedStore implements WorkerLeaseStore {

		static final Duration LEAD = Duration.ofSeconds(12);

		private final FakeTime time;

		private final Deque<LeaseRenewal.Status> renewals = new ArrayDeque<>();

		private boolean failNextRenewal;

		private boolean failClaims;

		private long generation;

		ScriptedStore(FakeTime time) {
			this.time = time;
		}

		void answerNextRenewal(LeaseRenewal.Status status) {
			this.renewals.add(status);
		}

		void failNextRenewal() {
			this.failNextRenewal = true;
		}

		void failClaims(boolean fail) {
			this.failClaims = fail;
		}

		@Override
		public LeaseGrant claim(int preferredCode) {
			if (this.failClaims) {
				throw new LeaseStoreUnavailableException("store down", null);
			}
			long now = this.time.millis();
			this.generation++;
			return new LeaseGrant(Math.max(preferredCode, 0), this.generation, "token-" + this.generation, now - 1,
					now + LEAD.toMillis(), now, Duration.ofSeconds(10));
		}

		@Override
		public LeaseRenewal renew(LeaseGrant grant) {
			long now = this.time.millis();
			if (this.failNextRenewal) {
				this.failNextRenewal = false;
				throw new LeaseStoreUnavailableException("store did not answer in time", null);
			}
			LeaseRenewal.Status status = this.renewals.isEmpty() ? LeaseRenewal.Status.RENEWED : this.renewals.poll();
			return switch (status) {
				case RENEWED -> LeaseRenewal.renewed(grant.floorMillis(), now + LEAD.toMillis(), now);
				case EXPIRED -> LeaseRenewal.expired(now);
				case FENCED -> LeaseRenewal.fenced(now);
			};
		}

		@Override
		public void release(LeaseGrant grant, long lastUsedMillis) {
		}

		@Override
		public long availableCodes() {
			return 255;
		}

		@Override
		public String name() {
			return "scripted";
		}

	}

}
