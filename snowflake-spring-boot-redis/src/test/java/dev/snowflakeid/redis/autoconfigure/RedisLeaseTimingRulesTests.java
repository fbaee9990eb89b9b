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
package dev.snowflakeid.redis.autoconfigure;

import java.time.Duration;

import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The timing rules of {@code snowflake.worker.redis.*}, failing with the core's rules and
 * wording.
 */
class RedisLeaseTimingRulesTests {

	@Test
	void theConnectTimeoutOfTheRedisAllocatorFailsWithTheCoreRuleNamingTheProperty() {
		SnowflakeProperties properties = new SnowflakeProperties();
		SnowflakeRedisProperties redis = new SnowflakeRedisProperties();
		redis.setConnectTimeout(Duration.ZERO);
		assertThatExceptionOfType(InvalidSnowflakeConfigurationException.class)
			.isThrownBy(() -> RedisLeaseTimingRules.storeTiming(properties.getWorker().getLease(), redis))
			.satisfies((failure) -> {
				assertThat(failure.property()).isEqualTo("snowflake.worker.redis.connect-timeout");
				assertThat(failure.getMessage())
					.contains("snowflake.worker.redis.connect-timeout must be positive but was PT0S");
				assertThat(failure.action()).isEqualTo(
						"Set snowflake.worker.redis.connect-timeout to a positive duration in whole milliseconds.");
			});
	}

	@Test
	void replicaSettingsOfTheRedisAllocatorFailWithTheCoreRuleNamingTheProperty() {
		SnowflakeProperties properties = new SnowflakeProperties();
		SnowflakeRedisProperties redis = new SnowflakeRedisProperties();
		redis.setReplicas(-1);
		assertThatExceptionOfType(InvalidSnowflakeConfigurationException.class)
			.isThrownBy(() -> RedisLeaseTimingRules.storeTiming(properties.getWorker().getLease(), redis))
			.satisfies((failure) -> {
				assertThat(failure.property()).isEqualTo("snowflake.worker.redis.replicas");
				assertThat(failure.getMessage()).contains("replicas must be zero or positive but was -1");
				assertThat(failure.action()).isEqualTo("Set snowflake.worker.redis.replicas to 0 for a primary "
						+ "without replicas, or to the number of replicas each primary has.");
			});
		redis.setReplicas(2);
		redis.setMaxReplicaLag(Duration.ofMillis(1500));
		assertThatExceptionOfType(InvalidSnowflakeConfigurationException.class)
			.isThrownBy(() -> RedisLeaseTimingRules.storeTiming(properties.getWorker().getLease(), redis))
			.satisfies((failure) -> {
				assertThat(failure.property()).isEqualTo("snowflake.worker.redis.max-replica-lag");
				assertThat(failure.getMessage()).contains("max replica lag must be a whole number of seconds, at least "
						+ "1 s (Redis reports replica lag in seconds, and an idle, healthy replica reports lag 1 in "
						+ "about half of all samples) but was PT1.5S");
				assertThat(failure.action()).isEqualTo(
						"Set snowflake.worker.redis.max-replica-lag to whole seconds, at least 1s (the default).");
			});
		redis.setMaxReplicaLag(Duration.ofSeconds(2));
		assertThat(RedisLeaseTimingRules.storeTiming(properties.getWorker().getLease(), redis).failoverWindow())
			.hasSeconds(3);
	}

}
