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
package dev.snowflakeid.chaos;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class StoreTests {

	@Test
	void jdbcWorkersLeaseFromTheirRegionsPostgreSqlThroughTheGivenPortAndCreateTheTable() {
		assertThat(Store.JDBC.serverName(1)).isEqualTo("postgres1");
		assertThat(Store.JDBC.workerArguments(40123)).containsExactly("--snowflake.worker.allocator=jdbc",
				"--snowflake.worker.jdbc.url=jdbc:postgresql://127.0.0.1:40123/postgres",
				"--snowflake.worker.jdbc.username=postgres", "--snowflake.worker.jdbc.initialize-schema=always");
	}

	@Test
	void redisWorkersKeepTheDefaultAllocator() {
		assertThat(Store.REDIS.serverName(0)).isEqualTo("redis0");
		assertThat(Store.REDIS.workerArguments(40123)).containsExactly("--spring.data.redis.host=127.0.0.1",
				"--spring.data.redis.port=40123");
	}

	@Test
	void aServerFaultHitsEveryWorkerOfItsRegionAndAWorkerFaultItsTargetOnly() {
		Checker.SlotStats r0w1 = new Checker.SlotStats("r0w1", 0, 1);
		assertThat(Store.JDBC.affects(incident("postgres0"), r0w1)).isTrue();
		assertThat(Store.JDBC.affects(incident("postgres1"), r0w1)).isFalse();
		assertThat(Store.JDBC.affects(incident("r0w1"), r0w1)).isTrue();
		assertThat(Store.JDBC.affects(incident("r0w0"), r0w1)).isFalse();
	}

	@Test
	void theStoreIsNamedInEitherCase() {
		assertThat(Store.named("jdbc")).isSameAs(Store.JDBC);
		assertThat(Store.named("REDIS")).isSameAs(Store.REDIS);
		assertThatIllegalArgumentException().isThrownBy(() -> Store.named("mongodb"))
			.withMessageContaining("redis or jdbc");
	}

	private static Incident incident(String target) {
		return new Incident("ANY", target, 0, 0, "");
	}

}
