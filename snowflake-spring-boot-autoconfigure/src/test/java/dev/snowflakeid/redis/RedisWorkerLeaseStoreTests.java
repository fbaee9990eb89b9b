package dev.snowflakeid.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseRenewal.Status;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.StoreMismatchException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Claim, renew and release semantics of {@link RedisWorkerLeaseStore} against a real {@code redis-server}.
 * Each test works in its own namespace.
 */
class RedisWorkerLeaseStoreTests {

	private static final Duration TTL = Duration.ofSeconds(2);

	private static final Duration LEAD = Duration.ofMillis(300);

	private static final Duration QUARANTINE = Duration.ofMillis(400);

	private static final SnowflakeLayout TEN_WORKER_BITS = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(10)
		.sequenceBits(10)
		.build();

	private static final SnowflakeLayout FOUR_CODES = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(2)
		.sequenceBits(18)
		.build();

	private static final AtomicInteger namespaces = new AtomicInteger();

	private static RedisServerProcess server;

	private static LettuceConnectionFactory connections;

	@BeforeAll
	static void startRedis() {
		server = RedisServerProcess.start();
		connections = RedisLeaseConnections.standalone(server.configuration());
		connections.afterPropertiesSet();
	}

	@AfterAll
	static void stopRedis() {
		if (connections != null) {
			connections.destroy();
		}
		if (server != null) {
			server.close();
		}
	}

	private static RedisWorkerLeaseStore.Builder builder(SnowflakeLayout layout) {
		return RedisWorkerLeaseStore.builder(connections, layout)
			.namespace("store-" + namespaces.incrementAndGet())
			.ttl(TTL)
			.ceilingLead(LEAD)
			.quarantine(QUARANTINE);
	}

	private static RedisWorkerLeaseStore store() {
		return builder(SnowflakeLayout.defaults()).build();
	}

	private static long hwm(RedisWorkerLeaseStore store, int code) {
		Object value = server.call("HGET", store.highWaterMarkKey(), Integer.toString(code));
		return (value != null) ? Long.parseLong((String) value) : Long.MIN_VALUE;
	}

	private static long redisMillis() {
		@SuppressWarnings("unchecked")
		List<String> time = (List<String>) server.call("TIME");
		return Long.parseLong(time.get(0)) * 1000 + Long.parseLong(time.get(1)) / 1000;
	}

	@Test
	void keysOfARegionShareOneHashTag() {
		RedisWorkerLeaseStore store = RedisWorkerLeaseStore.builder(connections, SnowflakeLayout.defaults())
			.region(3)
			.build();
		assertThat(store.leaseKey(17)).isEqualTo("snowflake:{default:3}:lease:17");
		assertThat(store.generationKey()).isEqualTo("snowflake:{default:3}:gen");
		assertThat(store.highWaterMarkKey()).isEqualTo("snowflake:{default:3}:hwm");
		assertThat(store.metaKey()).isEqualTo("snowflake:{default:3}:meta");
		assertThat(store.ttl()).isEqualTo(Duration.ofSeconds(10));
		assertThat(store.ceilingLead()).isEqualTo(Duration.ofSeconds(3));
		assertThat(store.quarantine()).isEqualTo(Duration.ofSeconds(4));
		assertThat(store.name()).isEqualTo("redis");
	}

	@Test
	void claimGrantsAFloorAtLeastQuarantineAheadAndPersistsTheCeilingBeforeReplying() {
		RedisWorkerLeaseStore store = store();
		long before = redisMillis();
		LeaseGrant grant = store.claim(-1);
		long after = redisMillis();
		assertThat(grant.workerCode()).isBetween(0, 255);
		assertThat(grant.generation()).isEqualTo(1);
		assertThat(grant.token()).matches("1\\|[0-9a-f]{32}");
		assertThat(grant.storeTimeMillis()).isBetween(before, after);
		assertThat(grant.floorMillis()).isEqualTo(grant.storeTimeMillis() + QUARANTINE.toMillis());
		assertThat(grant.ceilingMillis()).isEqualTo(grant.floorMillis() + LEAD.toMillis());
		assertThat(grant.ttl()).isEqualTo(TTL);
		assertThat(hwm(store, grant.workerCode())).isEqualTo(grant.ceilingMillis());
		assertThat(server.call("GET", store.leaseKey(grant.workerCode()))).isEqualTo(grant.token());
		assertThat((Long) server.call("PEXPIRETIME", store.leaseKey(grant.workerCode())))
			.isEqualTo(grant.storeTimeMillis() + TTL.toMillis());
		assertThat(server.call("HGET", store.generationKey(), Integer.toString(grant.workerCode()))).isEqualTo("1");
		assertThat(server.call("HGET", store.metaKey(), "layout")).isEqualTo(SnowflakeLayout.defaults().toString());
	}

	@Test
	void claimsOfOneRegionGetDistinctCodesAndTokens() {
		RedisWorkerLeaseStore store = builder(FOUR_CODES).build();
		Set<Integer> codes = new HashSet<>();
		Set<String> tokens = new HashSet<>();
		for (int i = 0; i < 4; i++) {
			LeaseGrant grant = store.claim(-1);
			codes.add(grant.workerCode());
			tokens.add(grant.token());
		}
		assertThat(codes).containsExactlyInAnyOrder(0, 1, 2, 3);
		assertThat(tokens).hasSize(4);
		assertThat(store.availableCodes()).isZero();
	}

	@Test
	void claimTakesThePreferredCodeWhenFreeAndAnotherWhenHeld() {
		RedisWorkerLeaseStore store = store();
		assertThat(store.claim(42).workerCode()).isEqualTo(42);
		assertThat(store.claim(42).workerCode()).isNotEqualTo(42);
		assertThatIllegalArgumentException().isThrownBy(() -> store.claim(256)).withMessageContaining("0..255");
	}

	@Test
	void floorStartsAtTheHighWaterMarkWhenItLiesAboveTheQuarantine() {
		RedisWorkerLeaseStore store = store();
		long mark = redisMillis() + 60_000;
		server.call("HSET", store.highWaterMarkKey(), "7", Long.toString(mark));
		LeaseGrant grant = store.claim(7);
		assertThat(grant.workerCode()).isEqualTo(7);
		assertThat(grant.floorMillis()).isEqualTo(mark);
		assertThat(grant.ceilingMillis()).isEqualTo(mark + LEAD.toMillis());
		assertThat(hwm(store, 7)).isEqualTo(grant.ceilingMillis());
	}

	@Test
	void aNewOwnerOfACodeGetsTheNextGenerationAndStartsAboveEveryCeilingOfThePreviousOwner() {
		RedisWorkerLeaseStore store = store();
		LeaseGrant first = store.claim(9);
		LeaseRenewal renewed = store.renew(first);
		store.release(first, first.ceilingMillis());
		LeaseGrant second = store.claim(9);
		assertThat(second.workerCode()).isEqualTo(9);
		assertThat(second.generation()).isEqualTo(first.generation() + 1);
		assertThat(second.token()).isNotEqualTo(first.token());
		assertThat(second.floorMillis()).isGreaterThanOrEqualTo(Math.max(first.ceilingMillis(), renewed.ceilingMillis()));
	}

	@Test
	void renewExtendsTheLeaseAndNeverLowersTheCeiling() {
		RedisWorkerLeaseStore store = store();
		LeaseGrant grant = store.claim(-1);
		LeaseRenewal renewal = store.renew(grant);
		assertThat(renewal.status()).isEqualTo(Status.RENEWED);
		// Right after the claim, now + lead lies below the granted ceiling: the mark stays where it is.
		assertThat(renewal.ceilingMillis()).isEqualTo(grant.ceilingMillis());
		assertThat(hwm(store, grant.workerCode())).isEqualTo(grant.ceilingMillis());
		assertThat((Long) server.call("PEXPIRETIME", store.leaseKey(grant.workerCode())))
			.isEqualTo(renewal.storeTimeMillis() + TTL.toMillis());
	}

	@Test
	void renewRaisesTheCeilingToNowPlusLeadAndPersistsItBeforeReplying() {
		RedisWorkerLeaseStore store = store();
		LeaseGrant grant = store.claim(-1);
		// As after Redis lost the mark: the renewal must write now + lead back.
		server.call("HDEL", store.highWaterMarkKey(), Integer.toString(grant.workerCode()));
		LeaseRenewal renewal = store.renew(grant);
		assertThat(renewal.status()).isEqualTo(Status.RENEWED);
		assertThat(renewal.ceilingMillis()).isEqualTo(renewal.storeTimeMillis() + LEAD.toMillis());
		assertThat(hwm(store, grant.workerCode())).isEqualTo(renewal.ceilingMillis());
	}

	@Test
	void renewOfAMissingLeaseReportsExpiredAndDoesNotRecreateIt() {
		RedisWorkerLeaseStore store = store();
		LeaseGrant grant = store.claim(-1);
		long mark = hwm(store, grant.workerCode());
		server.call("DEL", store.leaseKey(grant.workerCode()));
		LeaseRenewal renewal = store.renew(grant);
		assertThat(renewal.status()).isEqualTo(Status.EXPIRED);
		assertThat(renewal.storeTimeMillis()).isPositive();
		assertThat(server.call("EXISTS", store.leaseKey(grant.workerCode()))).isEqualTo(0L);
		assertThat(hwm(store, grant.workerCode())).isEqualTo(mark);
	}

	@Test
	void renewOfALeaseTakenOverByAnotherOwnerReportsFencedAndLeavesItAlone() {
		RedisWorkerLeaseStore store = store();
		LeaseGrant stale = store.claim(5);
		server.call("DEL", store.leaseKey(5));
		LeaseGrant successor = store.claim(5);
		assertThat(successor.workerCode()).isEqualTo(5);
		assertThat(successor.floorMillis()).isGreaterThanOrEqualTo(stale.ceilingMillis());
		Object expiry = server.call("PEXPIRETIME", store.leaseKey(5));
		LeaseRenewal renewal = store.renew(stale);
		assertThat(renewal.status()).isEqualTo(Status.FENCED);
		assertThat(server.call("GET", store.leaseKey(5))).isEqualTo(successor.token());
		assertThat(server.call("PEXPIRETIME", store.leaseKey(5))).isEqualTo(expiry);
		assertThat(hwm(store, 5)).isEqualTo(successor.ceilingMillis());
	}

	@Test
	void anExpiredLeaseFreesTheCodeAndItsRenewalReportsExpired() {
		RedisWorkerLeaseStore store = builder(SnowflakeLayout.defaults()).ttl(Duration.ofMillis(200)).build();
		LeaseGrant grant = store.claim(3);
		RedisServerProcess.await("the lease expires in Redis", Duration.ofSeconds(5),
				() -> Long.valueOf(0).equals(server.call("EXISTS", store.leaseKey(3))));
		assertThat(store.renew(grant).status()).isEqualTo(Status.EXPIRED);
		LeaseGrant next = store.claim(3);
		assertThat(next.workerCode()).isEqualTo(3);
		assertThat(next.floorMillis()).isGreaterThanOrEqualTo(grant.ceilingMillis());
	}

	@Test
	void releaseRecordsTheLastUsedMillisecondAndDeletesTheLease() {
		RedisWorkerLeaseStore store = store();
		LeaseGrant grant = store.claim(-1);
		long lastUsed = grant.ceilingMillis() + 5_000;
		store.release(grant, lastUsed);
		assertThat(server.call("EXISTS", store.leaseKey(grant.workerCode()))).isEqualTo(0L);
		assertThat(hwm(store, grant.workerCode())).isEqualTo(lastUsed);
	}

	@Test
	void releaseNeverLowersTheHighWaterMark() {
		RedisWorkerLeaseStore store = store();
		LeaseGrant grant = store.claim(-1);
		store.release(grant, grant.floorMillis() - 1_000);
		assertThat(hwm(store, grant.workerCode())).isEqualTo(grant.ceilingMillis());
		LeaseGrant other = store.claim(-1);
		store.release(other, Long.MIN_VALUE);
		assertThat(hwm(store, other.workerCode())).isEqualTo(other.ceilingMillis());
	}

	@Test
	void releaseByAFormerOwnerDoesNothing() {
		RedisWorkerLeaseStore store = store();
		LeaseGrant stale = store.claim(11);
		server.call("DEL", store.leaseKey(11));
		LeaseGrant successor = store.claim(11);
		store.release(stale, successor.ceilingMillis() + 60_000);
		assertThat(server.call("GET", store.leaseKey(11))).isEqualTo(successor.token());
		assertThat(hwm(store, 11)).isEqualTo(successor.ceilingMillis());
	}

	@Test
	void aWorkerWithAnotherLayoutIsRefused() {
		RedisWorkerLeaseStore first = store();
		first.claim(-1);
		SnowflakeLayout other = SnowflakeLayout.builder().timestampBits(42).workerBits(7).build();
		RedisWorkerLeaseStore second = RedisWorkerLeaseStore.builder(connections, other)
			.namespace(first.namespace())
			.ttl(TTL)
			.ceilingLead(LEAD)
			.quarantine(QUARANTINE)
			.build();
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> second.claim(-1))
			.withMessageContaining(SnowflakeLayout.defaults().toString())
			.withMessageContaining(other.toString())
			.withMessageContaining("namespace");
		assertThat(server.call("HGET", first.metaKey(), "layout")).isEqualTo(SnowflakeLayout.defaults().toString());
	}

	@Test
	void aFullRegionRefusesWithNoFreeWorkerCodeUntilACodeIsReleased() {
		RedisWorkerLeaseStore store = builder(FOUR_CODES).region(2).build();
		List<LeaseGrant> grants = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			grants.add(store.claim(-1));
		}
		assertThatExceptionOfType(NoFreeWorkerCodeException.class).isThrownBy(() -> store.claim(-1))
			.withMessage("no free worker code in region 2: all 4 codes are leased")
			.satisfies((ex) -> assertThat(ex.codes()).isEqualTo(4))
			.satisfies((ex) -> assertThat(ex.region()).isEqualTo(2));
		LeaseGrant released = grants.get(1);
		long lastUsed = released.ceilingMillis() + 30_000;
		store.release(released, lastUsed);
		assertThat(store.availableCodes()).isEqualTo(1);
		LeaseGrant again = store.claim(-1);
		assertThat(again.workerCode()).isEqualTo(released.workerCode());
		assertThat(again.floorMillis()).isEqualTo(lastUsed);
	}

	@Test
	void availableCodesCountsFreeCodes() {
		RedisWorkerLeaseStore store = store();
		assertThat(store.availableCodes()).isEqualTo(256);
		store.claim(-1);
		store.claim(-1);
		assertThat(store.availableCodes()).isEqualTo(254);
	}

	@Test
	void aClaimInANearlyFullRegionIsOneRoundTrip() throws Exception {
		RedisWorkerLeaseStore store = builder(TEN_WORKER_BITS).ttl(Duration.ofMinutes(1)).build();
		for (int i = 0; i < 1014; i++) {
			store.claim(-1);
		}
		assertThat(store.availableCodes()).isEqualTo(10);
		String marker = "end-of-claim-" + System.nanoTime();
		try (RespClient monitor = RespClient.connect(server.port())) {
			assertThat(monitor.command("MONITOR")).isEqualTo("OK");
			LeaseGrant grant = store.claim(-1);
			server.call("ECHO", marker);
			List<String> fromClients = new ArrayList<>();
			int scriptCommands = 0;
			while (true) {
				String line = (String) monitor.reply();
				if (line.contains(marker)) {
					break;
				}
				if (line.contains(" lua] ")) {
					scriptCommands++;
				}
				else {
					fromClients.add(line);
				}
			}
			assertThat(fromClients).singleElement().asString().containsIgnoringCase("\"evalsha\"");
			// The scan inside the script visited many lease keys: one round trip whatever the occupancy.
			assertThat(scriptCommands).isGreaterThan(3);
			assertThat(grant.workerCode()).isBetween(0, 1023);
		}
	}

	@Test
	void scriptFlushIsAbsorbedByFallingBackToEval() {
		RedisWorkerLeaseStore store = store();
		LeaseGrant grant = store.claim(-1);
		server.call("SCRIPT", "FLUSH");
		assertThat(store.renew(grant).status()).isEqualTo(Status.RENEWED);
		server.call("SCRIPT", "FLUSH");
		LeaseGrant other = store.claim(-1);
		assertThat(other.workerCode()).isNotEqualTo(grant.workerCode());
		server.call("SCRIPT", "FLUSH");
		store.release(other, Long.MIN_VALUE);
		server.call("SCRIPT", "FLUSH");
		assertThat(store.availableCodes()).isEqualTo(255);
	}

	@Test
	void builderValidatesRelations() {
		SnowflakeLayout layout = SnowflakeLayout.defaults();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisWorkerLeaseStore.builder(connections, layout)
				.ceilingLead(Duration.ofSeconds(5))
				.quarantine(Duration.ofSeconds(4))
				.build())
			.withMessageContaining("quarantine (PT4S) must be at least the ceiling lead (PT5S)");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisWorkerLeaseStore.builder(connections, layout).ttl(Duration.ZERO).build())
			.withMessageContaining("lease ttl must be positive");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisWorkerLeaseStore.builder(connections, layout).ttl(Duration.ofNanos(1_500_000)).build())
			.withMessageContaining("whole number of milliseconds");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisWorkerLeaseStore.builder(connections, layout).region(4).build())
			.withMessageContaining("region 4 is outside 0..3");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisWorkerLeaseStore.builder(connections, layout).namespace("a{b}").build())
			.withMessageContaining("hash tag");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisWorkerLeaseStore.builder(connections, layout).keyPrefix("").build())
			.withMessageContaining("key prefix must not be empty");
	}

	@Test
	void aRedisErrorSurfacesAsStoreUnavailable() {
		RedisWorkerLeaseStore store = store();
		server.call("SET", store.highWaterMarkKey(), "not a hash");
		assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(() -> store.claim(-1))
			.withMessageContaining("could not claim a worker code")
			.withMessageContaining("WRONGTYPE");
	}

}
