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
import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The key space's format record and a region's timing against a real
 * {@code redis-server}: a record lost beside a region state of another format is not made
 * again, of two first starts with different formats only one records its format, and
 * other lease timing takes a region over only once no lease of the recorded timing can be
 * in use, starting above every old ceiling.
 */
@RealProcesses
class LeaseKeySpaceTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(2)
		.sequenceBits(18)
		.build();

	private static final SnowflakeLayout OTHER = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(3)
		.workerBits(2)
		.sequenceBits(17)
		.build();

	/**
	 * The timestamp and region bits, tick and epoch of {@link #LAYOUT}, with another
	 * worker/sequence split.
	 */
	private static final SnowflakeLayout SPLIT = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(4)
		.sequenceBits(16)
		.build();

	private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(1), Duration.ofMillis(250),
			Duration.ofMillis(200), Duration.ZERO)
		.withLeadLimit(Duration.ofSeconds(3));

	private static final LeaseTiming OTHER_TIMING = new LeaseTiming(Duration.ofMillis(1500), Duration.ofMillis(250),
			Duration.ofMillis(200), Duration.ZERO)
		.withLeadLimit(Duration.ofSeconds(3));

	private final RedisServer redis = RedisServer.start();

	private final List<LettuceConnectionFactory> factories = new ArrayList<>();

	@AfterEach
	void stop() {
		this.factories.forEach(LettuceConnectionFactory::destroy);
		this.redis.close();
	}

	@Test
	void aFormatRecordLostBesideAStateOfAnotherFormatIsNotMadeAgain() {
		store(LAYOUT, 1, TIMING).claim(-1);
		this.redis.call("DEL", "snowflake:format");
		RedisWorkerLeaseStore other = store(OTHER, 2, TIMING);
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> other.claim(-1))
			.withMessageContaining("has no format record snowflake:format")
			.withMessageContaining("snowflake:{default:1}:state records format '" + LAYOUT + "'");
		assertThat(this.redis.call("EXISTS", "snowflake:format")).isEqualTo(0L);
		// an instance of the format the state records makes it again, with the region's
		// namespace
		store(LAYOUT, 1, TIMING).claim(-1);
		assertThat(this.redis.call("HGET", "snowflake:format", "format")).isEqualTo(LAYOUT.toString());
		assertThat(this.redis.call("HGET", "snowflake:format", "region:1")).isEqualTo("default");
	}

	@Test
	void ofTwoFirstStartsWithOtherFormatsOnlyOneRecords() {
		for (int round = 0; round < 20; round++) {
			this.redis.call("FLUSHALL");
			RedisWorkerLeaseStore a = store(LAYOUT, 1, TIMING);
			RedisWorkerLeaseStore b = store(OTHER, 2, TIMING);
			CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> recorded(a));
			boolean second = recorded(b);
			assertThat(first.join() ^ second).as("round %d: exactly one of two formats recorded", round).isTrue();
		}
	}

	@Test
	void anotherFleetLeadLimitIsRefused() {
		store(LAYOUT, 1, TIMING).claim(-1);
		RedisWorkerLeaseStore other = store(LAYOUT, 2, TIMING.withLeadLimit(Duration.ofSeconds(4)));
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> other.claim(-1))
			.withMessageContaining("records a fleet lead limit of 3000 ms")
			.withMessageContaining("snowflake.worker.lease.fleet-lead-limit is 4000 ms");
	}

	@Test
	void otherTimingTakesTheRegionOverOnlyOnceNoOldLeaseCanBeInUse() {
		RedisWorkerLeaseStore old = store(LAYOUT, 1, TIMING);
		LeaseGrant grant = old.claim(2);
		long ceiling = old.renew(grant).ceilingMillis();
		old.release(grant, ceiling);
		RedisWorkerLeaseStore next = store(LAYOUT, 1, OTHER_TIMING);
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> next.claim(2))
			.withMessageContaining("quarantine " + TIMING.quarantine().toMillis() + " ms");
		LeaseGrant taken = await().atMost(Duration.ofSeconds(15))
			.pollInterval(Duration.ofMillis(100))
			.ignoreException(StoreMismatchException.class)
			.until(() -> next.claim(2), (granted) -> granted != null);
		assertThat(taken.storeTimeMillis()).isGreaterThanOrEqualTo(ceiling + TIMING.quarantine().toMillis());
		assertThat(taken.floorMillis()).isGreaterThanOrEqualTo(ceiling);
		// the witness never expires, whatever the renewals did
		assertThat(this.redis.call("PTTL", RegionKeys.of("snowflake", "default", 1).witness())).isEqualTo(-1L);
		// and the old timing is refused now
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> old.claim(3));
	}

	@Test
	void anotherSplitRunsSideBySideOnlyByNameAndOnlyInARegionNoInstanceHasUsed() {
		RedisWorkerLeaseStore old = store(LAYOUT, 1, TIMING);
		LeaseGrant oldGrant = old.claim(-1);
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(SPLIT, 2, TIMING, FormatCoexistence.NONE).claim(-1))
			.withMessageContaining("issues IDs of format '" + LAYOUT + "'")
			.withMessageContaining("snowflake.worker.redis.format-coexistence=side-by-side")
			.withMessageContaining("which this instance could use in a region no instance has used yet");
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(SPLIT, 1, TIMING, FormatCoexistence.SIDE_BY_SIDE).claim(-1))
			.withMessageContaining(
					"region 1 of the key space snowflake (snowflake:format) issues IDs of format '" + LAYOUT + "'")
			.withMessageContaining("a region keeps the format it was first used with");
		assertThat(this.redis.call("HGET", "snowflake:format", "format:2")).as("refusals record nothing").isNull();

		RedisWorkerLeaseStore split = store(SPLIT, 2, TIMING, FormatCoexistence.SIDE_BY_SIDE);
		LeaseGrant splitGrant = split.claim(-1);
		assertThat(this.redis.call("HGET", "snowflake:format", "format:2")).isEqualTo(SPLIT.toString());
		assertThat(this.redis.call("HGET", "snowflake:format", "region:2")).isEqualTo("default");
		// both formats keep their regions; the key space's format stays the first one
		assertThat(old.renew(oldGrant).ceilingMillis()).isPositive();
		assertThat(split.renew(splitGrant).ceilingMillis()).isPositive();
		assertThat(this.redis.call("HGET", "snowflake:format", "format")).isEqualTo(LAYOUT.toString());
		// the first format may not come back to region 2, whatever it sets
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(LAYOUT, 2, TIMING, FormatCoexistence.SIDE_BY_SIDE).claim(-1))
			.withMessageContaining(
					"region 2 of the key space snowflake (snowflake:format) issues IDs of format '" + SPLIT + "'");
		// every grant compares the region's format: a record changed behind a confirmed
		// store is refused there
		this.redis.call("HSET", "snowflake:format", "format:2", LAYOUT.toString());
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> split.renew(splitGrant))
			.withMessageContaining("issues IDs of format '" + LAYOUT + "'");
	}

	@Test
	void aFormatWithOtherTimestampOrRegionBitsNeverRunsSideBySide() {
		store(LAYOUT, 1, TIMING).claim(-1);
		// 41/3/2/17: the region field is wider, so a region-3 ID of it can equal a
		// region-1 ID of 41/2/2/18
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(OTHER, 3, TIMING, FormatCoexistence.SIDE_BY_SIDE).claim(-1))
			.withMessageContaining("here they differ ('41/2 tick=")
			.withMessageContaining("' against '41/3 tick=");
		assertThat(this.redis.call("HGET", "snowflake:format", "region:3")).isNull();
	}

	@Test
	void aRecordLostBesideAStateOfAnotherLimitIsNotMadeAgainAndEveryGrantComparesTheLimit() {
		RedisWorkerLeaseStore old = store(LAYOUT, 1, TIMING);
		LeaseGrant grant = old.claim(-1);
		this.redis.call("DEL", "snowflake:format");
		// a smaller limit would start below ceilings the old instances still hold after a
		// loss of region 1
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(LAYOUT, 2, TIMING.withLeadLimit(Duration.ofMillis(2500))).claim(-1))
			.withMessageContaining("snowflake:{default:1}:state records a fleet lead limit of 3000 ms");
		assertThat(this.redis.call("EXISTS", "snowflake:format")).isEqualTo(0L);
		// the state's limit is compared by every grant, where the record is not (a
		// Cluster)
		this.redis.call("HSET", "snowflake:{default:1}:state", "limit", "9000");
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> old.renew(grant))
			.withMessageContaining("records a fleet lead limit of 9000 ms");
	}

	@Test
	void aRecordLostBesideSideBySideFormatsIsMadeAgainWithEachRegionsFormat() {
		store(LAYOUT, 1, TIMING).claim(-1);
		store(SPLIT, 2, TIMING, FormatCoexistence.SIDE_BY_SIDE).claim(-1);
		this.redis.call("DEL", "snowflake:format");
		store(SPLIT, 2, TIMING, FormatCoexistence.SIDE_BY_SIDE).claim(-1);
		assertThat(this.redis.call("HGET", "snowflake:format", "format")).isEqualTo(SPLIT.toString());
		assertThat(this.redis.call("HGET", "snowflake:format", "format:1")).isEqualTo(LAYOUT.toString());
		assertThat(this.redis.call("HGET", "snowflake:format", "region:1")).isEqualTo("default");
		store(LAYOUT, 1, TIMING).claim(-1);
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(LAYOUT, 2, TIMING, FormatCoexistence.SIDE_BY_SIDE).claim(-1))
			.withMessageContaining("region 2 of the key space snowflake");
	}

	private static boolean recorded(RedisWorkerLeaseStore store) {
		try {
			store.confirmFormat();
			return true;
		}
		catch (StoreMismatchException ex) {
			return false;
		}
	}

	private RedisWorkerLeaseStore store(SnowflakeLayout layout, int region, LeaseTiming timing) {
		return store(layout, region, timing, FormatCoexistence.NONE);
	}

	private RedisWorkerLeaseStore store(SnowflakeLayout layout, int region, LeaseTiming timing,
			FormatCoexistence coexistence) {
		LettuceConnectionFactory factory = RedisLeaseConnections
			.standalone(new RedisStandaloneConfiguration("127.0.0.1", this.redis.port()));
		factory.afterPropertiesSet();
		this.factories.add(factory);
		return RedisWorkerLeaseStore.builder(new StringRedisTemplate(factory), layout)
			.region(region)
			.ttl(Duration.ofSeconds(5))
			.timing(timing)
			.formatCoexistence(coexistence)
			.build();
	}

}
