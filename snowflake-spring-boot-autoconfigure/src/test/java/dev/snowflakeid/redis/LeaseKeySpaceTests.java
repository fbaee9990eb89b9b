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
import dev.snowflakeid.lease.StoreMismatchException;
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
 * The key space's format record and a region's timing against a real {@code redis-server}: a record lost beside
 * a region state of another format is not made again, of two first starts with different formats only one
 * records its format, and other lease timing takes a region over only once no lease of the recorded timing can
 * be in use, starting above every old ceiling.
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
		// an instance of the format the state records makes it again, with the region's namespace
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
		LettuceConnectionFactory factory = RedisLeaseConnections
			.standalone(new RedisStandaloneConfiguration("127.0.0.1", this.redis.port()));
		factory.afterPropertiesSet();
		this.factories.add(factory);
		return RedisWorkerLeaseStore.builder(new StringRedisTemplate(factory), layout)
			.region(region)
			.ttl(Duration.ofSeconds(5))
			.timing(timing)
			.build();
	}

}
