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

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.actuate.SnowflakeHealthIndicator;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.actuate.autoconfigure.SnowflakeHealthContributorAutoConfiguration;
import dev.snowflakeid.redis.autoconfigure.SnowflakeRedisAutoConfiguration;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.testsupport.CompatibilitySubset;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code snowflake.worker.allocator} is read when the application starts, not when its
 * bean definitions are made (which Spring AOT does at build time): every allocator leaves
 * the same bean definitions, and only the selected one acts. Against a real redis-server,
 * so that "static touches no Redis" is checked on the server.
 */
@RealProcesses
@CompatibilitySubset
class WorkerCodeAllocatorSelectionTests {

	private static final String LEASE_CLIENT = "snowflake-lease";

	private final RedisServer redis = RedisServer.start();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(DataRedisAutoConfiguration.class, SnowflakeRedisAutoConfiguration.class,
						SnowflakeAutoConfiguration.class, SnowflakeHealthContributorAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
				// a first claim on an empty Redis waits out the quarantine: keep it near
				// a second
				"snowflake.worker.lease.outage-tolerance=500ms", "snowflake.worker.lease.renew-interval=200ms",
				"snowflake.worker.lease.max-clock-skew=50ms", "snowflake.worker.redis.command-timeout=100ms",
				"snowflake.worker.lease.fleet-lead-limit=1050ms");

	@AfterEach
	void stopRedis() {
		this.redis.close();
	}

	@Test
	void redisByDefaultLeasesFromTheServerAndReleasesOnClose() {
		String[] leaseKey = new String[1];
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			RedisWorkerLeaseStore store = context.getBean(RedisWorkerLeaseStore.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			int code = ids.decode(ids.nextId()).worker();
			leaseKey[0] = store.settings().keys().lease(code);
			assertThat(this.redis.call("EXISTS", leaseKey[0])).isEqualTo(1L);
			assertThat(this.redis.clientsNamed(LEASE_CLIENT)).isEqualTo(1L);
			assertThat(health(context)).containsEntry("allocator", "redis");
			assertThat(context.getBean(UniquenessDomain.class).details()).containsEntry("redis",
					"127.0.0.1:" + this.redis.port());
		});
		assertThat(this.redis.call("EXISTS", leaseKey[0])).as("released through the lease connection on close")
			.isEqualTo(0L);
	}

	@Test
	void staticAtRunTimeNeverConnectsToRedis() {
		this.runner.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=7")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(WorkerLeaseStore.class)).isInstanceOf(StaticWorkerLeaseStore.class);
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.decode(ids.nextId()).worker()).isEqualTo(7);
				assertThat(health(context)).containsEntry("allocator", "static")
					.containsEntry("workerCode", 7)
					.containsEntry("domain", UniquenessDomain.staticCode(null, 7, 0).details());
				assertThat(context.getBeanFactory().containsSingleton("snowflakeLeaseConnection")).isFalse();
				assertThat(this.redis.clientsNamed(LEASE_CLIENT)).isZero();
				assertThat(this.redis.call("DBSIZE")).isEqualTo(0L);
			});
	}

	@Test
	void redisOnlySettingsAreNotCheckedUnlessRedisIsSelected() {
		this.runner.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=7",
				"snowflake.worker.redis.url=rediss://leases.invalid:6391", "snowflake.worker.redis.ssl.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(StaticWorkerLeaseStore.class));
	}

	@Test
	void everyAllocatorLeavesTheSameBeanDefinitions() {
		Set<String> redis = definitions(this.runner);
		assertThat(redis).contains("redisWorkerCodeAllocator", "staticWorkerCodeAllocator", "snowflakeLeaseConnection",
				"snowflakeWorkerLeaseStore");
		assertThat(definitions(
				this.runner.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=7")))
			.isEqualTo(redis);
	}

	private static Set<String> definitions(ApplicationContextRunner runner) {
		Set<String> names = new TreeSet<>();
		runner.run((context) -> {
			assertThat(context).hasNotFailed();
			names.addAll(Set.of(context.getBeanDefinitionNames()));
		});
		return names;
	}

	private static Map<String, Object> health(AssertableApplicationContext context) {
		return context.getBean(SnowflakeHealthIndicator.class).health().getDetails();
	}

}
