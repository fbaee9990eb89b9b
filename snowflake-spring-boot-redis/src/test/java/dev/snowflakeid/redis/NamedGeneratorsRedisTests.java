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
import java.util.Arrays;
import java.util.stream.LongStream;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.redis.autoconfigure.SnowflakeRedisAutoConfiguration;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Named generators on a real Redis: the default generator and two named ones lease a code
 * each, in their own regions of one key space, through the one lease connection (one
 * client named {@code snowflake-lease}), renewed on the one renewal thread; their IDs are
 * disjoint.
 */
@RealProcesses
class NamedGeneratorsRedisTests {

	private static final int IDS = 50_000;

	private final RedisServer redis = RedisServer.start();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class,
				SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
				"snowflake.generators.orders.region=1", "snowflake.generators.billing.region=2");

	@AfterEach
	void stopRedis() {
		this.redis.close();
	}

	@Test
	void everyGeneratorLeasesThroughOneConnectionAndRenewsOnOneThread() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			SnowflakeGenerators generators = context.getBean(SnowflakeGenerators.class);
			IdGenerator standard = context.getBean(IdGenerator.class);
			IdGenerator orders = context.getBean("orders", IdGenerator.class);
			IdGenerator billing = context.getBean("billing", IdGenerator.class);
			long[] ids = LongStream.concat(LongStream.concat(issue(standard), issue(orders)), issue(billing)).toArray();
			assertThat(Arrays.stream(ids).distinct().count()).isEqualTo(3L * IDS);
			assertThat(standard.decode(ids[0]).region()).isZero();
			assertThat(orders.decode(ids[IDS]).region()).isOne();
			assertThat(billing.decode(ids[2 * IDS]).region()).isEqualTo(2);
			assertThat(generators.domain("orders"))
				.isEqualTo(UniquenessDomain.redis("127.0.0.1:" + this.redis.port(), 0, "snowflake", "default", 1));

			assertThat(this.redis.clientsNamed("snowflake-lease")).isOne();
			assertThat(Thread.getAllStackTraces().keySet())
				.filteredOn((thread) -> thread.getName().equals("snowflake-lease-keeper"))
				.hasSize(1);
			// Every keeper's rounds run on that thread: each raises its ceiling.
			SnowflakeWorker[] workers = { context.getBean(SnowflakeWorker.class), generators.worker("orders"),
					generators.worker("billing") };
			long[] ceilings = Arrays.stream(workers).mapToLong(NamedGeneratorsRedisTests::ceiling).toArray();
			Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
				for (int i = 0; i < workers.length; i++) {
					assertThat(ceiling(workers[i])).isGreaterThan(ceilings[i]);
				}
			});
		});
	}

	private static long ceiling(SnowflakeWorker worker) {
		WorkerLease lease = worker.keeper().currentLease();
		assertThat(lease).isNotNull();
		return lease.highestCeilingMillis();
	}

	private static LongStream issue(IdGenerator ids) {
		return LongStream.range(0, IDS).map((i) -> ids.nextId());
	}

}
