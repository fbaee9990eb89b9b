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
import java.util.List;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import dev.snowflakeid.testsupport.RedisTopology;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worker leases on a fixed primary with a replica
 * ({@code spring.data.redis.masterreplica.nodes}), listed replica first: every lease
 * command goes to the primary, none to the replica, whatever read-from the application's
 * own client uses. The replica lag limit and the command timeout reach the lease store.
 */
@RealProcesses
class RedisMasterReplicaLeaseTests {

	@Test
	void leaseCommandsGoToThePrimaryWhicheverNodeIsListedFirst() {
		try (RedisServer primary = RedisServer.start(); RedisServer replica = RedisTopology.startReplicaOf(primary)) {
			LeaseApplications.runner(false)
				.withPropertyValues(
						"spring.data.redis.masterreplica.nodes=127.0.0.1:" + replica.port() + ",127.0.0.1:"
								+ primary.port(),
						"spring.data.redis.lettuce.read-from=replica", "snowflake.worker.redis.replicas=1")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
					assertThat((List<?>) primary.call("KEYS", "snowflake:*:lease:*")).hasSize(1);
					assertThat(primary.scriptCalls()).isPositive();
					assertThat(replica.scriptCalls()).isZero();
				});
		}
	}

	@Test
	void theReplicaLagLimitAndTheCommandTimeoutReachTheStore() {
		try (RedisServer primary = RedisServer.start(); RedisServer replica = RedisTopology.startReplicaOf(primary)) {
			LeaseApplications.runner(false)
				.withPropertyValues(
						"spring.data.redis.masterreplica.nodes=127.0.0.1:" + primary.port() + ",127.0.0.1:"
								+ replica.port(),
						"snowflake.worker.redis.replicas=1", "snowflake.worker.redis.max-replica-lag=2s",
						"snowflake.worker.redis.command-timeout=350ms")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					RedisWorkerLeaseStore store = (RedisWorkerLeaseStore) context.getBean(WorkerLeaseStore.class);
					// The store refuses a timing whose failover window its own lag limit
					// does not give, so the
					// window shows the limit it sends to the lease script: 2 s, plus the
					// second INFO rounds to.
					assertThat(store.settings().timing().failoverWindow()).isEqualTo(Duration.ofSeconds(3));
					assertThat(store.settings().timing().requestLateness()).isEqualTo(Duration.ofMillis(350));
					assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
				});
		}
	}

}
