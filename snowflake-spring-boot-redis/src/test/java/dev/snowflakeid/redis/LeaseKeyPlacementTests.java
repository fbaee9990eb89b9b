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
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the lease keys land, against real {@code redis-server} processes: the credentials
 * and the logical database of the application's Redis ({@code spring.data.redis.*}) or of
 * a separate lease Redis ({@code snowflake.worker.redis.*}) reach the lease connection,
 * the key prefix and namespace name the keys, and {@code snowflake.worker.lease.ttl} sets
 * how long a lease key outlives its last renewal.
 */
@RealProcesses
class LeaseKeyPlacementTests {

	@Test
	void theApplicationsUserPasswordAndDatabaseReachTheLeaseConnection() {
		try (RedisServer redis = RedisServer.builder().requirePass("admin-secret").start()) {
			redis.call("ACL", "SETUSER", "orders", "on", ">orders-secret", "~*", "+@all");
			LeaseApplications.runner(false)
				.withPropertyValues("spring.data.redis.port=" + redis.port(), "spring.data.redis.username=orders",
						"spring.data.redis.password=orders-secret", "spring.data.redis.database=3")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
					assertThat(keys(redis, 3, "snowflake:*")).contains("snowflake:{default:0}:state")
						.anyMatch((key) -> key.startsWith("snowflake:{default:0}:lease:"));
					assertThat(keys(redis, 0, "*")).as("database 0").isEmpty();
					assertThat(leaseClient(redis)).contains(" user=orders ", " db=3 ");
				});
		}
	}

	@Test
	void aSeparateLeaseRedisGetsItsOwnUserPasswordAndDatabase() {
		try (RedisServer application = RedisServer.start();
				RedisServer leases = RedisServer.builder().requirePass("admin-secret").start()) {
			leases.call("ACL", "SETUSER", "leases", "on", ">lease-secret", "~snowflake:*", "+@all");
			LeaseApplications.runner(false)
				.withPropertyValues("spring.data.redis.port=" + application.port(),
						"snowflake.worker.redis.host=127.0.0.1", "snowflake.worker.redis.port=" + leases.port(),
						"snowflake.worker.redis.username=leases", "snowflake.worker.redis.password=lease-secret",
						"snowflake.worker.redis.database=5")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					assertThat(keys(leases, 5, "snowflake:*")).contains("snowflake:{default:0}:state");
					assertThat(keys(leases, 0, "*")).isEmpty();
					assertThat(keys(application, 0, "*")).as("the application's Redis").isEmpty();
					assertThat(leaseClient(leases)).contains(" user=leases ", " db=5 ");
				});
		}
	}

	@Test
	void theKeyPrefixAndTheNamespaceNameTheKeys() {
		try (RedisServer redis = RedisServer.start()) {
			LeaseApplications.runner(false)
				.withPropertyValues("spring.data.redis.port=" + redis.port(), "snowflake.worker.redis.key-prefix=acme",
						"snowflake.worker.redis.namespace=orders", "snowflake.region=2")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					int code = context.getBean(IdGenerator.class)
						.decode(context.getBean(IdGenerator.class).nextId())
						.worker();
					assertThat(keys(redis, 0, "*")).containsExactlyInAnyOrder("acme:{orders:2}:state",
							"acme:{orders:2}:witness", "acme:{orders:2}:lease:" + code, "acme:format");
				});
		}
	}

	@Test
	void theLeaseKeyExpiresTheConfiguredTtlAfterEachRenewal() {
		Duration ttl = Duration.ofMillis(7_300);
		try (RedisServer redis = RedisServer.start()) {
			LeaseApplications.runner(false)
				.withPropertyValues("spring.data.redis.port=" + redis.port(), "snowflake.worker.lease.ttl=7300ms")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					int code = context.getBean(IdGenerator.class)
						.decode(context.getBean(IdGenerator.class).nextId())
						.worker();
					long start = System.nanoTime();
					context.getBean(WorkerLeaseKeeper.class).renewNow();
					long remaining = (Long) redis.call("PTTL", "snowflake:{default:0}:lease:" + code);
					long elapsed = Duration.ofNanos(System.nanoTime() - start).toMillis();
					// The renewal set the expiry to Redis time plus the ttl, at most the
					// elapsed time ago.
					assertThat(remaining).isLessThanOrEqualTo(ttl.toMillis())
						.isGreaterThanOrEqualTo(ttl.toMillis() - elapsed - 1);
				});
		}
	}

	@SuppressWarnings("unchecked")
	private static List<String> keys(RedisServer redis, int database, String pattern) {
		return (List<String>) redis.callInDatabase(database, "KEYS", pattern);
	}

	private static String leaseClient(RedisServer redis) {
		return String.valueOf(redis.call("CLIENT", "LIST"))
			.lines()
			.filter((line) -> line.contains(" name=snowflake-lease "))
			.findFirst()
			.map((line) -> line + " ")
			.orElseThrow(() -> new AssertionError("no lease connection in CLIENT LIST"));
	}

}
