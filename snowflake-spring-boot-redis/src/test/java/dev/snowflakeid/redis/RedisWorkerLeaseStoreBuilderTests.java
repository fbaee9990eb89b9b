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
import java.util.function.UnaryOperator;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseTiming;
import io.lettuce.core.ReadFrom;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The store's settings are checked when it is built, before any connection is made: each
 * refusal names the setting and the value.
 */
class RedisWorkerLeaseStoreBuilderTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.defaults();

	// never started: building a store makes no connection
	private final LettuceConnectionFactory factory = new LettuceConnectionFactory(new RedisStandaloneConfiguration());

	@Test
	void keysOfARegionShareOneHashTagAndAreNamedInOnePlace() {
		RedisWorkerLeaseStore store = build((builder) -> builder.keyPrefix("ids").namespace("orders").region(2));
		assertThat(store.leaseKey(17)).isEqualTo("ids:{orders:2}:lease:17");
		assertThat(store.settings().keys().state()).isEqualTo("ids:{orders:2}:state");
		assertThat(store.settings().keys().guard()).isEqualTo("ids:{orders:2}:guard");
		assertThat(store.settings().keys()).hasToString("ids:{orders:2}:*");
		assertThat(store.keyPrefix()).isEqualTo("ids");
		assertThat(store.namespace()).isEqualTo("orders");
		assertThat(store.region()).isEqualTo(2);
	}

	@Test
	void defaultsComeFromRedisLeaseDefaults() {
		RedisWorkerLeaseStore store = build(UnaryOperator.identity());
		assertThat(store.keyPrefix()).isEqualTo(RedisLeaseDefaults.KEY_PREFIX);
		assertThat(store.namespace()).isEqualTo(RedisLeaseDefaults.NAMESPACE);
		assertThat(store.settings().ttl()).isEqualTo(RedisLeaseDefaults.TTL);
		assertThat(store.settings().timing()).isEqualTo(LeaseTiming.defaults());
	}

	@Test
	void eachInvalidSettingIsRefusedNamingIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> build((builder) -> builder.namespace("a{b}")))
			.withMessageContaining("namespace 'a{b}' must not contain '{' or '}'");
		assertThatIllegalArgumentException().isThrownBy(() -> build((builder) -> builder.keyPrefix("")))
			.withMessage("key prefix must not be empty");
		assertThatIllegalArgumentException().isThrownBy(() -> build((builder) -> builder.ttl(Duration.ZERO)))
			.withMessage("lease ttl must be positive but was PT0S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> build((builder) -> builder.commandTimeout(Duration.ofNanos(1_500_000))))
			.withMessage("command timeout must be a whole number of milliseconds but was PT0.0015S");
		assertThatIllegalArgumentException().isThrownBy(() -> build((builder) -> builder.replicas(-1)))
			.withMessage("replicas must be zero or positive but was -1");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> build((builder) -> builder.maxReplicaLag(Duration.ofMillis(1500))))
			.withMessage(
					"max replica lag must be a whole number of seconds, at least 1 s (Redis reports replica lag in "
							+ "seconds, and an idle, healthy replica reports lag 1 in about half of all samples) but was PT1.5S");
		assertThatIllegalArgumentException().isThrownBy(() -> build((builder) -> builder.replicas(2)))
			.withMessageContaining("lease timing assumes a failover window of PT0S but 2 replicas with a lag limit of "
					+ "PT1S give PT2S");
	}

	@Test
	void withReplicasTheFactoryMustReadFromThePrimary() {
		LeaseTiming replicated = new LeaseTiming(LeaseTiming.DEFAULT_OUTAGE_TOLERANCE,
				LeaseTiming.DEFAULT_RENEW_INTERVAL, LeaseTiming.DEFAULT_MAX_CLOCK_SKEW,
				LeaseTiming.replicaFailoverWindow(1, RedisLeaseDefaults.MAX_REPLICA_LAG));
		LettuceConnectionFactory replicaPreferred = new LettuceConnectionFactory(new RedisStandaloneConfiguration(),
				LettuceClientConfiguration.builder().readFrom(ReadFrom.REPLICA_PREFERRED).build());
		assertThatIllegalArgumentException().isThrownBy(
				() -> RedisWorkerLeaseStore.builder(replicaPreferred, LAYOUT).timing(replicated).replicas(1).build())
			.withMessageContaining("reads from the primary (ReadFrom.UPSTREAM");
		LettuceConnectionFactory upstream = new LettuceConnectionFactory(new RedisStandaloneConfiguration(),
				LettuceClientConfiguration.builder().readFrom(ReadFrom.UPSTREAM).build());
		assertThat(RedisWorkerLeaseStore.builder(upstream, LAYOUT).timing(replicated).replicas(1).build().region())
			.isZero();
	}

	private RedisWorkerLeaseStore build(UnaryOperator<RedisWorkerLeaseStore.Builder> settings) {
		return settings.apply(RedisWorkerLeaseStore.builder(this.factory, LAYOUT)).build();
	}

}
