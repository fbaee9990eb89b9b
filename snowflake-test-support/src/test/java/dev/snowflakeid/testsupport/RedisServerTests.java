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
package dev.snowflakeid.testsupport;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisCommandExecutionException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The Redis launcher against real {@code redis-server} processes: replies of every shape,
 * restarts with and without data, SIGSTOP/SIGCONT and the requests waiting meanwhile,
 * replicas, a Cluster replica joining its primary, a password and logical databases.
 */
@RealProcesses
class RedisServerTests {

	@Test
	void answersInEveryReplyShape() {
		try (RedisServer redis = RedisServer.start()) {
			assertThat(redis.call("SET", "k", "v")).isEqualTo("OK");
			assertThat(redis.call("GET", "k")).isEqualTo("v");
			assertThat(redis.call("GET", "missing")).isNull();
			assertThat(redis.call("DBSIZE")).isEqualTo(1L);
			assertThat(redis.call("KEYS", "*")).isEqualTo(List.of("k"));
			assertThat(redis.call("CONFIG", "GET", "appendonly")).isEqualTo(List.of("appendonly", "no"));
			assertThat(redis.info("server")).contains("tcp_port:" + redis.port());
			assertThatExceptionOfType(RedisCommandExecutionException.class)
				.isThrownBy(() -> redis.call("NOSUCHCOMMAND"));
		}
	}

	@Test
	void restartsEmptyWithoutPersistenceAndWithItsDataFromTheAof() {
		try (RedisServer plain = RedisServer.start(); RedisServer aof = RedisServer.startWithAof()) {
			plain.call("SET", "k", "v");
			aof.call("SET", "k", "v");
			long plainPid = plain.pid();
			plain.kill();
			assertThat(plain.isAlive()).isFalse();
			plain.restart();
			aof.restart();
			assertThat(plain.pid()).isNotEqualTo(plainPid);
			assertThat(plain.call("GET", "k")).isNull();
			assertThat(aof.call("GET", "k")).isEqualTo("v");
			aof.restartEmpty();
			assertThat(aof.call("GET", "k")).isNull();
		}
	}

	@Test
	void restartsFromAnOlderSnapshot() {
		try (RedisServer redis = RedisServer.startWithAof()) {
			redis.call("SET", "k", "old");
			var snapshot = redis.snapshot();
			redis.call("SET", "k", "new");
			redis.restartFrom(snapshot);
			assertThat(redis.call("GET", "k")).isEqualTo("old");
			assertThat(redis.appendOnly()).isFalse();
		}
	}

	@Test
	void suspendedServerAnswersOnlyAfterItResumes() throws Exception {
		try (RedisServer redis = RedisServer.start()) {
			redis.suspend();
			CompletableFuture<Object> ping = CompletableFuture.supplyAsync(() -> redis.call("PING"));
			assertThat(ping).as("no answer while stopped").isNotCompleted();
			await("still no answer after 300 ms").during(Duration.ofMillis(300))
				.atMost(Duration.ofSeconds(2))
				.until(() -> !ping.isDone());
			redis.resume();
			assertThat(ping.get(5, TimeUnit.SECONDS)).isEqualTo("PONG");
		}
	}

	@Test
	void replicaFollowsItsPrimary() {
		try (RedisServer primary = RedisServer.start(); RedisServer replica = RedisTopology.startReplicaOf(primary)) {
			primary.call("SET", "k", "v");
			await("the write reaches the replica").atMost(Duration.ofSeconds(5))
				.until(() -> "v".equals(replica.call("GET", "k")));
			assertThat(replica.info("replication")).contains("role:slave");
		}
	}

	@Test
	void aRequestWaitingAtASuspendedServerShowsAsUnreadBytesOfItsClient() throws Exception {
		try (RedisServer redis = RedisServer.start(); Socket client = new Socket("127.0.0.1", redis.port())) {
			client.setSoTimeout(5_000);
			BufferedReader replies = new BufferedReader(
					new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
			OutputStream requests = client.getOutputStream();
			requests.write("CLIENT SETNAME waiting\r\n".getBytes(StandardCharsets.UTF_8));
			assertThat(replies.readLine()).isEqualTo("+OK");
			List<Integer> ports = redis.clientPortsNamed("waiting");
			assertThat(ports).containsExactly(client.getLocalPort());
			assertThat(redis.unreadBytesFrom(ports)).isZero();
			redis.suspend();
			try {
				requests.write("PING\r\n".getBytes(StandardCharsets.UTF_8));
				await("the request waits in the server's socket").atMost(Duration.ofSeconds(5))
					.until(() -> redis.unreadBytesFrom(ports) == 6);
			}
			finally {
				redis.resume();
			}
			assertThat(replies.readLine()).isEqualTo("+PONG");
			assertThat(redis.unreadBytesFrom(ports)).isZero();
		}
	}

	@Test
	void aClusterReplicaJoinsItsPrimaryAndBothNameTheSlotOwner() {
		try (RedisServer primary = RedisTopology.startClusterNode()) {
			primary.call("CLUSTER", "ADDSLOTSRANGE", "0", "16383");
			await("the one-node cluster is ok").atMost(Duration.ofSeconds(30))
				.until(() -> String.valueOf(primary.call("CLUSTER", "INFO")).contains("cluster_state:ok"));
			try (RedisServer replica = RedisTopology.startClusterReplicaOf(primary)) {
				assertThat(replica.info("replication")).contains("role:slave")
					.contains("master_port:" + primary.port())
					.contains("master_link_status:up");
				assertThat(RedisTopology.slotOwnerPort(primary, "{region}")).isEqualTo(primary.port());
				await("the replica knows the slots").atMost(Duration.ofSeconds(30))
					.until(() -> RedisTopology.slotOwnerPort(replica, "{region}") == primary.port());
			}
		}
	}

	@Test
	void passwordAndDatabasesReachTheAdministrativeConnection() {
		try (RedisServer redis = RedisServer.builder().requirePass("secret").start()) {
			redis.callInDatabase(3, "SET", "k", "v");
			assertThat(redis.callInDatabase(3, "DBSIZE")).isEqualTo(1L);
			assertThat(redis.call("DBSIZE")).isEqualTo(0L);
		}
	}

}
