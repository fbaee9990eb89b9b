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
package dev.snowflakeid.sample;

import java.nio.file.Path;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.redis.SnowflakeRedisAutoConfiguration;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A newcomer tries the sample on their Redis, stops it, and starts their own service with
 * the starter's defaults on that Redis: it comes up. The sample's demo timings (outage
 * tolerance 3 s, fleet lead limit 6.3 s) are recorded in a key space of the sample's own,
 * never in the one a service with the defaults uses.
 */
@RealProcesses
class SampleRedisDomainTests {

	@TempDir
	Path logs;

	@Test
	void aServiceWithTheDefaultsComesUpOnARedisTheSampleHasUsed() {
		try (RedisServer redis = RedisServer.start()) {
			try (SampleProcess sample = SampleProcess.app(this.logs, "sample",
					"--spring.data.redis.port=" + redis.port(),
					"--spring.datasource.url=jdbc:h2:mem:domain;DB_CLOSE_DELAY=-1")) {
				sample.awaitUp();
			}
			assertThat(redis.call("HGET", "sample-orders:format", "limit")).as("the demo's fleet lead limit")
				.isEqualTo("6300");
			assertThat(redis.call("EXISTS", "snowflake:format")).as("the default key space, untouched").isEqualTo(0L);
			new ApplicationContextRunner()
				.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class,
						SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
				.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + redis.port())
				.run((service) -> {
					assertThat(service).hasNotFailed();
					assertThat(service.getBean(IdGenerator.class).nextId()).isPositive();
				});
		}
	}

}
