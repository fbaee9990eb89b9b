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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal.Status;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.testsupport.FaultProxy;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import io.lettuce.core.ClientOptions.DisconnectedBehavior;
import io.lettuce.core.ClientOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static dev.snowflakeid.redis.LeaseApplications.loopback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The lease connection settings under real faults: commands fail fast while Redis is
 * unreachable and are never buffered or replayed once it is back.
 */
@RealProcesses
class RedisLeaseConnectionsTests {

	private static final Duration TIMEOUT = RedisLeaseDefaults.COMMAND_TIMEOUT;

	/** Timeout plus scheduling slack on a busy two-core machine. */
	private static final Duration FAST = Duration.ofMillis(1_000);

	private RedisServer server;

	private FaultProxy proxy;

	private LettuceConnectionFactory connections;

	@AfterEach
	void cleanUp() {
		if (this.connections != null) {
			this.connections.destroy();
		}
		if (this.proxy != null) {
			this.proxy.close();
		}
		if (this.server != null) {
			this.server.close();
		}
	}

	private RedisWorkerLeaseStore store(LettuceConnectionFactory factory) {
		factory.afterPropertiesSet();
		this.connections = factory;
		return RedisWorkerLeaseStore.builder(factory, SnowflakeLayout.defaults())
			.ttl(Duration.ofSeconds(5))
			.timing(new LeaseTiming(Duration.ofMillis(200), Duration.ofMillis(50), Duration.ofMillis(50), Duration.ZERO,
					Duration.ofSeconds(1)))
			.commandTimeout(Duration.ofSeconds(5))
			.build();
	}

	private long leaseKeys() {
		@SuppressWarnings("unchecked")
		List<String> keys = (List<String>) this.server.call("KEYS", "*:lease:*");
		return keys.size();
	}

	/** How long {@code action} took to be refused; fails if it was not. */
	private static Duration refusalTime(Runnable action) {
		long start = System.nanoTime();
		assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(action::run);
		return Duration.ofNanos(System.nanoTime() - start);
	}

	@Test
	void factoriesCarryTheLeaseClientSettings() {
		LettuceConnectionFactory standalone = RedisLeaseConnections
			.standalone(new RedisStandaloneConfiguration("127.0.0.1", 1));
		ClientOptions options = standalone.getClientConfiguration().getClientOptions().orElseThrow();
		assertThat(standalone.getClientConfiguration().getCommandTimeout()).isEqualTo(TIMEOUT);
		assertThat(options.getDisconnectedBehavior()).isEqualTo(DisconnectedBehavior.REJECT_COMMANDS);
		assertThat(options.isAutoReconnect()).isTrue();
		assertThat(options.getSocketOptions().getConnectTimeout()).as("a connect timeout of its own")
			.isEqualTo(RedisLeaseDefaults.CONNECT_TIMEOUT)
			.isEqualTo(Duration.ofSeconds(3));
		LettuceConnectionFactory slowToConnect = RedisLeaseConnections.create(
				new RedisStandaloneConfiguration("127.0.0.1", 1), TIMEOUT, Duration.ofSeconds(7),
				new RedisLeaseConnections.Customizers((builder) -> {
				}, (builder) -> builder.socketOptions(
						io.lettuce.core.SocketOptions.builder().connectTimeout(Duration.ofMinutes(1)).build()),
						(builder) -> {
						}));
		ClientOptions slowOptions = slowToConnect.getClientConfiguration().getClientOptions().orElseThrow();
		assertThat(slowOptions.getSocketOptions().getConnectTimeout()).as("not overridable")
			.isEqualTo(Duration.ofSeconds(7));
		assertThat(slowToConnect.getClientConfiguration().getCommandTimeout()).isEqualTo(TIMEOUT);
		assertThat(slowOptions.getDisconnectedBehavior()).isEqualTo(DisconnectedBehavior.REJECT_COMMANDS);
		slowToConnect.destroy();
		LettuceConnectionFactory cluster = RedisLeaseConnections
			.cluster(new RedisClusterConfiguration(List.of("127.0.0.1:1")), Duration.ofMillis(200));
		assertThat(cluster.getClientConfiguration().getCommandTimeout()).isEqualTo(Duration.ofMillis(200));
		assertThat(cluster.getClientConfiguration().getClientOptions().orElseThrow().getDisconnectedBehavior())
			.isEqualTo(DisconnectedBehavior.REJECT_COMMANDS);
		assertThat(cluster.isClusterAware()).isTrue();
		LettuceConnectionFactory customized = RedisLeaseConnections.standalone(new RedisStandaloneConfiguration(),
				TIMEOUT,
				(builder) -> builder.clientName("leases")
					.useSsl()
					.disablePeerVerification()
					.and()
					.commandTimeout(Duration.ofMinutes(1)));
		assertThat(customized.getClientConfiguration().isUseSsl()).isTrue();
		assertThat(customized.getClientConfiguration().getClientName()).hasValue("leases");
		assertThat(customized.getClientConfiguration().getCommandTimeout()).as("not overridable").isEqualTo(TIMEOUT);
		assertThat(customized.getClientConfiguration().getClientOptions().orElseThrow().getDisconnectedBehavior())
			.isEqualTo(DisconnectedBehavior.REJECT_COMMANDS);
		standalone.destroy();
		cluster.destroy();
		customized.destroy();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisLeaseConnections.standalone(new RedisStandaloneConfiguration(), Duration.ZERO))
			.withMessageContaining("lease command timeout must be positive");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisLeaseConnections.create(new RedisStandaloneConfiguration(), TIMEOUT, Duration.ZERO,
					RedisLeaseConnections.Customizers.NONE))
			.withMessageContaining("lease connect timeout must be positive");
	}

	@Test
	void whileRedisIsDownCommandsFailFastAndNoneIsReplayedAfterItComesBack() {
		this.server = RedisServer.start();
		RedisWorkerLeaseStore store = store(RedisLeaseConnections.standalone(loopback(this.server.port())));
		store.claim(-1);
		this.server.kill();
		for (int i = 0; i < 5; i++) {
			assertThat(refusalTime(() -> store.claim(-1))).isLessThan(FAST);
		}
		assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(() -> store.claim(-1))
			.withMessageContaining("could not claim a worker code");
		this.server.restartEmpty();
		Polling.await("the lease client reconnects", Duration.ofSeconds(10))
			.ignoreException(LeaseStoreUnavailableException.class)
			.until(() -> store.claim(-1) != null);
		// Replayed commands would have run before the claim that succeeded, on the same
		// connection.
		assertThat(leaseKeys()).isEqualTo(1);
	}

	@Test
	void aCommandInFlightWhenTheConnectionDropsIsNotReplayedOnReconnect() throws Exception {
		this.server = RedisServer.start();
		this.proxy = new FaultProxy(this.server.port());
		RedisWorkerLeaseStore store = store(
				RedisLeaseConnections.standalone(loopback(this.proxy.port()), Duration.ofSeconds(2)));
		store.claim(-1);
		this.proxy.freeze();
		long before = this.proxy.bytesFromClients();
		CompletableFuture<LeaseGrant> inFlight = CompletableFuture.supplyAsync(() -> store.claim(-1));
		// Once the request has left the client and the frozen proxy holds it, the
		// connection drops.
		Polling.await("the claim is on the wire", Duration.ofSeconds(5))
			.until(() -> this.proxy.bytesFromClients() > before);
		assertThat(inFlight).isNotDone();
		this.proxy.cut();
		this.proxy.heal();
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> inFlight.get(5, TimeUnit.SECONDS))
			.withCauseInstanceOf(LeaseStoreUnavailableException.class)
			.withMessageContaining("disconnected");
		Polling.await("the lease client reconnects", Duration.ofSeconds(10))
			.ignoreException(LeaseStoreUnavailableException.class)
			.until(() -> store.availableCodes() >= 0);
		assertThat(leaseKeys()).isEqualTo(1);
	}

	@Test
	void aServerThatStopsAnsweringCostsOneCommandTimeout() {
		this.server = RedisServer.start();
		RedisWorkerLeaseStore store = store(RedisLeaseConnections.standalone(loopback(this.server.port())));
		LeaseGrant grant = store.claim(-1);
		this.server.suspend();
		try {
			Duration took = refusalTime(() -> store.renew(grant));
			assertThat(took).isGreaterThanOrEqualTo(TIMEOUT.minusMillis(20)).isLessThan(FAST);
			assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(() -> store.renew(grant))
				.withMessageContaining("could not renew the lease of worker code " + grant.workerCode());
		}
		finally {
			this.server.resume();
		}
		Polling.await("the server answers again", Duration.ofSeconds(10))
			.ignoreException(LeaseStoreUnavailableException.class)
			.until(() -> store.renew(grant).status() == Status.RENEWED);
	}

}
