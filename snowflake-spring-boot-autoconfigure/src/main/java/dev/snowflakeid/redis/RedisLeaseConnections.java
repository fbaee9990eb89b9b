package dev.snowflakeid.redis;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.ClientOptions.DisconnectedBehavior;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Lettuce connection factories dedicated to worker leases, separate from the application's own Redis
 * client because leases need different failure behaviour:
 * <ul>
 * <li>a short command timeout (default 300 ms), well inside the renew interval, so a slow Redis costs one
 * renewal attempt, not the lease;</li>
 * <li>commands issued while disconnected are rejected at once instead of buffered
 * ({@link DisconnectedBehavior#REJECT_COMMANDS}), and commands in flight when a connection drops fail
 * with "Connection disconnected" instead of being replayed after reconnecting (a replay filter that
 * matches every command makes sure of it): a renewal or claim sent late could otherwise act long after
 * its caller gave up on it. A command whose reply merely timed out may still have run in Redis; a claim
 * lost that way holds its code until the lease TTL passes, and a renewal lost that way only raised a
 * high-water mark, which is always safe;</li>
 * <li>reconnecting automatically, at most 500 ms apart, so the lease keeper recovers quickly once Redis
 * is back;</li>
 * <li>for Cluster, topology refresh on redirects and failures, so a failover moves leases to the new
 * primary.</li>
 * </ul>
 *
 * <p>The factories own their Lettuce client resources and release them in
 * {@link LettuceConnectionFactory#destroy()}. Registered as a bean, the container initializes and
 * destroys them; used directly, call {@link LettuceConnectionFactory#afterPropertiesSet()} first and
 * {@code destroy()} last.
 */
public final class RedisLeaseConnections {

	public static final Duration DEFAULT_COMMAND_TIMEOUT = Duration.ofMillis(300);

	/** Longest pause between two reconnect attempts. */
	public static final Duration MAX_RECONNECT_DELAY = Duration.ofMillis(500);

	private static final Consumer<LettuceClientConfigurationBuilder> NO_CUSTOMIZATION = (builder) -> {
	};

	private RedisLeaseConnections() {
	}

	/** A factory for one Redis server with the default 300 ms command timeout. */
	public static LettuceConnectionFactory standalone(RedisStandaloneConfiguration configuration) {
		return standalone(configuration, DEFAULT_COMMAND_TIMEOUT);
	}

	/**
	 * A factory for one Redis server.
	 * @param commandTimeout longest wait for any reply, also used as the connect timeout
	 */
	public static LettuceConnectionFactory standalone(RedisStandaloneConfiguration configuration,
			Duration commandTimeout) {
		return standalone(configuration, commandTimeout, NO_CUSTOMIZATION);
	}

	/**
	 * A factory for one Redis server, with client settings that do not concern failure handling (TLS,
	 * peer verification, client name, read-from) applied by {@code customizer}. Client options, client
	 * resources, command and shutdown timeouts are set afterwards and replace whatever the customizer set.
	 * @param commandTimeout longest wait for any reply, also used as the connect timeout
	 */
	public static LettuceConnectionFactory standalone(RedisStandaloneConfiguration configuration,
			Duration commandTimeout, Consumer<LettuceClientConfigurationBuilder> customizer) {
		Objects.requireNonNull(configuration, "configuration");
		Objects.requireNonNull(customizer, "customizer");
		return new LeaseConnectionFactory(configuration, configure(ClientOptions.builder(), commandTimeout).build(),
				commandTimeout, customizer);
	}

	/** A factory for a Redis Cluster with the default 300 ms command timeout. */
	public static LettuceConnectionFactory cluster(RedisClusterConfiguration configuration) {
		return cluster(configuration, DEFAULT_COMMAND_TIMEOUT);
	}

	/**
	 * A factory for a Redis Cluster. The lease store's keys of one region share a hash tag, so each lease
	 * command goes to the one primary that owns the region's slot.
	 * @param commandTimeout longest wait for any reply, also used as the connect timeout
	 */
	public static LettuceConnectionFactory cluster(RedisClusterConfiguration configuration, Duration commandTimeout) {
		return cluster(configuration, commandTimeout, NO_CUSTOMIZATION);
	}

	/**
	 * A factory for a Redis Cluster, with client settings that do not concern failure handling applied by
	 * {@code customizer}, as for {@link #standalone(RedisStandaloneConfiguration, Duration, Consumer)}.
	 * @param commandTimeout longest wait for any reply, also used as the connect timeout
	 */
	public static LettuceConnectionFactory cluster(RedisClusterConfiguration configuration, Duration commandTimeout,
			Consumer<LettuceClientConfigurationBuilder> customizer) {
		Objects.requireNonNull(configuration, "configuration");
		Objects.requireNonNull(customizer, "customizer");
		ClusterClientOptions.Builder options = ClusterClientOptions.builder()
			.topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
				.enableAllAdaptiveRefreshTriggers()
				.enablePeriodicRefresh(Duration.ofSeconds(30))
				.build());
		configure(options, commandTimeout);
		return new LeaseConnectionFactory(configuration, options.build(), commandTimeout, customizer);
	}

	// The builder's methods are overridden by ClusterClientOptions.Builder, so this configures both kinds.
	private static ClientOptions.Builder configure(ClientOptions.Builder options, Duration commandTimeout) {
		if (commandTimeout == null || commandTimeout.isNegative() || commandTimeout.isZero()) {
			throw new IllegalArgumentException("lease command timeout must be positive but was " + commandTimeout);
		}
		return options.autoReconnect(true)
			.disconnectedBehavior(DisconnectedBehavior.REJECT_COMMANDS)
			.replayFilter((command) -> true)
			.socketOptions(SocketOptions.builder().connectTimeout(commandTimeout).build())
			.timeoutOptions(TimeoutOptions.enabled(commandTimeout));
	}

	/** Owns its client resources, whose reconnect delay is capped, and shuts them down on destroy. */
	private static final class LeaseConnectionFactory extends LettuceConnectionFactory {

		private final ClientResources resources;

		private LeaseConnectionFactory(RedisConfiguration configuration, ClientOptions options, Duration commandTimeout,
				Consumer<LettuceClientConfigurationBuilder> customizer) {
			this(configuration, options, commandTimeout, customizer, DefaultClientResources.builder()
				.ioThreadPoolSize(2)
				.computationThreadPoolSize(2)
				.reconnectDelay(Delay.exponential(Duration.ofMillis(10), MAX_RECONNECT_DELAY, 2, TimeUnit.MILLISECONDS))
				.build());
		}

		private LeaseConnectionFactory(RedisConfiguration configuration, ClientOptions options, Duration commandTimeout,
				Consumer<LettuceClientConfigurationBuilder> customizer, ClientResources resources) {
			super(configuration, clientConfiguration(options, commandTimeout, customizer, resources));
			this.resources = resources;
		}

		private static LettuceClientConfiguration clientConfiguration(ClientOptions options, Duration commandTimeout,
				Consumer<LettuceClientConfigurationBuilder> customizer, ClientResources resources) {
			LettuceClientConfigurationBuilder builder = LettuceClientConfiguration.builder();
			customizer.accept(builder);
			return builder.clientOptions(options)
				.clientResources(resources)
				.commandTimeout(commandTimeout)
				.shutdownTimeout(Duration.ZERO)
				.build();
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
