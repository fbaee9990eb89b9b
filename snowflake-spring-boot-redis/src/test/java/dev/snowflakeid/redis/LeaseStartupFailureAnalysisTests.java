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

import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.lease.WorkerLeaseException.ClockBehindException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each way the lease store can refuse a starting application, against real
 * {@code redis-server} processes: the context fails for that reason, and the failure
 * analysis Spring Boot prints names the property to change and the fix. (A clock farther
 * from Redis's than the allowed skew needs a stepped clock:
 * {@code ClockStepProcessTests}.)
 */
@RealProcesses
class LeaseStartupFailureAnalysisTests {

	private RedisServer redis;

	@AfterEach
	void stopRedis() {
		if (this.redis != null) {
			this.redis.close();
		}
	}

	private ApplicationContextRunner runner(RedisServer server) {
		return LeaseApplications.runner(false).withPropertyValues("spring.data.redis.port=" + server.port());
	}

	@Test
	void unreachableRedisIsNamedWithTheSettingsThatNameIt() {
		int port = FreePorts.loopback();
		long start = System.nanoTime();
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + port,
					"snowflake.worker.lease.startup-wait-budget=" + LeaseApplications.SHORTEST_BUDGET)
			.run((context) -> {
				assertThat(Duration.ofNanos(System.nanoTime() - start)).as("waited for the budget")
					.isGreaterThanOrEqualTo(Duration.ofSeconds(5));
				FailureAnalysis analysis = LeaseApplications.analyze(context, RedisUnreachableException.class);
				assertThat(analysis.getDescription())
					.startsWith(
							"Worker leases could not reach their Redis at " + "startup: the lease Redis at 127.0.0.1:"
									+ port + " could not be reached within the startup " + "wait budget of 5000 ms (")
					.contains("Connection refused");
				assertThat(analysis.getAction()).startsWith("Check that Redis runs at 127.0.0.1:" + port
						+ " and that spring.data.redis.host and spring.data.redis.port (or spring.data.redis.url) name it")
					.contains("raise snowflake.worker.lease.startup-wait-budget from 5000ms, such as to 60s")
					.contains("raise snowflake.worker.redis.connect-timeout from 3000ms, such as to 10s")
					.contains("snowflake.worker.allocator=static");
			});
	}

	@Test
	void unreachableSentinelsAndClusterNodesAreNamed() {
		int first = FreePorts.loopback();
		int second = FreePorts.loopback();
		LeaseApplications.runner(false)
			.withPropertyValues("snowflake.worker.redis.sentinel.master=leases",
					"snowflake.worker.redis.sentinel.nodes=127.0.0.1:" + first + ",127.0.0.1:" + second,
					"snowflake.worker.lease.startup-wait-budget=" + LeaseApplications.SHORTEST_BUDGET)
			.run((context) -> {
				FailureAnalysis analysis = LeaseApplications.analyze(context, RedisUnreachableException.class);
				assertThat(analysis.getDescription()).contains("the lease Redis at primary 'leases' of the sentinels "
						+ "127.0.0.1:" + first + ", 127.0.0.1:" + second + " could not be reached");
				assertThat(analysis.getAction()).contains("snowflake.worker.redis.sentinel.master and "
						+ "snowflake.worker.redis.sentinel.nodes name it");
			});
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.cluster.nodes=127.0.0.1:" + first + ",127.0.0.1:" + second,
					"snowflake.worker.lease.startup-wait-budget=" + LeaseApplications.SHORTEST_BUDGET)
			.run((context) -> {
				FailureAnalysis analysis = LeaseApplications.analyze(context, RedisUnreachableException.class);
				assertThat(analysis.getDescription()).contains("the lease Redis at Redis Cluster nodes 127.0.0.1:"
						+ first + ", 127.0.0.1:" + second + " could not be reached");
				assertThat(analysis.getAction()).contains("spring.data.redis.cluster.nodes name it");
			});
	}

	@Test
	void noFreeWorkerCode() {
		this.redis = RedisServer.start();
		// two worker codes: worker-bits 1, the sequence takes what the layout leaves
		ApplicationContextRunner twoCodes = runner(this.redis).withPropertyValues("snowflake.layout.worker-bits=1",
				"snowflake.layout.sequence-bits=19");
		twoCodes.run((first) -> twoCodes.run((second) -> {
			assertThat(first).hasNotFailed();
			assertThat(second).hasNotFailed();
			twoCodes
				.withPropertyValues("snowflake.worker.lease.startup-wait-budget=" + LeaseApplications.SHORTEST_BUDGET)
				.run((third) -> {
					FailureAnalysis analysis = LeaseApplications.analyze(third, NoFreeWorkerCodeException.class);
					assertThat(analysis.getDescription()).contains("No free worker code")
						.contains("snowflake.worker.lease.startup-wait-budget");
					assertThat(analysis.getAction()).contains("region 0", "snowflake.layout.worker-bits",
							"snowflake.worker.lease.startup-wait-budget", "snowflake.worker.redis.namespace");
				});
		}));
	}

	@Test
	void aStartupBudgetShorterThanTheQuarantineIsRefusedBeforeTheFirstClaim() {
		// A first start on an empty Redis is a detected data loss: the floor lies the
		// quarantine ahead, so a
		// budget that cannot wait it out is a configuration error, reported before
		// anything is written.
		this.redis = RedisServer.start();
		runner(this.redis).withPropertyValues("snowflake.worker.lease.startup-wait-budget=500ms").run((context) -> {
			FailureAnalysis analysis = LeaseApplications.analyze(context, InvalidSnowflakeConfigurationException.class);
			assertThat(analysis.getDescription()).contains("startup wait budget PT0.5S is shorter than the PT5S")
				.contains("(property 'snowflake.worker.lease.startup-wait-budget')");
			assertThat(analysis.getAction()).startsWith("Set snowflake.worker.lease.startup-wait-budget to "
					+ LeaseApplications.SHORTEST_BUDGET + " or more");
		});
		assertThat(this.redis.call("DBSIZE")).isEqualTo(0L);
	}

	@Test
	void aClockBehindTheFloorIsExplained() {
		// a clock stepped back below a code's high-water mark, further than the budget
		// lets it wait
		FailureAnalysis analysis = LeaseApplications
			.analyze(new ClockBehindException("wall clock is 40001 ms behind the floor", 40_001));
		assertThat(analysis.getDescription()).contains("behind the high-water mark of the worker code");
		assertThat(analysis.getAction()).contains("NTP", "40001 ms must pass",
				"snowflake.worker.lease.startup-wait-budget");
	}

	@Test
	void anotherLayoutInTheSameNamespace() {
		this.redis = RedisServer.start();
		runner(this.redis).run((first) -> {
			assertThat(first).hasNotFailed();
			runner(this.redis)
				.withPropertyValues("snowflake.layout.timestamp-bits=40", "snowflake.layout.worker-bits=9",
						"snowflake.layout.required-lifetime=30y")
				.run((second) -> {
					FailureAnalysis analysis = LeaseApplications.analyze(second, StoreMismatchException.class);
					assertThat(analysis.getDescription()).contains("disagrees with this instance")
						.contains("issues IDs of format '41/2/8/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z'")
						.contains("give '40/2/9/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z'");
					assertThat(analysis.getAction())
						.contains("snowflake.layout.*", "snowflake.epoch", "snowflake.worker.redis.command-timeout",
								"snowflake.worker.redis.namespace")
						.contains(
								"Another ID format runs beside the recorded one only in a region no instance has used, "
										+ "with snowflake.worker.redis.format-coexistence=side-by-side")
						.contains("any other new format needs a key space whose IDs never meet these");
					// region 0 is used: whatever the setting, a region keeps its format
					assertThat(analysis.getDescription()).contains("a region keeps the format it was first used with");
				});
		});
	}

	@Test
	void theOldRollingLayoutChangeInANewNamespaceAndRegionIsRefused() {
		// 41/2/8/12 region 0 code 128 + w and 41/3/7/12 region 1 code w encode the same
		// 64-bit value at every
		// tick: the layout change the README once advised must not start.
		this.redis = RedisServer.start();
		runner(this.redis).run((first) -> {
			assertThat(first).hasNotFailed();
			runner(this.redis)
				.withPropertyValues("snowflake.layout.region-bits=3", "snowflake.layout.worker-bits=7",
						"snowflake.region=1", "snowflake.worker.redis.namespace=next")
				.run((second) -> assertThat(
						LeaseApplications.analyze(second, StoreMismatchException.class).getDescription())
					.contains("issues IDs of format '41/2/8/12"));
		});
	}

	@Test
	void anEpochMovedByADayIsRefused() {
		this.redis = RedisServer.start();
		runner(this.redis).run((first) -> {
			assertThat(first).hasNotFailed();
			runner(this.redis).withPropertyValues("snowflake.epoch=2026-01-02T00:00:00Z")
				.run((second) -> assertThat(
						LeaseApplications.analyze(second, StoreMismatchException.class).getDescription())
					.contains("epoch=2026-01-02T00:00:00Z"));
		});
	}

	@Test
	void aSecondNamespaceInARegionIsRefused() {
		this.redis = RedisServer.start();
		runner(this.redis).run((first) -> {
			assertThat(first).hasNotFailed();
			runner(this.redis).withPropertyValues("snowflake.worker.redis.namespace=reporting").run((second) -> {
				FailureAnalysis analysis = LeaseApplications.analyze(second, StoreMismatchException.class);
				assertThat(analysis.getDescription()).contains("region 0 of the key space snowflake belongs to "
						+ "namespace 'default', but this instance uses namespace 'reporting'");
			});
			runner(this.redis).withPropertyValues("snowflake.worker.redis.namespace=reporting", "snowflake.region=1")
				.run((other) -> assertThat(other).hasNotFailed());
		});
	}

}
