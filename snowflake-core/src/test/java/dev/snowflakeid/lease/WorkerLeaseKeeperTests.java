package dev.snowflakeid.lease;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.LeaseEvent.Type;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkerLeaseKeeperTests {

	private static final Duration TTL = Duration.ofSeconds(10);

	private static final Duration LEAD = Duration.ofSeconds(3);

	private static final Duration QUARANTINE = Duration.ofSeconds(4);

	// Renewals are driven by renewNow(); the background thread never fires within a test.
	private static final Duration NEVER = Duration.ofHours(1);

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	private final InMemoryLeaseStore store = new InMemoryLeaseStore(this.time, 4, TTL, LEAD, QUARANTINE);

	private final List<LeaseEvent> events = new ArrayList<>();

	private final List<WorkerLeaseKeeper> keepers = new ArrayList<>();

	@AfterEach
	void closeKeepers() {
		this.keepers.forEach(WorkerLeaseKeeper::close);
	}

	private WorkerLeaseKeeper.Builder keeper() {
		return WorkerLeaseKeeper.builder(this.store)
			.renewInterval(NEVER)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
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

	@Test
	void startWaitsForTheQuarantineFloorThenPublishesTheLease() {
		long claimedAt = this.time.millis();
		long sentAt = this.time.nanoTime();
		WorkerLeaseKeeper keeper = started(keeper());
		WorkerLease lease = keeper.currentLease();
		assertThat(lease.floorMillis()).isEqualTo(claimedAt + QUARANTINE.toMillis());
		assertThat(lease.ceilingMillis()).isEqualTo(lease.floorMillis() + LEAD.toMillis());
		assertThat(this.time.millis()).isGreaterThan(lease.floorMillis());
		assertThat(lease.deadlineNanos()).isEqualTo(sentAt + TTL.toNanos() - TTL.toNanos() / 10);
		assertThat(lease.generation()).isEqualTo(1);
		assertThat(this.events).extracting(LeaseEvent::type).containsExactly(Type.ACQUIRED);
		long id = generatorOn(keeper).nextId();
		assertThat(SnowflakeLayout.defaults().decode(id).worker()).isEqualTo(lease.workerCode());
	}

	@Test
	void startRefusesWhenTheClockIsFurtherBehindTheFloorThanTheBudget() {
		this.store.storeClockOffsetMillis = 0;
		InMemoryLeaseStore ahead = new InMemoryLeaseStore(this.time, 4, TTL, LEAD, Duration.ofSeconds(20));
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(ahead).renewInterval(NEVER).wallClock(this.time)
			.monotonicClock(this.time).parker(this.time).build();
		assertThatThrownBy(keeper::start).isInstanceOfSatisfying(ClockBehindException.class,
				(ex) -> assertThat(ex.behindMillis()).isEqualTo(20_001))
			.hasMessageContaining("20001 ms behind the floor");
		assertThat(this.time.parks()).isZero();
		assertThat(ahead.calls).last().asString().startsWith("release 0");
		assertThat(keeper.currentLease()).isNull();
	}

	@Test
	void startRefusesWhenWorkerAndStoreClocksDisagree() {
		this.store.storeClockOffsetMillis = 1500;
		WorkerLeaseKeeper keeper = keeper().build();
		assertThatThrownBy(keeper::start).isInstanceOfSatisfying(ClockSkewException.class,
				(ex) -> assertThat(ex.skewMillis()).isEqualTo(-1500))
			.hasMessage("worker clock and in-memory lease store clock differ by -1500 ms, more than the allowed 1000 ms");
		this.store.storeClockOffsetMillis = 900;
		started(keeper());
	}

	@Test
	void aSlowRoundTripIsNotMistakenForClockSkew() {
		this.store.duringCall = (call) -> this.time.advance(Duration.ofMillis(2500));
		WorkerLeaseKeeper keeper = started(keeper());
		assertThat(keeper.currentLease()).isNotNull();
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
	void aCodeFreedDuringTheStartupWaitIsTaken() {
		this.store.occupyAll();
		this.store.duringCall = (call) -> {
			if (this.store.calls.size() == 8) {
				this.store.free(2);
			}
		};
		WorkerLeaseKeeper keeper = started(keeper());
		assertThat(keeper.currentLease().workerCode()).isEqualTo(2);
	}

	@Test
	void aRenewalRaisesTheCeilingAndItsDeadlineCountsFromTheRequestNotTheReply() {
		WorkerLeaseKeeper keeper = started(keeper());
		WorkerLease before = keeper.currentLease();
		this.time.advance(Duration.ofSeconds(1));
		long sentAt = this.time.nanoTime();
		this.store.duringCall = (call) -> this.time.advance(Duration.ofSeconds(2));
		keeper.renewNow();
		WorkerLease after = keeper.currentLease();
		assertThat(after.deadlineNanos()).isEqualTo(sentAt + TTL.toNanos() - TTL.toNanos() / 10);
		assertThat(after.ceilingMillis()).isEqualTo(Math.max(before.ceilingMillis(), this.time.millis() + 3000));
		assertThat(after.generation()).isEqualTo(before.generation());
		assertThat(this.store.highWaterMark(after.workerCode())).isEqualTo(after.ceilingMillis());
		assertThat(this.events).extracting(LeaseEvent::type).containsExactly(Type.ACQUIRED, Type.RENEWED);
	}

	@Test
	void aFencedOwnerStopsAtOnceAndClaimsAnotherCodeAboveEveryEarlierCeiling() {
		WorkerLeaseKeeper keeper = started(keeper());
		SnowflakeIdGenerator ids = generatorOn(keeper);
		long first = ids.nextId();
		int code = keeper.currentLease().workerCode();
		long oldCeiling = keeper.currentLease().ceilingMillis();
		this.store.takeOver(code);
		keeper.renewNow();
		assertThat(this.events).extracting(LeaseEvent::type)
			.containsExactly(Type.ACQUIRED, Type.LOST, Type.REACQUIRED);
		assertThat(this.events.get(1).lossReason()).isEqualTo(LossReason.FENCED);
		WorkerLease next = keeper.currentLease();
		assertThat(next.workerCode()).isNotEqualTo(code);
		assertThat(next.floorMillis()).isGreaterThanOrEqualTo(this.time.millis() + QUARANTINE.toMillis());
		assertThatThrownBy(ids::nextId).as("refused until the clock passes the new floor")
			.isInstanceOfSatisfying(IdGenerationException.class,
					(ex) -> assertThat(ex.reason()).isEqualTo(IdGenerationException.Reason.LEASE_UNAVAILABLE));
		this.time.advance(QUARANTINE.plusMillis(1));
		long second = ids.nextId();
		assertThat(second).isGreaterThan(first);
		assertThat(SnowflakeLayout.defaults().decode(second).worker()).isEqualTo(next.workerCode());
		assertThat(oldCeiling).isLessThan(next.ceilingMillis());
	}

	@Test
	void anExpiredLeaseIsNeverResurrectedAndAWipedStoreStillQuarantinesTheNewFloor() {
		WorkerLeaseKeeper keeper = started(keeper());
		WorkerLease before = keeper.currentLease();
		this.store.wipe();
		keeper.renewNow();
		assertThat(this.events.get(1).lossReason()).isEqualTo(LossReason.EXPIRED);
		WorkerLease after = keeper.currentLease();
		assertThat(after.workerCode()).as("the previous code is preferred").isEqualTo(before.workerCode());
		assertThat(after.generation()).isEqualTo(1);
		assertThat(after.floorMillis()).isGreaterThanOrEqualTo(before.ceilingMillis());
	}

	@Test
	void anUnreachableStoreKeepsTheLeaseUntilItsDeadlineThenAReachableOneRestoresIt() {
		WorkerLeaseKeeper keeper = started(keeper());
		SnowflakeIdGenerator ids = generatorOn(keeper);
		ids.nextId();
		this.store.failure = new LeaseStoreUnavailableException("connection refused", null);
		keeper.renewNow();
		assertThat(keeper.currentLease()).isNotNull();
		assertThat(this.events).extracting(LeaseEvent::type).containsExactly(Type.ACQUIRED, Type.RENEWAL_FAILED);
		// Claimed 4 s ago (the quarantine wait): the local deadline (9 s) passes before the store's TTL (10 s).
		this.time.advance(Duration.ofSeconds(5));
		keeper.renewNow();
		keeper.renewNow();
		assertThat(this.events).extracting(LeaseEvent::type).containsExactly(Type.ACQUIRED, Type.RENEWAL_FAILED,
				Type.RENEWAL_FAILED, Type.LOST, Type.RENEWAL_FAILED);
		assertThat(this.events.get(3).lossReason()).isEqualTo(LossReason.DEADLINE_PASSED);
		assertThatThrownBy(ids::nextId).isInstanceOf(IdGenerationException.class);
		this.store.failure = null;
		keeper.renewNow();
		assertThat(this.events).last().extracting(LeaseEvent::type).isEqualTo(Type.RENEWED);
		assertThat(ids.nextId()).isPositive();
	}

	@Test
	void closeRevokesBeforeReleasingWithTheLastUsedMillisecond() {
		WorkerLeaseKeeper keeper = started(keeper());
		SnowflakeIdGenerator ids = generatorOn(keeper);
		ids.nextId();
		int code = keeper.currentLease().workerCode();
		long lastUsed = ids.stop();
		keeper.close(lastUsed);
		assertThat(keeper.currentLease()).isNull();
		assertThat(this.store.calls).last().isEqualTo("release " + code + " " + lastUsed);
		assertThat(this.events).last().extracting(LeaseEvent::type).isEqualTo(Type.RELEASED);
		keeper.renewNow();
		assertThat(this.store.calls).last().isEqualTo("release " + code + " " + lastUsed);
	}

	@Test
	void theBackgroundThreadRenewsOnItsOwn() throws Exception {
		FakeTime frozen = FakeTime.at("2026-11-30T12:00:00Z");
		InMemoryLeaseStore quick = new InMemoryLeaseStore(frozen, 4, TTL, LEAD, Duration.ofMillis(3));
		java.util.concurrent.CountDownLatch renewed = new java.util.concurrent.CountDownLatch(2);
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(quick)
			.renewInterval(Duration.ofMillis(20))
			.wallClock(frozen)
			.parker(frozen)
			.listener((event) -> {
				if (event.type() == Type.RENEWED) {
					renewed.countDown();
				}
			})
			.build();
		this.keepers.add(keeper);
		keeper.start();
		assertThat(renewed.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
		assertThat(Thread.getAllStackTraces().keySet()).anySatisfy((thread) -> {
			assertThat(thread.getName()).isEqualTo("snowflake-lease-keeper");
			assertThat(thread.isDaemon()).isTrue();
		});
	}

}
