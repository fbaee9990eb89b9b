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
import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.snowflakeid.lease.LeaseTiming;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.ClientOptions.DisconnectedBehavior;
import io.lettuce.core.ReadFrom;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.NamedNode;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.RedisStaticMasterReplicaConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Lettuce connection factories dedicated to worker leases, separate from the
 * application's own Redis client because leases need different failure behaviour:
 * <ul>
 * <li>a short command timeout (default 300 ms), well inside the renew interval, so a slow
 * Redis costs one renewal attempt, not the lease; and a connect timeout of its own
 * (default 3 s), since setting up a connection to a server that is still starting may
 * take longer than any lease command may;</li>
 * <li>commands issued while disconnected are rejected at once instead of buffered
 * ({@link DisconnectedBehavior#REJECT_COMMANDS}), and commands in flight when a
 * connection drops fail with "Connection disconnected" instead of being replayed after
 * reconnecting (a replay filter that matches every command makes sure of it): a renewal
 * or claim sent late could otherwise act long after its caller gave up on it. A command
 * whose reply merely timed out may still have run in Redis; a claim lost that way holds
 * its code until the lease TTL passes, and a renewal lost that way only raised a
 * high-water mark, which is always safe;</li>
 * <li>reconnecting automatically, at most 500 ms apart, so the lease keeper recovers
 * quickly once Redis is back (through Sentinel, each reconnect asks the sentinels for the
 * current primary);</li>
 * <li>every lease command goes to the primary: a read-from setting is replaced by
 * {@link ReadFrom#UPSTREAM};</li>
 * <li>for Cluster, topology refresh on redirects, on repeated failed reconnects and every
 * 30 s, at most once a second (Lettuce's default is once in 30 s), so a second failover
 * soon after a first one is found as quickly.</li>
 * </ul>
 *
 * <p>
 * Customizers may set everything else: TLS and peer verification, SSL options,
 * credentials providers, the client name, socket keep-alive, protocol version, client
 * resources such as tracing or DNS. They run first; the settings above are applied
 * afterwards and replace whatever a customizer set for them.
 *
 * <p>
 * The factories own their Lettuce client resources and release them in
 * {@link LettuceConnectionFactory#destroy()}. Registered as a bean, the container
 * initializes and destroys them; used directly, call
 * {@link LettuceConnectionFactory#afterPropertiesSet()} first and {@code destroy()} last.
 */
public final class RedisLeaseConnections {

	/** Longest pause between two reconnect attempts. */
	public static final Duration MAX_RECONNECT_DELAY = Duration.ofMillis(500);

	/** Shortest time between two adaptive Cluster topology refreshes. */
	public static final Duration CLUSTER_REFRESH_RATE_LIMIT = Duration.ofSeconds(1);

	private RedisLeaseConnections() {
	}

	/**
	 * A factory for one Redis server with the default 300 ms command timeout and 3 s
	 * connect timeout.
	 */
	public static LettuceConnectionFactory standalone(RedisStandaloneConfiguration configuration) {
		return standalone(configuration, RedisLeaseDefaults.COMMAND_TIMEOUT);
	}

	/**
	 * A factory for one Redis server, with the default 3 s connect timeout.
	 * @param commandTimeout longest wait for any reply
	 */
	public static LettuceConnectionFactory standalone(RedisStandaloneConfiguration configuration,
			Duration commandTimeout) {
		return standalone(configuration, commandTimeout, Customizers.NONE.client());
	}

	/**
	 * A factory for one Redis server, with client settings that do not concern failure
	 * handling applied by {@code customizer}, as described on
	 * {@link #create(RedisConfiguration, Duration, Duration, Customizers)}, and the
	 * default 3 s connect timeout.
	 * @param commandTimeout longest wait for any reply
	 */
	public static LettuceConnectionFactory standalone(RedisStandaloneConfiguration configuration,
			Duration commandTimeout, Consumer<LettuceClientConfigurationBuilder> customizer) {
		return create(configuration, commandTimeout, RedisLeaseDefaults.CONNECT_TIMEOUT,
				Customizers.NONE.withClient(customizer));
	}

	/**
	 * A factory for a Redis Cluster with the default 300 ms command timeout and 3 s
	 * connect timeout.
	 */
	public static LettuceConnectionFactory cluster(RedisClusterConfiguration configuration) {
		return cluster(configuration, RedisLeaseDefaults.COMMAND_TIMEOUT);
	}

	/**
	 * A factory for a Redis Cluster. The lease store's keys of one region share a hash
	 * tag, so each lease command goes to the one primary that owns the region's slot. The
	 * connect timeout is the default 3 s.
	 * @param commandTimeout longest wait for any reply
	 */
	public static LettuceConnectionFactory cluster(RedisClusterConfiguration configuration, Duration commandTimeout) {
		return cluster(configuration, commandTimeout, Customizers.NONE.client());
	}

	/**
	 * A factory for a Redis Cluster, with client settings that do not concern failure
	 * handling applied by {@code customizer}, as described on
	 * {@link #create(RedisConfiguration, Duration, Duration, Customizers)}, and the
	 * default 3 s connect timeout.
	 * @param commandTimeout longest wait for any reply
	 */
	public static LettuceConnectionFactory cluster(RedisClusterConfiguration configuration, Duration commandTimeout,
			Consumer<LettuceClientConfigurationBuilder> customizer) {
		return create(configuration, commandTimeout, RedisLeaseDefaults.CONNECT_TIMEOUT,
				Customizers.NONE.withClient(customizer));
	}

	/**
	 * A factory for any of Spring Data's Redis configurations (standalone, Sentinel,
	 * static master/replica, Cluster). The customizers run first, in the order client
	 * configuration, client options, client resources; then the lease settings replace
	 * whatever they set for the command and connect timeouts, the disconnected behaviour,
	 * replay, auto-reconnect, the reconnect delay, the read-from setting, the Cluster
	 * topology refresh and the shutdown timeout. A TLS setting cannot be undone: once a
	 * customizer or the caller asked for TLS, the factory uses it.
	 *
	 * <p>
	 * Behind Sentinel the connection subscribes to the sentinels' announcements and moves
	 * to a promoted replica when they announce it (Lettuce refreshes the Sentinel
	 * topology at most every 5 s), instead of staying on a deposed primary until it is
	 * demoted. A static primary with replicas is found among the nodes with {@code ROLE}.
	 * @param commandTimeout longest wait for any reply; the lease timing's request
	 * lateness
	 * @param connectTimeout longest wait for each attempt to open a connection, separate
	 * from the command timeout: a server that is still starting may take longer to accept
	 * one than a lease command may take
	 */
	public static LettuceConnectionFactory create(RedisConfiguration configuration, Duration commandTimeout,
			Duration connectTimeout, Customizers customizers) {
		Objects.requireNonNull(configuration, "configuration");
		Objects.requireNonNull(customizers, "customizers");
		LeaseTiming.requirePositiveMillis("lease command timeout", commandTimeout);
		LeaseTiming.requirePositiveMillis("lease connect timeout", connectTimeout);
		LettuceClientConfigurationBuilder builder = LettuceClientConfiguration.builder();
		customizers.client().accept(builder);
		LettuceClientConfiguration draft = builder.build();
		boolean cluster = configuration instanceof RedisClusterConfiguration;
		ClientOptions.Builder options = optionsFrom(draft.getClientOptions().orElse(null), cluster);
		customizers.options().accept(options);
		configure(options, commandTimeout, connectTimeout, options.build().getSocketOptions());
		if (options instanceof ClusterClientOptions.Builder clusterOptions) {
			clusterOptions.topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
				.enableAllAdaptiveRefreshTriggers()
				.adaptiveRefreshTriggersTimeout(CLUSTER_REFRESH_RATE_LIMIT)
				.enablePeriodicRefresh(Duration.ofSeconds(30))
				.build());
		}
		if (draft.isUseSsl()) {
			// apply(RedisURI) may have turned TLS off again after a customizer or the
			// caller turned it on
			builder.useSsl().verifyPeer(draft.getVerifyMode());
		}
		if (draft.getReadFrom().isPresent() || configuration instanceof RedisStaticMasterReplicaConfiguration
				|| configuration instanceof RedisSentinelConfiguration || cluster) {
			builder.readFrom(ReadFrom.UPSTREAM);
		}
		DefaultClientResources.Builder resources = DefaultClientResources.builder();
		customizers.resources().accept(resources);
		return new LeaseConnectionFactory(configuration,
				builder.clientOptions(options.build()).commandTimeout(commandTimeout).shutdownTimeout(Duration.ZERO),
				resources.ioThreadPoolSize(2)
					.computationThreadPoolSize(2)
					.reconnectDelay(
							Delay.exponential(Duration.ofMillis(10), MAX_RECONNECT_DELAY, 2, TimeUnit.MILLISECONDS))
					.build());
	}

	/**
	 * Where a factory of {@code configuration} connects, for messages: {@code host:port},
	 * the primary's name and its sentinels, the nodes of a fixed primary with replicas,
	 * or the Cluster nodes.
	 */
	public static String address(RedisConfiguration configuration) {
		if (configuration instanceof RedisClusterConfiguration cluster) {
			return "Redis Cluster nodes " + nodes(cluster.getClusterNodes());
		}
		if (configuration instanceof RedisSentinelConfiguration sentinel) {
			NamedNode master = Objects.requireNonNull(sentinel.getMaster(),
					"a sentinel configuration names its primary");
			return "primary '" + master.getName() + "' of the sentinels " + nodes(sentinel.getSentinels());
		}
		if (configuration instanceof RedisStaticMasterReplicaConfiguration masterReplica) {
			return "nodes " + String.join(", ",
					masterReplica.getNodes()
						.stream()
						.map((node) -> node.getHostName() + ":" + node.getPort())
						.toList());
		}
		if (configuration instanceof RedisStandaloneConfiguration standalone) {
			return standalone.getHostName() + ":" + standalone.getPort();
		}
		return String.valueOf(configuration);
	}

	private static String nodes(Collection<RedisNode> nodes) {
		return String.join(", ", nodes.stream().map((node) -> node.getHost() + ":" + node.getPort()).toList());
	}

	private static ClientOptions.Builder optionsFrom(@Nullable ClientOptions base, boolean cluster) {
		if (cluster) {
			if (base instanceof ClusterClientOptions clusterOptions) {
				return clusterOptions.mutate();
			}
			return (base != null) ? ClusterClientOptions.builder(base) : ClusterClientOptions.builder();
		}
		return (base != null) ? base.mutate() : ClientOptions.builder();
	}

	// The builder's methods are overridden by ClusterClientOptions.Builder, so this
	// configures both kinds.
	private static void configure(ClientOptions.Builder options, Duration commandTimeout, Duration connectTimeout,
			SocketOptions socket) {
		SocketOptions.Builder socketOptions = (socket != null) ? socket.mutate() : SocketOptions.builder();
		options.autoReconnect(true)
			.disconnectedBehavior(DisconnectedBehavior.REJECT_COMMANDS)
			.replayFilter((command) -> true)
			.socketOptions(socketOptions.connectTimeout(connectTimeout).build())
			.timeoutOptions(TimeoutOptions.enabled(commandTimeout));
	}

	/**
	 * Settings the lease connection takes from the application: its Spring Data client
	 * configuration (TLS, client name, credentials), its Lettuce client options (SSL
	 * options, keep-alive, protocol) and its client resources (tracing, metrics, DNS).
	 * Failure settings they contain are replaced, as
	 * {@link RedisLeaseConnections#create(RedisConfiguration, Duration, Duration, Customizers)}
	 * describes.
	 *
	 * @param client customizes the Spring Data client configuration
	 * @param options customizes the Lettuce client options; a Cluster factory passes a
	 * {@link ClusterClientOptions.Builder}
	 * @param resources customizes the client resources the factory owns
	 */
	public record Customizers(Consumer<LettuceClientConfigurationBuilder> client,
			Consumer<ClientOptions.Builder> options, Consumer<DefaultClientResources.Builder> resources) {

		/** No customization. */
		public static final Customizers NONE = new Customizers((builder) -> {
		}, (builder) -> {
		}, (builder) -> {
		});

		public Customizers {
			Objects.requireNonNull(client, "client");
			Objects.requireNonNull(options, "options");
			Objects.requireNonNull(resources, "resources");
		}

		/**
		 * These customizers with {@code client} in place of the client configuration
		 * customizer.
		 */
		public Customizers withClient(Consumer<LettuceClientConfigurationBuilder> client) {
			return new Customizers(client, this.options, this.resources);
		}

	}

	/**
	 * Owns its client resources, whose reconnect delay is capped, and shuts them down on
	 * destroy.
	 */
	private static final class LeaseConnectionFactory extends LettuceConnectionFactory {

		private final ClientResources resources;

		private LeaseConnectionFactory(RedisConfiguration configuration, LettuceClientConfigurationBuilder builder,
				ClientResources resources) {
			super(configuration, builder.clientResources(resources).build());
			this.resources = resources;
		}

		@Override
		public void destroy() {
			try {
				super.destroy();
			}
			finally {
				this.resources.shutdown(0, 0, TimeUnit.MILLISECONDS);
			}
		}

	}

}
