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

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.LongStream;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.actuate.SnowflakeEndpoint;
import dev.snowflakeid.actuate.SnowflakeHealthIndicator;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.actuate.autoconfigure.SnowflakeEndpointAutoConfiguration;
import dev.snowflakeid.actuate.autoconfigure.SnowflakeHealthContributorAutoConfiguration;
import dev.snowflakeid.redis.autoconfigure.SnowflakeRedisAutoConfiguration;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Applications with different names on one Redis database share one uniqueness domain
 * unless they configure a namespace: with one worker bit (two codes) "orders" and
 * "billing" hold different codes and issue disjoint IDs, and a third application finds no
 * free code instead of sharing one. The log line, the health details and the endpoint
 * name the domain.
 */
@RealProcesses
@ExtendWith(OutputCaptureExtension.class)
class SharedRedisDomainTests {

	private static final int IDS = 200_000;

	private final RedisServer redis = RedisServer.start();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class,
				SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class,
				SnowflakeHealthContributorAutoConfiguration.class, SnowflakeEndpointAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
				"snowflake.layout.worker-bits=1", "snowflake.layout.sequence-bits=19",
				"management.endpoints.web.exposure.include=snowflake");

	@AfterEach
	void stopRedis() {
		this.redis.close();
	}

	@Test
	void twoApplicationsWithDifferentNamesNeverIssueTheSameId(CapturedOutput output) {
		UniquenessDomain expected = UniquenessDomain.redis("127.0.0.1:" + this.redis.port(), 0, "snowflake", "default",
				0);
		this.runner.withPropertyValues("spring.application.name=orders").run((orders) -> {
			assertThat(orders).hasNotFailed();
			this.runner.withPropertyValues("spring.application.name=billing").run((billing) -> {
				assertThat(billing).hasNotFailed();
				IdGenerator a = orders.getBean(IdGenerator.class);
				IdGenerator b = billing.getBean(IdGenerator.class);
				CompletableFuture<long[]> fromA = CompletableFuture.supplyAsync(() -> issue(a));
				long[] fromB = issue(b);
				long[] idsA = fromA.join();
				assertThat(a.decode(idsA[0]).worker()).isNotEqualTo(b.decode(fromB[0]).worker());
				assertThat(LongStream.concat(Arrays.stream(idsA), Arrays.stream(fromB)).distinct().count())
					.as("distinct IDs of 2 x %d", IDS)
					.isEqualTo(2L * IDS);

				for (AssertableApplicationContext context : new AssertableApplicationContext[] { orders, billing }) {
					assertThat(context.getBean(UniquenessDomain.class)).isEqualTo(expected);
					assertThat(context.getBean(SnowflakeHealthIndicator.class).health().getDetails())
						.containsEntry("domain", Map.of("redis", "127.0.0.1:" + this.redis.port(), "database", 0,
								"keyPrefix", "snowflake", "namespace", "default", "region", 0));
					assertThat(context.getBean(SnowflakeEndpoint.class).snowflake().domain())
						.isEqualTo(expected.details());
				}
				assertThat(output).contains("IDs are unique within the domain [Redis 127.0.0.1:" + this.redis.port()
						+ " database 0, key prefix 'snowflake', namespace 'default', region 0]");

				// Both codes are held: a third application waits for one (17 s, the
				// shortest budget that covers a
				// first start with the default timing), then fails, and never shares.
				this.runner
					.withPropertyValues("spring.application.name=shipping",
							"snowflake.worker.lease.startup-wait-budget=17s")
					.run((shipping) -> assertThat(shipping).hasFailed()
						.getFailure()
						.rootCause()
						.isInstanceOf(NoFreeWorkerCodeException.class));
			});
		});
	}

	@Test
	void aConfiguredNamespaceIsASeparateDomainThatTheHealthDetailsName() {
		this.runner.withPropertyValues("snowflake.worker.redis.namespace=reporting", "snowflake.region=1")
			.run((context) -> {
				assertThat(context.getBean(UniquenessDomain.class)).hasToString("Redis 127.0.0.1:" + this.redis.port()
						+ " database 0, key prefix 'snowflake', namespace 'reporting', region 1");
				assertThat(context.getBean(SnowflakeHealthIndicator.class).health().getDetails().get("domain"))
					.isEqualTo(Map.of("redis", "127.0.0.1:" + this.redis.port(), "database", 0, "keyPrefix",
							"snowflake", "namespace", "reporting", "region", 1));
			});
	}

	private static long[] issue(IdGenerator ids) {
		long[] issued = new long[IDS];
		for (int i = 0; i < IDS; i++) {
			issued[i] = ids.nextId();
		}
		return issued;
	}

}
