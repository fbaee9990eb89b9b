package dev.snowflakeid.redis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.ClockBehindException;
import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.LeaseEvent.Type;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.WorkerLease;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Faults injected for real around {@link RedisWorkerLeaseStore} and the lease keeper: paused owners,
 * delayed replies, partitions, Redis killed and restarted empty or from older data, clock errors. Every
 * test records each issued ID with the lease it was checked against and ends with
 * {@link IdLedger#assertConsistent()}: no duplicate, and successive grants of a code use disjoint,
 * increasing timestamp ranges.
 *
 * <p>Test timings: lease TTL 1.5 s (local deadline 1.35 s), renewals every 250 ms, ceiling lead 500 ms,
 * quarantine 600 ms, lease command timeout 300 ms.
 */
class RedisLeaseFaultTests {

	private static final Duration TTL = Duration.ofMillis(1_500);

	private static final Duration LEAD = Duration.ofMillis(500);

	private static final Duration QUARANTINE = Duration.ofMillis(600);

	private static final Duration RENEW_INTERVAL = Duration.ofMillis(250);

	/** Renewals only when the test calls renewNow(). */
	private static final Duration MANUAL = Duration.ofMinutes(10);

	private static final Duration SOON = Duration.ofSeconds(5);

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.defaults();

	private final Deque<AutoCloseable> resources = new ArrayDeque<>();

	private final IdLedger ledger = new IdLedger(LAYOUT);

	@AfterEach
	void closeResources() throws Exception {
		while (!this.resources.isEmpty()) {
			this.resources.pop().close();
		}
	}

	private <T extends AutoCloseable> T track(T resource) {
		this.resources.push(resource);
		return resource;
	}

	private RedisServerProcess server() {
		return track(RedisServerProcess.start());
	}

	private LettuceConnectionFactory connect(RedisStandaloneConfiguration configuration, Duration timeout) {
		LettuceConnectionFactory factory = RedisLeaseConnections.standalone(configuration, timeout);
		factory.afterPropertiesSet();
		track(factory::destroy);
		// Connect before the keeper's first claim: on a cold JVM the first connection takes long enough to
		// blur the keeper's clock-skew estimate, which it takes from the claim's round trip.
		RedisServerProcess.await("the lease connection answers", Duration.ofSeconds(30), () -> {
			try (RedisConnection connection = factory.getConnection()) {
				return "PONG".equals(connection.ping());
			}
			catch (RuntimeException ex) {
				return false;
			}
		});
		return factory;
	}

	private RedisWorkerLeaseStore store(RedisStandaloneConfiguration configuration) {
		return store(configuration, RedisLeaseConnections.DEFAULT_COMMAND_TIMEOUT, UnaryOperator.identity());
	}

	private RedisWorkerLeaseStore store(RedisStandaloneConfiguration configuration, Duration timeout,
			UnaryOperator<RedisWorkerLeaseStore.Builder> customizer) {
		return customizer.apply(RedisWorkerLeaseStore.builder(connect(configuration, timeout), LAYOUT)
			.ttl(TTL)
			.ceilingLead(LEAD)
			.quarantine(QUARANTINE)).build();
	}

	private LeaseWorker.Builder worker(String name, RedisWorkerLeaseStore store) {
		return LeaseWorker.builder(name, store, this.ledger).renewInterval(RENEW_INTERVAL);
	}

	private LeaseWorker start(LeaseWorker.Builder builder) {
		return track(builder.start());
	}

	private static long tickStart(long id) {
		return LAYOUT.decode(id).timestamp().toEpochMilli();
	}

	private static boolean leaseGone(RedisServerProcess server, RedisWorkerLeaseStore store, int code) {
		return Long.valueOf(0).equals(server.call("EXISTS", store.leaseKey(code)));
	}

	private static long redisMillis(RedisServerProcess server) {
		@SuppressWarnings("unchecked")
		List<String> time = (List<String>) server.call("TIME");
		return Long.parseLong(time.get(0)) * 1000 + Long.parseLong(time.get(1)) / 1000;
	}

	// 1
	@Test
	void aStaleOwnerResumedAfterTakeoverRefusesAndIsFencedWhileItsSuccessorStartsAboveItsLastCeiling() {
		RedisServerProcess server = server();
		RedisWorkerLeaseStore store = store(server.configuration());
		LeaseWorker a = start(worker("A", store));
		a.awaitIssuing(SOON);
		a.issue(100);
		// A's process pauses: its clocks stand still and its keeper cannot reach Redis.
		a.clock().freeze();
		a.store().suspend();
		WorkerLease stale = a.lease();
		int code = stale.workerCode();
		RedisServerProcess.await("A's lease expires in Redis", SOON, () -> leaseGone(server, store, code));
		LeaseWorker b = start(worker("B", store).preferredCode(code));
		assertThat(b.lease().workerCode()).isEqualTo(code);
		assertThat(b.lease().generation()).isEqualTo(stale.generation() + 1);
		long first = b.awaitIssuing(SOON);
		assertThat(tickStart(first)).isGreaterThan(stale.ceilingMillis());
		b.issue(100);
		// A resumes: its local deadline passed while it was paused, so it refuses before any renewal.
		a.clock().thaw();
		IdGenerationException refusal = a.tryNextId();
		assertThat(refusal).isNotNull();
		assertThat(refusal.reason()).isEqualTo(Reason.LEASE_UNAVAILABLE);
		long resumed = System.nanoTime();
		a.store().resume();
		a.awaitEvent("fenced", RENEW_INTERVAL.plusSeconds(1), LeaseWorker.lost(LossReason.FENCED));
		assertThat(Duration.ofNanos(System.nanoTime() - resumed)).isLessThan(RENEW_INTERVAL.plusSeconds(1));
		a.awaitIssuing(SOON);
		assertThat(a.lease().workerCode()).isNotEqualTo(code);
		b.issue(100);
		a.issue(100);
		this.ledger.assertConsistent();
		assertThat(this.ledger.grants(0, code)).extracting(IdLedger.GrantRange::worker).containsExactly("A", "B");
	}

	// 2
	@Test
	void aThreadPausedInsideNextIdReturnsAnIdBelowItsCeilingAndTheSuccessorStartsAboveIt() throws Exception {
		RedisServerProcess server = server();
		RedisWorkerLeaseStore store = store(server.configuration());
		LeaseWorker a = start(worker("A", store));
		a.awaitIssuing(SOON);
		// The wall clock stays on one tick, so the next call's last clock read is the deadline check.
		a.clock().freeze();
		a.nextId();
		WorkerLease checked = a.lease();
		CompletableFuture<Long> paused = new CompletableFuture<>();
		Thread caller = new Thread(() -> {
			try {
				long id = a.nextId();
				paused.complete(id);
			}
			catch (RuntimeException ex) {
				paused.completeExceptionally(ex);
			}
		}, "paused-caller");
		a.clock().pauseAfterNextNanoTime(caller);
		caller.start();
		a.clock().awaitPaused(SOON);
		// While the caller is paused after its checks, A's keeper stops renewing and B takes the code.
		a.store().suspend();
		int code = checked.workerCode();
		RedisServerProcess.await("A's lease expires in Redis", SOON, () -> leaseGone(server, store, code));
		LeaseWorker b = start(worker("B", store).preferredCode(code));
		long first = b.awaitIssuing(SOON);
		b.issue(100);
		a.clock().releasePaused();
		long late = paused.get(5, TimeUnit.SECONDS);
		assertThat(LAYOUT.decode(late).worker()).isEqualTo(code);
		assertThat(tickStart(late)).isLessThanOrEqualTo(checked.ceilingMillis()).isLessThan(tickStart(first));
		assertThat(b.lease().floorMillis()).isGreaterThanOrEqualTo(checked.ceilingMillis());
		a.clock().thaw();
		assertThat(a.tryNextId()).isNotNull();
		this.ledger.assertConsistent();
	}

	// 3
	@Test
	void renewRepliesDelayedPastTheDeadlineStopIssuingAtTheDeadlineAndNeverExtendIt() {
		RedisServerProcess server = server();
		TcpProxy proxy = track(new TcpProxy(server.port()));
		// A ceiling lead above the TTL lets the local deadline, not the ceiling, end issuing; a 3 s command
		// timeout lets late replies arrive instead of timing out.
		RedisWorkerLeaseStore store = store(proxy.configuration(), Duration.ofSeconds(3),
				(builder) -> builder.ceilingLead(Duration.ofMillis(1_800)).quarantine(Duration.ofMillis(1_900)));
		LeaseWorker a = start(worker("A", store));
		a.awaitIssuing(SOON);
		a.issue(50);
		proxy.delayReplies(Duration.ofMillis(2_000));
		long renewedBefore = a.count(Type.RENEWED);
		WorkerLease lastUsed = null;
		IdGenerationException refusal = null;
		long refusedAt = 0;
		long end = System.nanoTime() + SOON.toNanos();
		while (refusal == null && System.nanoTime() - end < 0) {
			long before = System.nanoTime();
			refusal = a.tryNextId();
			if (refusal == null) {
				lastUsed = LeaseWorker.lastCheckedLease();
				assertThat(before - lastUsed.deadlineNanos()).as("issued before the deadline").isNegative();
			}
			else {
				refusedAt = System.nanoTime();
			}
			LockSupport.parkNanos(500_000);
		}
		assertThat(refusal).as("refused while replies are late").isNotNull();
		assertThat(refusal.getMessage()).contains("local deadline");
		assertThat(lastUsed).isNotNull();
		// Refusals start at the deadline of the last renewal answered in time, not before and not much after.
		assertThat(refusedAt - lastUsed.deadlineNanos()).isNotNegative().isLessThan(TimeUnit.MILLISECONDS.toNanos(500));
		// A late reply still renews the lease in Redis, but the deadline it publishes is already past.
		long lateRenewals = renewedBefore + 1;
		long window = System.nanoTime() + SOON.toNanos();
		long settled = Long.MAX_VALUE;
		while (System.nanoTime() - Math.min(window, settled) < 0) {
			assertThat(a.tryNextId()).as("refused after a late renewal; events %s", a.events()).isNotNull();
			if (settled == Long.MAX_VALUE && a.count(Type.RENEWED) >= lateRenewals) {
				settled = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
			}
			LockSupport.parkNanos(2_000_000);
		}
		assertThat(a.count(Type.RENEWED)).as("a late reply arrived").isGreaterThanOrEqualTo(lateRenewals);
		proxy.heal();
		a.awaitIssuing(SOON);
		a.issue(50);
		this.ledger.assertConsistent();
	}

	// 4
	@Test
	void redisKilledAndRestartedEmptyWorkersRefuseAtTheirCeilingThenReclaimAboveTheQuarantine() {
		RedisServerProcess server = server();
		RedisWorkerLeaseStore store = store(server.configuration());
		LeaseWorker a = start(worker("A", store));
		LeaseWorker b = start(worker("B", store));
		a.awaitIssuing(SOON);
		b.awaitIssuing(SOON);
		a.issue(100);
		b.issue(100);
		server.kill();
		for (LeaseWorker worker : List.of(a, b)) {
			IdGenerationException refusal = worker.awaitRefusal(SOON);
			assertThat(refusal.reason()).isEqualTo(Reason.LEASE_UNAVAILABLE);
			// A worker that has not renewed since its claim reaches its deadline and ceiling together.
			assertThat(refusal.getMessage()).containsAnyOf("ceiling", "local deadline");
		}
		server.restartEmpty();
		for (LeaseWorker worker : List.of(a, b)) {
			worker.awaitIssuing(SOON);
			worker.issue(100);
			assertThat(worker.events()).anyMatch(LeaseWorker.lost(LossReason.EXPIRED));
			LeaseGrant grant = worker.keeper().currentGrant();
			assertThat(grant.floorMillis() - grant.storeTimeMillis()).isGreaterThanOrEqualTo(QUARANTINE.toMillis());
		}
		this.ledger.assertConsistent();
	}

	// 5
	@Test
	void redisRestartedFromItsAppendOnlyFileKeepsTheLeaseAndItsGeneration() {
		RedisServerProcess server = track(RedisServerProcess.startWithAof());
		RedisWorkerLeaseStore store = store(server.configuration(), RedisLeaseConnections.DEFAULT_COMMAND_TIMEOUT,
				(builder) -> builder.ttl(Duration.ofSeconds(3)));
		LeaseWorker a = start(worker("A", store));
		a.awaitIssuing(SOON);
		a.issue(100);
		a.awaitRenewals(1, SOON);
		WorkerLease before = a.lease();
		long pid = server.pid();
		server.kill();
		server.restart();
		assertThat(server.pid()).isNotEqualTo(pid);
		a.awaitRenewals(2, SOON);
		a.awaitIssuing(SOON);
		a.issue(100);
		assertThat(a.lease().workerCode()).as("events %s", a.events()).isEqualTo(before.workerCode());
		assertThat(a.lease().generation()).as("events %s", a.events()).isEqualTo(before.generation());
		assertThat(a.events()).noneMatch(LeaseWorker.ofType(Type.LOST));
		assertThat(server.call("GET", store.leaseKey(before.workerCode()))).isEqualTo(a.keeper().currentGrant().token());
		this.ledger.assertConsistent();
	}

	// 5
	@Test
	void redisRestartedFromAnOlderSnapshotStillStartsTheNextOwnerAboveEveryCeilingByQuarantine() {
		RedisServerProcess server = server();
		RedisWorkerLeaseStore store = store(server.configuration());
		LeaseWorker a = start(worker("A", store));
		a.awaitIssuing(SOON);
		int code = a.lease().workerCode();
		// Hold A's renewals while the snapshot is taken, so the mark read beside it is the one it holds; a
		// renewal already in flight past the gate shows up as a changed mark, and the snapshot is taken again.
		Path snapshot;
		long snapshotMark;
		long snapshotExpiry;
		while (true) {
			a.store().suspend();
			long before = Long.parseLong((String) server.call("HGET", store.highWaterMarkKey(), Integer.toString(code)));
			snapshotExpiry = (Long) server.call("PEXPIRETIME", store.leaseKey(code));
			snapshot = server.snapshot();
			snapshotMark = Long.parseLong((String) server.call("HGET", store.highWaterMarkKey(), Integer.toString(code)));
			a.store().resume();
			if (snapshotMark == before) {
				break;
			}
		}
		long mark = snapshotMark;
		long expiry = snapshotExpiry;
		// A keeps renewing: its ceilings rise above the mark the snapshot holds.
		RedisServerProcess.await("A's ceiling rises above the snapshot's mark", SOON, () -> {
			a.nextId();
			return a.lease().ceilingMillis() > mark + 200;
		});
		a.store().suspend();
		server.kill();
		a.awaitRefusal(SOON);
		RedisServerProcess.await("the snapshot's lease would have expired", SOON,
				() -> System.currentTimeMillis() > expiry + 20);
		server.restartFrom(snapshot);
		assertThat(server.call("HGET", store.highWaterMarkKey(), Integer.toString(code)))
			.isEqualTo(Long.toString(snapshotMark));
		LeaseWorker b = start(worker("B", store).preferredCode(code));
		assertThat(b.lease().workerCode()).isEqualTo(code);
		long first = b.awaitIssuing(SOON);
		b.issue(100);
		assertThat(b.lease().floorMillis()).isGreaterThan(snapshotMark);
		assertThat(tickStart(first)).isGreaterThan(this.ledger.grants(0, code).get(0).maxCeiling());
		a.store().resume();
		a.awaitEvent("fenced", SOON, LeaseWorker.lost(LossReason.FENCED));
		a.awaitIssuing(SOON);
		this.ledger.assertConsistent();
	}

	// 6
	@Test
	void aPartitionHealedBeforeTheTtlResumesTheSameLease() {
		RedisServerProcess server = server();
		TcpProxy proxy = track(new TcpProxy(server.port()));
		RedisWorkerLeaseStore store = store(proxy.configuration());
		LeaseWorker a = start(worker("A", store));
		a.awaitIssuing(SOON);
		a.issue(100);
		a.awaitRenewals(1, SOON);
		WorkerLease before = a.lease();
		proxy.freeze();
		a.awaitEvent("a failed renewal", SOON, LeaseWorker.ofType(Type.RENEWAL_FAILED));
		proxy.heal();
		a.awaitEventAfter(Type.RENEWAL_FAILED, Type.RENEWED, SOON);
		a.awaitIssuing(SOON);
		a.issue(100);
		assertThat(a.lease().workerCode()).as("events %s", a.events()).isEqualTo(before.workerCode());
		assertThat(a.lease().generation()).as("events %s", a.events()).isEqualTo(before.generation());
		assertThat(a.events()).noneMatch(LeaseWorker.lost(LossReason.EXPIRED).or(LeaseWorker.lost(LossReason.FENCED)));
		this.ledger.assertConsistent();
	}

	// 6
	@Test
	void aPartitionHealedAfterTheTtlWithTheCodeTakenIsFencedAndReclaimsAnotherCode() {
		RedisServerProcess server = server();
		TcpProxy proxy = track(new TcpProxy(server.port()));
		RedisWorkerLeaseStore viaProxy = store(proxy.configuration());
		RedisWorkerLeaseStore direct = store(server.configuration());
		LeaseWorker a = start(worker("A", viaProxy));
		a.awaitIssuing(SOON);
		a.issue(100);
		int code = a.lease().workerCode();
		proxy.freeze();
		a.awaitRefusal(SOON);
		RedisServerProcess.await("A's lease expires in Redis", SOON, () -> leaseGone(server, direct, code));
		LeaseWorker b = start(worker("B", direct).preferredCode(code));
		assertThat(b.lease().workerCode()).isEqualTo(code);
		b.awaitIssuing(SOON);
		b.issue(100);
		proxy.heal();
		a.awaitEvent("fenced", SOON, LeaseWorker.lost(LossReason.FENCED));
		a.awaitIssuing(SOON);
		a.issue(100);
		assertThat(a.lease().workerCode()).isNotEqualTo(code);
		b.issue(100);
		this.ledger.assertConsistent();
	}

	// 7
	@Test
	void aClockFarBehindTheHighWaterMarkRefusesToStart() {
		RedisServerProcess server = server();
		RedisWorkerLeaseStore store = store(server.configuration());
		long mark = redisMillis(server) + 20_000;
		server.call("HSET", store.highWaterMarkKey(), "17", Long.toString(mark));
		LeaseWorker a = track(worker("A", store).preferredCode(17).startupWaitBudget(Duration.ofSeconds(2)).build());
		assertThatExceptionOfType(ClockBehindException.class).isThrownBy(a::start)
			.withMessageContaining("behind the floor " + mark)
			.satisfies((ex) -> assertThat(ex.behindMillis()).isBetween(19_000L, 20_001L));
		assertThat(leaseGone(server, store, 17)).as("the refused claim was released").isTrue();
		assertThat(Long.parseLong((String) server.call("HGET", store.highWaterMarkKey(), "17"))).isGreaterThanOrEqualTo(mark);
	}

	// 7
	@Test
	void aClockSlightlyBehindTheHighWaterMarkWaitsThenIssuesAboveIt() {
		RedisServerProcess server = server();
		RedisWorkerLeaseStore store = store(server.configuration());
		long mark = redisMillis(server) + QUARANTINE.toMillis() + 300;
		server.call("HSET", store.highWaterMarkKey(), "17", Long.toString(mark));
		long started = System.nanoTime();
		LeaseWorker a = start(worker("A", store).preferredCode(17).startupWaitBudget(Duration.ofSeconds(2)));
		assertThat(System.currentTimeMillis()).isGreaterThan(mark);
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		assertThat(a.lease().floorMillis()).isEqualTo(mark);
		long first = a.nextId();
		assertThat(tickStart(first)).isGreaterThan(mark);
		this.ledger.assertConsistent();
	}

	// 8
	@Test
	void aClockSteppedBackIsRefusedAndOneSteppedPastTheCeilingRefusesUntilARenewalRaisesIt() {
		RedisServerProcess server = server();
		RedisWorkerLeaseStore store = store(server.configuration(), RedisLeaseConnections.DEFAULT_COMMAND_TIMEOUT,
				(builder) -> builder.ttl(Duration.ofSeconds(5)));
		LeaseWorker a = start(worker("A", store).renewInterval(MANUAL));
		a.awaitIssuing(SOON);
		a.issue(100);
		a.clock().stepWall(Duration.ofSeconds(-2));
		IdGenerationException back = a.tryNextId();
		assertThat(back).isNotNull();
		assertThat(back.reason()).isEqualTo(Reason.CLOCK_MOVED_BACKWARDS);
		a.clock().resetWall();
		a.awaitIssuing(SOON);
		// Without renewals, real time eats into the ceiling; once less than the lead is left, step past it.
		RedisServerProcess.await("the ceiling is near", SOON,
				() -> a.lease().ceilingMillis() - a.clock().millis() < LEAD.toMillis() - 150);
		a.clock().stepWall(Duration.ofMillis(a.lease().ceilingMillis() - a.clock().millis() + 50));
		IdGenerationException ahead = a.tryNextId();
		assertThat(ahead).isNotNull();
		assertThat(ahead.reason()).isEqualTo(Reason.LEASE_UNAVAILABLE);
		assertThat(ahead.getMessage()).contains("ceiling");
		a.keeper().renewNow();
		long afterRenewal = a.nextId();
		assertThat(tickStart(afterRenewal)).isLessThanOrEqualTo(a.lease().ceilingMillis());
		a.issue(100);
		this.ledger.assertConsistent();
	}

	// 9
	@Test
	void aLeaseKeyDeletedUnderALiveOwnerStopsTheOwnerAtItsCeilingBelowTheNewOwnersFloor() {
		RedisServerProcess server = server();
		RedisWorkerLeaseStore store = store(server.configuration(), RedisLeaseConnections.DEFAULT_COMMAND_TIMEOUT,
				(builder) -> builder.ttl(Duration.ofSeconds(5)));
		LeaseWorker a = start(worker("A", store).renewInterval(MANUAL));
		a.awaitIssuing(SOON);
		a.keeper().renewNow();
		a.issue(100);
		WorkerLease old = a.lease();
		int code = old.workerCode();
		server.call("DEL", store.leaseKey(code));
		LeaseWorker b = start(worker("B", store).preferredCode(code));
		assertThat(b.lease().workerCode()).isEqualTo(code);
		assertThat(b.lease().floorMillis()).isGreaterThanOrEqualTo(old.ceilingMillis());
		b.awaitIssuing(SOON);
		IdGenerationException refusal = a.awaitRefusal(SOON);
		assertThat(refusal.getMessage()).contains("ceiling " + old.ceilingMillis());
		b.issue(100);
		a.keeper().renewNow();
		assertThat(a.events()).anyMatch(LeaseWorker.lost(LossReason.FENCED));
		a.awaitIssuing(SOON);
		assertThat(a.lease().workerCode()).isNotEqualTo(code);
		this.ledger.assertConsistent();
	}

	// 11
	@Test
	void scriptFlushWhileRunningCausesNoRefusal() {
		RedisServerProcess server = server();
		RedisWorkerLeaseStore store = store(server.configuration());
		LeaseWorker a = start(worker("A", store).renewInterval(Duration.ofMillis(50)));
		a.awaitIssuing(SOON);
		int renewalsBefore = a.store().renewals();
		long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1_000);
		long nextFlush = 0;
		int flushes = 0;
		while (System.nanoTime() - end < 0) {
			if (System.nanoTime() - nextFlush >= 0) {
				server.call("SCRIPT", "FLUSH");
				flushes++;
				nextFlush = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(40);
			}
			a.nextId();
		}
		assertThat(flushes).isGreaterThan(10);
		assertThat(a.store().renewals() - renewalsBefore).isGreaterThan(5);
		assertThat(a.events()).noneMatch(LeaseWorker.ofType(Type.RENEWAL_FAILED));
		assertThat(a.generator().statistics().refusals(Reason.LEASE_UNAVAILABLE)).isZero();
		this.ledger.assertConsistent();
	}

	// 13
	@Test
	void withTwoRegionsOnTwoServersTheSurvivingRegionKeepsIssuingWhenTheOtherServerDies() {
		RedisServerProcess server0 = server();
		RedisServerProcess server1 = server();
		LeaseWorker w0 = start(worker("W0", store(server0.configuration())));
		LeaseWorker w1 = start(worker("W1",
				store(server1.configuration(), RedisLeaseConnections.DEFAULT_COMMAND_TIMEOUT, (builder) -> builder.region(1))));
		w0.awaitIssuing(SOON);
		w1.awaitIssuing(SOON);
		w0.issue(100);
		w1.issue(100);
		server1.kill();
		w1.awaitRefusal(SOON);
		// Region 0 keeps issuing well past region 1's TTL.
		long end = System.nanoTime() + TTL.toNanos() * 2;
		int issued = 0;
		while (System.nanoTime() - end < 0) {
			w0.nextId();
			issued++;
			LockSupport.parkNanos(200_000);
		}
		assertThat(issued).isGreaterThan(100);
		assertThat(w0.events()).noneMatch(LeaseWorker.ofType(Type.RENEWAL_FAILED));
		assertThat(w1.events()).anyMatch(LeaseWorker.ofType(Type.RENEWAL_FAILED));
		assertThat(w1.tryNextId()).isNotNull();
		this.ledger.assertConsistent();
	}

}
