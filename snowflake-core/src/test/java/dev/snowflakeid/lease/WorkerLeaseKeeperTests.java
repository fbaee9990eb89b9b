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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.LeaseEvent.Type;
import dev.snowflakeid.lease.WorkerLeaseException.ClockBehindException;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkerLeaseKeeperTests {

	private static final Duration TTL = Duration.ofSeconds(10);

	private static final LeaseTiming TIMING = LeaseTiming.defaults();

	private static final long LEAD = TIMING.ceilingLead().toMillis();

	private static final long QUARANTINE = TIMING.quarantine().toMillis();

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	private final ManualRounds rounds = new ManualRounds(this.time);

	private final InMemoryLeaseStore store = new InMemoryLeaseStore(this.time, 4, TTL, TIMING);

	private final List<LeaseEvent> events = new CopyOnWriteArrayList<>();

	private final List<WorkerLeaseKeeper> keepers = new CopyOnWriteArrayList<>();

	@AfterEach
	void closeKeepers() {
		this.keepers.forEach(WorkerLeaseKeeper::close);
	}

	private WorkerLeaseKeeper.Builder keeper() {
		return WorkerLeaseKeeper.builder(this.store)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.rounds)
			.scheduler(this.rounds.scheduler())
			.eventExecutor(Runnable::run)
			.listener(this.events::add);
	}

	private WorkerLeaseKeeper started(WorkerLeaseKeeper.Builder builder) {
		WorkerLeaseKeeper keeper = builder.build();
		this.keepers.add(keeper);
		keeper.start();
		return keeper;
	}

	private SnowflakeIdGenerator generatorOn(WorkerLeaseKeeper keeper) {
		return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults())
			.leaseSource(keeper)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.build();
	}

	private static int code(long id) {
		return SnowflakeLayout.defaults().decode(id).worker();
	}

	@Test
	void aFirstClaimOnAnEmptyStoreWaitsOutTheQuarantineWhileRenewalsRaiseTheCeiling() {
		long claimedAt = this.time.millis();
		WorkerLeaseKeeper keeper = started(keeper());
		WorkerLease lease = keeper.currentLease();
		assertThat(lease.floorMillis()).isEqualTo(claimedAt + QUARANTINE);
		assertThat(this.time.millis()).isGreaterThan(lease.floorMillis());
		assertThat(lease.ceilingMillis()).as("ceilings stay Redis time + lead")
			.isLessThanOrEqualTo(this.time.millis() + LEAD);
		assertThat(this.rounds.rounds).as("renewals during the wait")
			.isGreaterThanOrEqualTo((int) (QUARANTINE / 1000) - 1);
		assertThat(this.events).extracting(LeaseEvent::type).endsWith(Type.ACQUIRED);
		assertThat(code(generatorOn(keeper).nextId())).isEqualTo(lease.workerCode());
	}

	@Test
	void startReturnsOnceAWholeTickOfTheGeneratorLiesAboveTheFloor() {
		SnowflakeLayout layout = SnowflakeLayout.builder().tick(Duration.ofMillis(100)).build();
		WorkerLeaseKeeper keeper = started(keeper().tick(layout.tick()));
		WorkerLease lease = keeper.currentLease();
		assertThat(this.time.millis()).as("no tick that contains the wall clock reaches down to the floor")
			.isGreaterThanOrEqualTo(lease.floorMillis() + 100);
		SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(layout)
			.leaseSource(keeper)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.build();
		assertThat(layout.decode(ids.nextId()).worker()).as("the first ID is not refused")
			.isEqualTo(lease.workerCode());
	}

	@Test
	void aRestartWithTheStoreHealthyIssuesAtOnce() {
		WorkerLeaseKeeper first = started(keeper());
		SnowflakeIdGenerator firstIds = generatorOn(first);
		long last = firstIds.nextId();
		first.close(firstIds.stop());
		int parksBefore = this.time.parks();
		long startedAt = this.time.nanoTime();
		WorkerLeaseKeeper second = started(keeper());
		assertThat(this.time.nanoTime()).as("no wait at startup").isEqualTo(startedAt);
		assertThat(this.time.parks()).isEqualTo(parksBefore);
		long next = generatorOn(second).nextId();
		assertThat(code(next)).as("a free code whose mark lies in the past").isNotEqualTo(code(last));
	}

	@Test
	void startRefusesWhenTheClockIsFurtherBehindTheFloorThanTheBudget() {
		WorkerLeaseKeeper keeper = keeper().startupWaitBudget(Duration.ofSeconds(5)).build();
		assertThatThrownBy(keeper::start)
			.isInstanceOfSatisfying(ClockBehindException.class,
					(ex) -> assertThat(ex.behindMillis()).isEqualTo(QUARANTINE + 1))
			.hasMessageContaining((QUARANTINE + 1) + " ms behind the floor "
					+ Instant.parse("2026-11-30T12:00:00Z").plusMillis(QUARANTINE) + " of worker code");
		assertThat(this.time.parks()).isZero();
		assertThat(this.store.calls).last().asString().startsWith("release");
		assertThat(keeper.currentLease()).isNull();
	}

	@Test
	void withLongerTicksTheRefusalCountsUpToAWholeTickAboveTheFloor() {
		WorkerLeaseKeeper keeper = keeper().tick(Duration.ofMillis(10))
			.startupWaitBudget(Duration.ofSeconds(5))
			.build();
		assertThatThrownBy(keeper::start)
			.isInstanceOfSatisfying(ClockBehindException.class,
					(ex) -> assertThat(ex.behindMillis()).isEqualTo(QUARANTINE + 10))
			.hasMessageContaining((QUARANTINE + 10) + " ms short of a whole 10 ms tick above the floor");
	}

	@Test
	void startRefusesWhenWorkerAndStoreClocksDisagreeAndRedisWritesNothing() {
		this.store.storeClockOffsetMillis = 1500;
		WorkerLeaseKeeper keeper = keeper().build();
		assertThatThrownBy(keeper::start).isInstanceOfSatisfying(ClockSkewException.class,
				(ex) -> assertThat(ex.skewMillis()).isEqualTo(-1500));
		assertThat(this.store.node.mark(0)).isZero();
		this.store.storeClockOffsetMillis = 900;
		assertThat(started(keeper()).currentLease()).isNotNull();
	}

	@Test
	void aFullRegionIsRetriedUntilTheStartupBudgetIsSpent() {
		this.store.occupyAll();
		WorkerLeaseKeeper keeper = keeper().startupWaitBudget(Duration.ofSeconds(5)).build();
		long start = this.time.nanoTime();
		assertThatThrownBy(keeper::start).isInstanceOf(NoFreeWorkerCodeException.class)
			.hasMessage("no free worker code in region 0: all 4 codes are leased");
		assertThat(this.time.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofSeconds(5).toNanos());
		assertThat(this.store.calls.stream().filter("claim"::equals).count()).isGreaterThan(10);
	}

	@Test
	void aRenewalWhoseReplyWasLostLeavesNoGap() {
		WorkerLeaseKeeper keeper = started(keeper());
		WorkerLease before = keeper.currentLease();
		this.rounds.advance(Duration.ofMillis(300));
		// A renewal ran in Redis but its reply never arrived: the mark moved on without
		// the keeper knowing.
		this.store.node.lease(this.store.settings, "renew", this.time.millis(), keeper.currentGrant().token(),
				before.workerCode(), 0);
		this.rounds.advance(Duration.ofMillis(800));
		WorkerLease after = keeper.currentLease();
		assertThat(after.floorMillis()).isLessThanOrEqualTo(before.floorMillis());
		assertThat(after.ceilingMillis()).isGreaterThan(before.ceilingMillis());
		assertThat(after.earlier()).isNull();
	}

	@Test
	void aFencedHolderKeepsItsRangeAndMovesToAnotherCodeWithoutARefusal() {
		WorkerLeaseKeeper keeper = started(keeper());
		SnowflakeIdGenerator ids = generatorOn(keeper);
		int code = code(ids.nextId());
		this.store.takeOver(code);
		this.rounds.advance(Duration.ofSeconds(1));
		assertThat(this.events).extracting(LeaseEvent::type).containsSequence(Type.LOST, Type.REACQUIRED);
		assertThat(this.events).filteredOn((event) -> event.type() == Type.LOST)
			.extracting(LeaseEvent::lossReason)
			.containsExactly(LossReason.FENCED);
		long next = ids.nextId();
		assertThat(code(next)).isNotEqualTo(code);
		assertThat(keeper.currentLease().earlier().workerCode()).as("the old range is kept").isEqualTo(code);
		assertThat(ids.statistics().refusals(Reason.LEASE_UNAVAILABLE)).isZero();
	}

	@Test
	void afterRedisLostItsDataTheHolderIssuesUpToItsCeilingThenWaitsForTheLossFloor() {
		WorkerLeaseKeeper keeper = started(keeper());
		SnowflakeIdGenerator ids = generatorOn(keeper);
		int code = code(ids.nextId());
		long oldCeiling = keeper.currentLease().ceilingMillis();
		long lostAt = this.time.millis();
		this.store.wipe();
		this.rounds.advance(Duration.ofSeconds(1));
		assertThat(this.events).filteredOn((event) -> event.type() == Type.LOST)
			.extracting(LeaseEvent::lossReason)
			.containsExactly(LossReason.EXPIRED);
		WorkerLease lease = keeper.currentLease();
		assertThat(lease.workerCode()).as("the previous code is preferred").isEqualTo(code);
		assertThat(lease.floorMillis()).isGreaterThanOrEqualTo(lostAt + QUARANTINE);
		long issuedUpTo = 0;
		while (this.time.millis() < oldCeiling - 1) {
			issuedUpTo = SnowflakeLayout.defaults().decode(ids.nextId()).timestamp().toEpochMilli();
			this.rounds.advance(Duration.ofMillis(500));
		}
		// IDs went on within the last half second (one step) before the old ceiling, and
		// never past it.
		assertThat(issuedUpTo).isBetween(oldCeiling - 500, oldCeiling);
		this.rounds.advance(Duration.ofMillis(600));
		assertThatThrownBy(ids::nextId).isInstanceOfSatisfying(IdGenerationException.class,
				(ex) -> assertThat(ex.reason()).isEqualTo(Reason.LEASE_UNAVAILABLE));
		this.rounds.advance(Duration.ofMillis(lease.floorMillis() - this.time.millis() + 1));
		long resumed = ids.nextId();
		assertThat(code(resumed)).isEqualTo(code);
		assertThat(SnowflakeLayout.defaults().decode(resumed).timestamp().toEpochMilli())
			.isGreaterThan(lease.floorMillis());
	}

	@Test
	void anOutageShorterThanTheToleranceCostsNoRefusal() {
		WorkerLeaseKeeper keeper = started(keeper());
		SnowflakeIdGenerator ids = generatorOn(keeper);
		this.store.failure = new LeaseStoreUnavailableException("connection refused", null);
		// Frozen for the outage tolerance less a second, as the process test does against
		// a real server.
		for (int second = 1; second < TIMING.outageTolerance().toSeconds(); second++) {
			ids.nextId();
			this.rounds.advance(Duration.ofSeconds(1));
		}
		ids.nextId();
		assertThat(this.events).filteredOn((event) -> event.type() == Type.RENEWAL_FAILED).hasSizeGreaterThan(8);
		this.store.failure = null;
		this.rounds.advance(Duration.ofSeconds(1));
		// Renewed, or (when the outage outlasted the TTL) claimed again right above its
		// own ceiling.
		assertThat(this.events).last().extracting(LeaseEvent::type).isIn(Type.RENEWED, Type.REACQUIRED);
		assertThat(keeper.currentGrant()).isNotNull();
		ids.nextId();
		assertThat(ids.statistics().refusals(Reason.LEASE_UNAVAILABLE)).isZero();
	}

	@Test
	void aListenerThatThrowsAnErrorStopsNoRenewal() {
		WorkerLeaseKeeper keeper = started(keeper().listener((event) -> {
			throw new OutOfMemoryError("listener");
		}));
		long renewalsBefore = this.store.calls.stream().filter("renew"::equals).count();
		this.rounds.advance(Duration.ofSeconds(3));
		assertThat(this.store.calls.stream().filter("renew"::equals).count()).isEqualTo(renewalsBefore + 3);
		assertThat(keeper.currentLease().ceilingMillis()).isGreaterThan(this.time.millis() + LEAD - 1000);
		assertThat(this.events).as("the other listeners hear of it, once per failed event")
			.filteredOn((event) -> event.type() == Type.LISTENER_FAILED)
			.hasSizeGreaterThanOrEqualTo(3)
			.allSatisfy((event) -> assertThat(event.cause()).isInstanceOf(OutOfMemoryError.class));
	}

	@Test
	void aRoundThatThrowsAnErrorDoesNotEndTheSchedule() throws InterruptedException {
		FakeTime clock = FakeTime.at("2026-11-30T12:00:00Z");
		InMemoryLeaseStore healthy = new InMemoryLeaseStore(clock, 4, TTL, TIMING);
		healthy.node.lease(healthy.settings, "claim", clock.millis(), "warm-up", 3, 0);
		clock.advance(TIMING.quarantine().plusSeconds(1));
		CountDownLatch renewed = new CountDownLatch(1);
		List<LeaseEvent> failed = new CopyOnWriteArrayList<>();
		healthy.duringCall = (call) -> {
			if (call.equals("renew") && healthy.calls.stream().filter("renew"::equals).count() == 1) {
				throw new StackOverflowError("first round");
			}
		};
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(healthy)
			.renewInterval(Duration.ofMillis(20))
			.wallClock(clock)
			.listener((event) -> {
				if (event.type() == Type.ROUND_FAILED) {
					failed.add(event);
				}
				if (event.type() == Type.RENEWED) {
					renewed.countDown();
				}
			})
			.build();
		this.keepers.add(keeper);
		keeper.start();
		assertThat(renewed.await(10, TimeUnit.SECONDS)).as("a renewal after the failed round").isTrue();
		assertThat(failed).singleElement()
			.satisfies((event) -> assertThat(event.cause()).isInstanceOf(StackOverflowError.class));
		assertThat(Thread.getAllStackTraces().keySet()).anySatisfy((thread) -> {
			assertThat(thread.getName()).isEqualTo("snowflake-lease-keeper");
			assertThat(thread.isDaemon()).isTrue();
		});
	}

	@Test
	void aBlockedListenerDelaysNoRenewal() throws InterruptedException {
		CountDownLatch release = new CountDownLatch(1);
		CountDownLatch blocked = new CountDownLatch(1);
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(this.store)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.rounds)
			.scheduler(this.rounds.scheduler())
			.listener((event) -> {
				blocked.countDown();
				try {
					release.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			})
			.build();
		this.keepers.add(keeper);
		keeper.start();
		assertThat(blocked.await(10, TimeUnit.SECONDS)).isTrue();
		long renewalsBefore = this.store.calls.stream().filter("renew"::equals).count();
		this.rounds.advance(Duration.ofSeconds(2));
		assertThat(this.store.calls.stream().filter("renew"::equals).count()).isEqualTo(renewalsBefore + 2);
		release.countDown();
	}

	@Test
	void aFailedReleaseIsReportedWithItsCauseAndTheCodeStaysHeldUntilItsTtl() {
		WorkerLeaseKeeper keeper = started(keeper());
		SnowflakeIdGenerator ids = generatorOn(keeper);
		WorkerLease lease = keeper.currentLease();
		ids.nextId();
		LeaseStoreUnavailableException unreachable = new LeaseStoreUnavailableException("Currently not connected",
				null);
		this.store.releaseFailure = unreachable;
		keeper.close(ids.stop());
		assertThat(keeper.currentLease()).isNull();
		assertThat(this.store.calls).last().isEqualTo("release " + lease.workerCode());
		assertThat(this.events).last().satisfies((event) -> {
			assertThat(event.type()).isEqualTo(Type.RELEASE_FAILED);
			assertThat(event.lease()).isEqualTo(lease);
			assertThat(event.cause()).isSameAs(unreachable);
		});
		assertThat(this.events).extracting(LeaseEvent::type).doesNotContain(Type.RELEASED);
	}

	@Test
	void aForwardClockJumpIsReportedOnceTheGeneratorLockIsReleased() throws Exception {
		List<Boolean> issuedMeanwhile = new CopyOnWriteArrayList<>();
		SnowflakeIdGenerator[] generator = new SnowflakeIdGenerator[1];
		WorkerLeaseKeeper keeper = started(keeper().listener((event) -> {
			if (event.type() == Type.CLOCK_JUMPED) {
				// Another thread must get the generator's lock while the event is
				// delivered.
				CompletableFuture<Long> other = CompletableFuture.supplyAsync(() -> generator[0].nextId());
				issuedMeanwhile.add(other.completeOnTimeout(-1L, 5, TimeUnit.SECONDS).join() > 0);
			}
		}));
		generator[0] = generatorOn(keeper);
		generator[0].nextId();
		this.time.stepWall(Duration.ofSeconds(5));
		generator[0].nextId();
		assertThat(this.events).filteredOn((event) -> event.type() == Type.CLOCK_JUMPED)
			.singleElement()
			.satisfies((event) -> {
				assertThat(event.jumpMillis()).isBetween(4_990L, 5_000L);
				assertThat(event.lease()).isEqualTo(keeper.currentLease());
			});
		assertThat(issuedMeanwhile).containsExactly(true);
		assertThat(generator[0].statistics().forwardJumps()).isEqualTo(1);
	}

	@Test
	void aKeeperServesOneGenerator() {
		WorkerLeaseKeeper keeper = started(keeper());
		generatorOn(keeper);
		assertThatThrownBy(() -> generatorOn(keeper)).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("already serves a generator");
	}

	@Test
	void closeStopsTheRoundsAndReleasesTheCode() {
		WorkerLeaseKeeper keeper = started(keeper());
		SnowflakeIdGenerator ids = generatorOn(keeper);
		int code = code(ids.nextId());
		keeper.close(ids.stop());
		assertThat(keeper.currentLease()).isNull();
		assertThat(this.store.calls).last().isEqualTo("release " + code);
		assertThat(this.events).last().extracting(LeaseEvent::type).isEqualTo(Type.RELEASED);
		int calls = this.store.calls.size();
		this.rounds.advance(Duration.ofSeconds(3));
		keeper.renewNow();
		assertThat(this.store.calls).hasSize(calls);
		assertThatNoException().isThrownBy(keeper::close);
	}

}
