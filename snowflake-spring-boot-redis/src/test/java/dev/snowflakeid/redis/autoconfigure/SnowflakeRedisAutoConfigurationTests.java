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
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;

import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.redis.RedisLeaseConnections;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.ClientOptions.DisconnectedBehavior;
import io.lettuce.core.ReadFrom;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.resource.Delay;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.ClientResourcesBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * The lease connection the auto-configuration builds for each Redis set-up, without a
 * Redis server (a user lease store replaces the Redis one, so nothing connects): where it
 * points, its TLS, and which of the application's Lettuce customizations it takes. The
 * connection is lazy: these tests ask for it.
 */
class SnowflakeRedisAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, DataRedisAutoConfiguration.class,
				SnowflakeRedisAutoConfiguration.class))
		.withUserConfiguration(UserLeaseStore.class);

	/**
	 * The pauses before reconnect attempts 1 to 12 and 64 (Lettuce counts from 1):
	 * doubling from 1 ms, at least 10 ms and at most the 500 ms docs/redis.md promises: a
	 * Redis that is back is retried before the next renewal at the default 1 s interval.
	 */
	private static final List<Duration> RECONNECT_DELAYS = LongStream
		.of(10, 10, 10, 10, 16, 32, 64, 128, 256, 500, 500, 500, 500)
		.mapToObj(Duration::ofMillis)
		.toList();

	private static List<Duration> reconnectDelays(LettuceConnectionFactory factory) {
		Delay delay = factory.getClientConfiguration().getClientResources().orElseThrow().reconnectDelay();
		return LongStream.concat(LongStream.rangeClosed(1, 12), LongStream.of(64))
			.mapToObj(delay::createDelay)
			.toList();
	}

	private static LettuceConnectionFactory leaseFactory(AssertableApplicationContext context) {
		assertThat(context).hasNotFailed().hasSingleBean(SnowflakeLeaseConnection.class);
		return context.getBean(SnowflakeLeaseConnection.class).factory();
	}

	/**
	 * The ACL user of the lease connection: the factory has no getter for it, so it is
	 * read from the configuration the factory was made from, and from the endpoint that
	 * names it in messages. ({@code LeaseKeyPlacementTests} shows it on a real server's
	 * client list.)
	 */
	private static String leaseUser(AssertableApplicationContext context) {
		LeaseRedisEndpoint endpoint = context.getBean(SnowflakeLeaseConnection.class).endpoint();
		String user = ((RedisConfiguration.WithAuthentication) endpoint.configuration()).getUsername();
		assertThat(endpoint.username()).isEqualTo(user);
		return user;
	}

	@Test
	void theApplicationsStandaloneRedisWithTheLeaseFailureSettingsAndName() {
		this.runner
			.withPropertyValues("spring.data.redis.host=redis.internal", "spring.data.redis.port=6380",
					"spring.data.redis.username=app", "spring.data.redis.password=secret",
					"spring.data.redis.timeout=1m", "spring.data.redis.client-name=app")
			.run((context) -> {
				LettuceConnectionFactory factory = leaseFactory(context);
				assertThat(factory.getHostName()).isEqualTo("redis.internal");
				assertThat(factory.getPort()).isEqualTo(6380);
				assertThat(factory.getPassword()).isEqualTo("secret");
				LettuceClientConfiguration client = factory.getClientConfiguration();
				assertThat(client.getCommandTimeout()).isEqualTo(Duration.ofMillis(300));
				assertThat(client.getClientName()).hasValue("snowflake-lease");
				assertThat(client.isUseSsl()).isFalse();
				ClientOptions options = client.getClientOptions().orElseThrow();
				assertThat(options.getDisconnectedBehavior()).isEqualTo(DisconnectedBehavior.REJECT_COMMANDS);
				assertThat(context.getBean(SnowflakeLeaseConnection.class).endpoint().properties())
					.isEqualTo("spring.data.redis");
			});
	}

	@Test
	void sentinelWithDataAndSentinelCredentials() {
		this.runner.withPropertyValues(sentinelSetUp("spring.data.redis")).run((context) -> {
			assertSentinelSetUp(context);
			assertThat(leaseFactory(context).getClientConfiguration().getReadFrom()).hasValue(ReadFrom.UPSTREAM);
		});
	}

	/** A Sentinel set-up with data and sentinel credentials, under {@code prefix}. */
	private static String[] sentinelSetUp(String prefix) {
		return new String[] { prefix + ".sentinel.master=leases", prefix + ".sentinel.nodes=s1:26379,s2:26380",
				prefix + ".sentinel.username=watcher", prefix + ".sentinel.password=watch", prefix + ".username=lease",
				prefix + ".password=pw", prefix + ".database=3" };
	}

	/** The lease connection reaches the set-up of {@link #sentinelSetUp(String)}. */
	private static void assertSentinelSetUp(AssertableApplicationContext context) {
		LettuceConnectionFactory factory = leaseFactory(context);
		assertThat(factory.isRedisSentinelAware()).isTrue();
		RedisSentinelConfiguration sentinel = factory.getSentinelConfiguration();
		assertThat(sentinel.getMaster().getName()).isEqualTo("leases");
		assertThat(sentinel.getSentinels()).extracting(RedisNode::asString).containsExactly("s1:26379", "s2:26380");
		assertThat(sentinel.getSentinelUsername()).isEqualTo("watcher");
		assertThat(sentinel.getSentinelPassword().get()).isEqualTo("watch".toCharArray());
		assertThat(sentinel.getUsername()).isEqualTo("lease");
		assertThat(sentinel.getPassword().get()).isEqualTo("pw".toCharArray());
		assertThat(sentinel.getDatabase()).isEqualTo(3);
	}

	@Test
	void aFixedPrimaryWithReplicasReadsAndWritesOnThePrimary() {
		this.runner.withPropertyValues("spring.data.redis.masterreplica.nodes=r1:6379,p1:6379").run((context) -> {
			LettuceConnectionFactory factory = leaseFactory(context);
			assertThat(factory.isClusterAware()).isFalse();
			assertThat(factory.isRedisSentinelAware()).isFalse();
			assertThat(factory.getClientConfiguration().getReadFrom()).hasValue(ReadFrom.UPSTREAM);
		});
	}

	@Test
	void clusterWithTopologyRefreshOnFailover() {
		this.runner.withPropertyValues("spring.data.redis.cluster.nodes=c1:7000,c2:7001").run((context) -> {
			LettuceConnectionFactory factory = leaseFactory(context);
			assertThat(factory.isClusterAware()).isTrue();
			assertThat(factory.getClusterConfiguration().getClusterNodes()).hasSize(2);
			ClusterClientOptions options = (ClusterClientOptions) factory.getClientConfiguration()
				.getClientOptions()
				.orElseThrow();
			assertThat(options.getTopologyRefreshOptions().useDynamicRefreshSources()).isTrue();
			assertThat(options.getTopologyRefreshOptions().getAdaptiveRefreshTriggers()).isNotEmpty();
			assertThat(options.getTopologyRefreshOptions().getAdaptiveRefreshTimeout())
				.isEqualTo(Duration.ofSeconds(1));
			assertThat(options.getDisconnectedBehavior()).isEqualTo(DisconnectedBehavior.REJECT_COMMANDS);
		});
	}

	@Test
	void aClusterIsTheUniquenessDomainOfItsConfiguredNodes() {
		// the health detail and the endpoint show these details as they are
		Map<String, Object> expected = Map.of("redisCluster", List.of("c2:7001", "c1:7000"), "keyPrefix", "ids",
				"namespace", "orders", "region", 1);
		for (String nodes : new String[] { "spring.data.redis.cluster.nodes",
				"snowflake.worker.redis.cluster.nodes" }) {
			this.runner.withPropertyValues(nodes + "=c2:7001,c1:7000").run((context) -> {
				LeaseRedisEndpoint endpoint = context.getBean(SnowflakeLeaseConnection.class).endpoint();
				assertThat(endpoint.domain("ids", "orders", 1).details()).as(nodes).isEqualTo(expected);
			});
		}
	}

	@Test
	void reconnectAttemptsBackOffExponentiallyToAtMostHalfASecond() {
		this.runner.withPropertyValues("spring.data.redis.host=127.0.0.1").run((context) -> {
			assertThat(reconnectDelays(leaseFactory(context))).isEqualTo(RECONNECT_DELAYS);
			assertThat(RECONNECT_DELAYS).last().isEqualTo(RedisLeaseConnections.MAX_RECONNECT_DELAY);
		});
	}

	@Test
	void theApplicationsCustomizersApplyExceptWhereTheyWouldWeakenTheFailureSettings() {
		this.runner.withUserConfiguration(Customizers.class)
			.withPropertyValues("spring.data.redis.host=127.0.0.1")
			.run((context) -> {
				LettuceClientConfiguration client = leaseFactory(context).getClientConfiguration();
				assertThat(client.getCommandTimeout()).isEqualTo(Duration.ofMillis(300));
				assertThat(client.getReadFrom()).hasValue(ReadFrom.UPSTREAM);
				assertThat(client.getClientName()).hasValue("snowflake-lease");
				assertThat(client.isUseSsl()).as("TLS from a customizer is kept").isTrue();
				ClientOptions options = client.getClientOptions().orElseThrow();
				assertThat(options.getDisconnectedBehavior()).isEqualTo(DisconnectedBehavior.REJECT_COMMANDS);
				assertThat(options.isAutoReconnect()).isTrue();
				assertThat(options.getSocketOptions().getConnectTimeout()).isEqualTo(Duration.ofSeconds(3));
				assertThat(options.getSocketOptions().isKeepAlive()).as("keep-alive from a customizer is kept")
					.isTrue();
				assertThat(options.getConfiguredProtocolVersion()).isEqualTo(ProtocolVersion.RESP2);
				assertThat(context.getBean(Customizers.class).resourcesCustomized).hasPositiveValue();
				assertThat(reconnectDelays(leaseFactory(context)))
					.as("a customizer's 1-minute reconnect delay is replaced")
					.isEqualTo(RECONNECT_DELAYS);
			});
	}

	@Test
	void tlsFollowsEveryWayTheApplicationTurnsItOn() {
		this.runner.withPropertyValues("spring.data.redis.ssl.enabled=true")
			.run((context) -> assertThat(leaseFactory(context).getClientConfiguration().isUseSsl()).isTrue());
		this.runner.withPropertyValues("spring.data.redis.url=rediss://user:pw@redis.internal:6380/1")
			.run((context) -> {
				LettuceConnectionFactory factory = leaseFactory(context);
				assertThat(factory.getClientConfiguration().isUseSsl()).isTrue();
				assertThat(factory.getHostName()).isEqualTo("redis.internal");
				assertThat(factory.getDatabase()).isEqualTo(1);
				assertThat(factory.getPassword()).isEqualTo("pw");
			});
		this.runner.withPropertyValues("spring.data.redis.host=127.0.0.1")
			.run((context) -> assertThat(leaseFactory(context).getClientConfiguration().isUseSsl()).isFalse());
	}

	@Test
	void aSeparateLeaseRedisBesideTheApplicationsRedis() {
		this.runner
			.withPropertyValues("spring.data.redis.host=app.internal", "snowflake.worker.redis.host=leases.internal",
					"snowflake.worker.redis.port=6390", "snowflake.worker.redis.username=lease",
					"snowflake.worker.redis.password=pw", "snowflake.worker.redis.client-name=orders-leases")
			.run((context) -> {
				LettuceConnectionFactory factory = leaseFactory(context);
				assertThat(factory.getHostName()).isEqualTo("leases.internal");
				assertThat(factory.getPort()).isEqualTo(6390);
				assertThat(leaseUser(context)).isEqualTo("lease");
				assertThat(factory.getPassword()).isEqualTo("pw");
				assertThat(factory.getClientConfiguration().getClientName()).hasValue("orders-leases");
				assertThat(context.getBean(SnowflakeLeaseConnection.class).endpoint().properties())
					.isEqualTo("snowflake.worker.redis");
			});
		this.runner
			.withPropertyValues("snowflake.worker.redis.url=rediss://reader:url-pw@leases.internal:6391/4",
					"snowflake.worker.redis.username=lease", "snowflake.worker.redis.password=pw")
			.run((context) -> {
				LettuceConnectionFactory factory = leaseFactory(context);
				assertThat(factory.getClientConfiguration().isUseSsl()).isTrue();
				assertThat(factory.getHostName()).isEqualTo("leases.internal");
				assertThat(factory.getPort()).isEqualTo(6391);
				assertThat(factory.getDatabase()).isEqualTo(4);
				assertThat(leaseUser(context)).as("the URL's user").isEqualTo("reader");
				assertThat(factory.getPassword()).as("the URL's password").isEqualTo("url-pw");
			});
		this.runner.withPropertyValues(sentinelSetUp("snowflake.worker.redis"))
			.run(SnowflakeRedisAutoConfigurationTests::assertSentinelSetUp);
		this.runner.withPropertyValues("snowflake.worker.redis.cluster.nodes=c1:7000,c2:7001").run((context) -> {
			LettuceConnectionFactory factory = leaseFactory(context);
			assertThat(factory.isClusterAware()).isTrue();
			assertThat(factory.getClusterConfiguration().getClusterNodes()).extracting(RedisNode::asString)
				.containsExactlyInAnyOrder("c1:7000", "c2:7001");
		});
	}

	@Test
	void theLeaseCommandTimeoutBoundsEveryReplyAndTheConnectTimeoutEachConnect() {
		this.runner
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.timeout=1m",
					"spring.data.redis.connect-timeout=1m", "snowflake.worker.redis.command-timeout=450ms")
			.run((context) -> {
				LettuceClientConfiguration client = leaseFactory(context).getClientConfiguration();
				assertThat(client.getCommandTimeout()).isEqualTo(Duration.ofMillis(450));
				ClientOptions options = client.getClientOptions().orElseThrow();
				assertThat(options.getSocketOptions().getConnectTimeout()).as("the default, not the command timeout")
					.isEqualTo(Duration.ofSeconds(3));
			});
		this.runner.withPropertyValues("spring.data.redis.host=127.0.0.1", "snowflake.worker.redis.connect-timeout=8s")
			.run((context) -> {
				LettuceClientConfiguration client = leaseFactory(context).getClientConfiguration();
				assertThat(client.getCommandTimeout()).isEqualTo(Duration.ofMillis(300));
				ClientOptions options = client.getClientOptions().orElseThrow();
				assertThat(options.getSocketOptions().getConnectTimeout()).isEqualTo(Duration.ofSeconds(8));
			});
	}

	@Test
	void aSeparateLeaseRedisNeedsNoApplicationRedis() {
		ApplicationContextRunner withoutApplicationRedis = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, SnowflakeRedisAutoConfiguration.class))
			.withUserConfiguration(UserLeaseStore.class);
		withoutApplicationRedis.run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(RedisWorkerCodeAllocator.class).isAvailable()).isFalse();
		});
		withoutApplicationRedis.withPropertyValues("snowflake.worker.redis.host=leases.internal").run((context) -> {
			assertThat(context.getBean(RedisWorkerCodeAllocator.class).isAvailable()).isTrue();
			assertThat(leaseFactory(context).getHostName()).isEqualTo("leases.internal");
		});
	}

	@Test
	void theLeaseConnectionIsMadeOnlyWhenAskedFor() {
		this.runner.withPropertyValues("spring.data.redis.host=127.0.0.1").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBeanFactory().containsSingleton("snowflakeLeaseConnection")).isFalse();
			leaseFactory(context);
			assertThat(context.getBeanFactory().containsSingleton("snowflakeLeaseConnection")).isTrue();
		});
	}

	@Test
	void tlsSwitchedOffBesideARedissUrlFailsNamingTheProperty() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, DataRedisAutoConfiguration.class,
					SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker.redis.url=rediss://leases.internal:6391",
					"snowflake.worker.redis.ssl.enabled=false")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(InvalidSnowflakeConfigurationException.class)
					.hasMessageContaining("rediss://");
				InvalidSnowflakeConfigurationException failure = (InvalidSnowflakeConfigurationException) NestedExceptionUtils
					.getRootCause(context.getStartupFailure());
				assertThat(failure.property()).isEqualTo("snowflake.worker.redis.ssl.enabled");
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class UserLeaseStore {

		@Bean
		WorkerLeaseStore userLeaseStore() {
			return mock(WorkerLeaseStore.class);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Customizers {

		final AtomicInteger resourcesCustomized = new AtomicInteger();

		@Bean
		LettuceClientConfigurationBuilderCustomizer clientCustomizer() {
			return (builder) -> builder.commandTimeout(Duration.ofMinutes(1))
				.readFrom(ReadFrom.REPLICA_PREFERRED)
				.clientName("app")
				.useSsl();
		}

		@Bean
		LettuceClientOptionsBuilderCustomizer optionsCustomizer() {
			return (builder) -> builder.disconnectedBehavior(DisconnectedBehavior.ACCEPT_COMMANDS)
				.autoReconnect(false)
				.protocolVersion(ProtocolVersion.RESP2)
				.socketOptions(SocketOptions.builder().keepAlive(true).connectTimeout(Duration.ofMinutes(1)).build());
		}

		@Bean
		ClientResourcesBuilderCustomizer resourcesCustomizer() {
			return (builder) -> {
				this.resourcesCustomized.incrementAndGet();
				builder.reconnectDelay(Delay.constant(Duration.ofMinutes(1)));
			};
		}

	}

}
