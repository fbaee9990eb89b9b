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

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.tck.LeaseStoreUnderTest;
import dev.snowflakeid.lease.tck.WorkerLeaseStoreTck;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The Redis store runs every rule of the kit, each against a {@code redis-server} of its
 * own, with its faults injected for real: a lapsed lease is its key deleted, a lost state
 * a restart without data, a restored state a restart from an older RDB snapshot. Every
 * client has a connection factory of its own, as separate instances have.
 */
@RealProcesses
class RedisWorkerLeaseStoreTckTests extends WorkerLeaseStoreTck {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(2)
		.sequenceBits(18)
		.build();

	private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(1), Duration.ofMillis(200),
			Duration.ofMillis(300), Duration.ZERO);

	@Override
	protected LeaseStoreUnderTest start() {
		RedisUnderTest redis = new RedisUnderTest(RedisServer.start());
		try {
			redis.passFirstStartQuarantine();
			return redis;
		}
		catch (RuntimeException | Error ex) {
			redis.close();
			throw ex;
		}
	}

	private static final class RedisUnderTest implements LeaseStoreUnderTest {

		private final RedisServer server;

		private final List<LettuceConnectionFactory> factories = new ArrayList<>();

		RedisUnderTest(RedisServer server) {
			this.server = server;
		}

		// The first grant on an empty server is a detected loss: its floor lies a
		// quarantine ahead, and the rules need usable ranges.
		void passFirstStartQuarantine() {
			RedisWorkerLeaseStore store = open();
			LeaseGrant first = store.claim(-1);
			store.release(first, Long.MIN_VALUE);
			Polling.await("the first start's quarantine to pass", Duration.ofSeconds(30))
				.until(() -> serverMillis() > first.floorMillis());
		}

		private long serverMillis() {
			List<?> time = (List<?>) this.server.call("TIME");
			return Long.parseLong(String.valueOf(time.get(0))) * 1000
					+ Long.parseLong(String.valueOf(time.get(1))) / 1000;
		}

		@Override
		public synchronized RedisWorkerLeaseStore open() {
			RedisStandaloneConfiguration configuration = new RedisStandaloneConfiguration("127.0.0.1",
					this.server.port());
			LettuceConnectionFactory factory = RedisLeaseConnections.standalone(configuration);
			factory.afterPropertiesSet();
			this.factories.add(factory);
			return RedisWorkerLeaseStore.builder(new StringRedisTemplate(factory), LAYOUT)
				.region(1)
				.ttl(Duration.ofSeconds(5))
				.timing(TIMING)
				.build();
		}

		@Override
		public int codes() {
			return LAYOUT.maxWorkers();
		}

		@Override
		public void expire(LeaseGrant grant) {
			this.server.call("DEL", open().leaseKey(grant.workerCode()));
		}

		@Override
		public void loseState() {
			this.server.restartEmpty();
		}

		@Override
		public Runnable snapshotState() {
			Path snapshot = this.server.snapshot();
			return () -> this.server.restartFrom(snapshot);
		}

		@Override
		public synchronized void close() {
			this.factories.forEach(LettuceConnectionFactory::destroy);
			this.server.close();
		}

	}

}
