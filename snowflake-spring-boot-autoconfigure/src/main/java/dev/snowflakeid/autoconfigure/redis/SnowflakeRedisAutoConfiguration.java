package dev.snowflakeid.autoconfigure.redis;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.redis.RedisLeaseConnections;
import dev.snowflakeid.redis.RedisWorkerLeaseStore;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.util.StringUtils;

/**
 * Auto-configuration of the Redis worker-lease store, the default allocator. The Redis server is the one
 * {@code spring.data.redis.*} selects, but leases get their own Lettuce connection with a short command
 * timeout that rejects commands while disconnected instead of replaying them later, whatever the
 * application's own Redis client settings are.
 */
@AutoConfiguration(before = SnowflakeAutoConfiguration.class,
		afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnClass(name = { "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory",
		"io.lettuce.core.RedisClient", "org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails" })
@ConditionalOnBooleanProperty(name = "snowflake.enabled", matchIfMissing = true)
@ConditionalOnProperty(name = "snowflake.worker.allocator", havingValue = "redis", matchIfMissing = true)
@ConditionalOnMissingBean(IdGenerator.class)
@EnableConfigurationProperties(SnowflakeProperties.class)
public final class SnowflakeRedisAutoConfiguration {

	/** Lease connection, with its own short timeout and no replay of commands. */
	@Bean
	@ConditionalOnBean(DataRedisConnectionDetails.class)
	@ConditionalOnMissingBean
	SnowflakeLeaseConnection snowflakeLeaseConnection(DataRedisConnectionDetails details,
			SnowflakeProperties properties) {
		Duration timeout = properties.getWorker().getRedis().getCommandTimeout();
		// TLS follows the application's Redis settings; custom trust material from an SSL bundle is not
		// passed to the lease connection, which then uses the JVM's default trust store.
		Consumer<LettuceClientConfigurationBuilder> tls = (builder) -> {
			if (details.getSslBundle() != null) {
				builder.useSsl();
			}
		};
		if (details.getCluster() != null) {
			List<RedisNode> nodes = details.getCluster()
				.getNodes()
				.stream()
				.map((node) -> new RedisNode(node.host(), node.port()))
				.toList();
			RedisClusterConfiguration cluster = new RedisClusterConfiguration();
			cluster.setClusterNodes(nodes);
			cluster.setUsername(details.getUsername());
			cluster.setPassword(RedisPassword.of(details.getPassword()));
			return new SnowflakeLeaseConnection(RedisLeaseConnections.cluster(cluster, timeout, tls));
		}
		if (details.getSentinel() != null || details.getMasterReplica() != null) {
			throw new InvalidSnowflakeConfigurationException("spring.data.redis.sentinel",
					"worker leases need a standalone Redis or a Redis Cluster; Sentinel and master/replica set-ups "
							+ "are not supported for leases",
					"Point spring.data.redis.host/port at the primary, use a Redis Cluster, or set "
							+ "snowflake.worker.allocator=static.");
		}
		DataRedisConnectionDetails.Standalone standalone = details.getStandalone();
		RedisStandaloneConfiguration configuration = new RedisStandaloneConfiguration(standalone.getHost(),
				standalone.getPort());
		configuration.setDatabase(standalone.getDatabase());
		configuration.setUsername(details.getUsername());
		configuration.setPassword(RedisPassword.of(details.getPassword()));
		return new SnowflakeLeaseConnection(RedisLeaseConnections.standalone(configuration, timeout, tls));
	}

	/**
	 * Every application on one Redis database shares the namespace {@code default} unless one is
	 * configured: applications that never configured a namespace can never lease the same code.
	 */
	@Bean
	@ConditionalOnBean(SnowflakeLeaseConnection.class)
	@ConditionalOnMissingBean(WorkerLeaseStore.class)
	RedisWorkerLeaseStore redisWorkerLeaseStore(SnowflakeLeaseConnection connection,
			SnowflakeProperties properties, SnowflakeLayout layout) {
		SnowflakeProperties.Worker worker = properties.getWorker();
		String namespace = StringUtils.hasText(worker.getRedis().getNamespace()) ? worker.getRedis().getNamespace()
				: RedisWorkerLeaseStore.DEFAULT_NAMESPACE;
		return RedisWorkerLeaseStore.builder(connection.factory(), layout)
			.keyPrefix(worker.getRedis().getKeyPrefix())
			.namespace(namespace)
			.region(properties.getRegion())
			.ttl(worker.getLease().getTtl())
			.timing(SnowflakeAutoConfiguration.leaseTiming(properties))
			.commandTimeout(worker.getRedis().getCommandTimeout())
			.minReplicas(worker.getRedis().getMinReplicas())
			.maxReplicaLag(worker.getRedis().getMaxReplicaLag())
			.build();
	}

	/** The Redis server and database (or Cluster) of the lease connection, and the store's keys. */
	@Bean
	@ConditionalOnBean({ DataRedisConnectionDetails.class, RedisWorkerLeaseStore.class })
	@ConditionalOnMissingBean
	UniquenessDomain snowflakeUniquenessDomain(DataRedisConnectionDetails details, RedisWorkerLeaseStore store) {
		if (details.getCluster() != null) {
			List<String> nodes = details.getCluster()
				.getNodes()
				.stream()
				.map((node) -> node.host() + ":" + node.port())
				.toList();
			return UniquenessDomain.redisCluster(nodes, store.keyPrefix(), store.namespace(), store.region());
		}
		DataRedisConnectionDetails.Standalone standalone = details.getStandalone();
		return UniquenessDomain.redis(standalone.getHost() + ":" + standalone.getPort(), standalone.getDatabase(),
				store.keyPrefix(), store.namespace(), store.region());
	}

}
