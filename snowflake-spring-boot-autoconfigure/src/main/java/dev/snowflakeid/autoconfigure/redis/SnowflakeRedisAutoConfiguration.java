package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.redis.RedisLeaseConnections;
import dev.snowflakeid.redis.RedisLeaseConnections.Customizers;
import dev.snowflakeid.redis.RedisLeaseServerCheck;
import dev.snowflakeid.redis.RedisWorkerLeaseStore;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.ClientResourcesBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.util.StringUtils;

/**
 * Auto-configuration of the Redis worker-lease store, the default allocator. The Redis server is the one
 * {@code spring.data.redis.*} selects (standalone, Sentinel, static primary with replicas, or Cluster) unless
 * {@code snowflake.worker.redis.*} names a separate one. Leases get their own Lettuce connection: TLS,
 * credentials and the application's Lettuce customizers as for the application's own client, but a short
 * command timeout, commands rejected while disconnected instead of replayed later, and every command sent
 * to the primary, whatever the application's own Redis client settings are. Before the first claim the
 * server is checked ({@link RedisLeaseServerCheck}).
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

	private static final Log logger = LogFactory.getLog(SnowflakeRedisAutoConfiguration.class);

	/** Lease connection, with its own short timeout and no replay of commands. */
	@Bean
	@Conditional(LeaseRedisCondition.class)
	@ConditionalOnMissingBean
	SnowflakeLeaseConnection snowflakeLeaseConnection(SnowflakeProperties properties,
			ObjectProvider<DataRedisConnectionDetails> details, ObjectProvider<DataRedisProperties> redisProperties,
			ObjectProvider<RedisConnectionFactory> applicationFactory, ObjectProvider<SslBundles> sslBundles,
			ObjectProvider<LettuceClientConfigurationBuilderCustomizer> clientCustomizers,
			ObjectProvider<LettuceClientOptionsBuilderCustomizer> optionsCustomizers,
			ObjectProvider<ClientResourcesBuilderCustomizer> resourcesCustomizers) {
		SnowflakeProperties.Redis redis = properties.getWorker().getRedis();
		LeaseRedisEndpoint endpoint = LeaseRedisEndpoint.isSeparate(redis)
				? LeaseRedisEndpoint.separate(redis, sslBundles.getIfAvailable())
				: LeaseRedisEndpoint.application(details.getObject(), redisProperties.getIfAvailable(),
						applicationFactory.getIfUnique());
		Customizers customizers = new Customizers((builder) -> {
			endpoint.applyTls(builder);
			clientCustomizers.orderedStream().forEach((customizer) -> customizer.customize(builder));
			endpoint.applyTls(builder);
			if (StringUtils.hasText(redis.getClientName())) {
				builder.clientName(redis.getClientName());
			}
		}, (options) -> {
			endpoint.applySslOptions(options);
			optionsCustomizers.orderedStream().forEach((customizer) -> customizer.customize(options));
		}, (resources) -> resourcesCustomizers.orderedStream().forEach((customizer) -> customizer.customize(resources)));
		return new SnowflakeLeaseConnection(
				RedisLeaseConnections.create(endpoint.configuration(), redis.getCommandTimeout(), customizers), endpoint);
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
		checkServer(connection, worker, namespace, properties.getRegion());
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

	/** The Redis the lease connection reaches (server and database, Sentinel set-up or Cluster), and the store's keys. */
	@Bean
	@ConditionalOnBean({ SnowflakeLeaseConnection.class, RedisWorkerLeaseStore.class })
	@ConditionalOnMissingBean
	UniquenessDomain snowflakeUniquenessDomain(SnowflakeLeaseConnection connection, RedisWorkerLeaseStore store) {
		return connection.endpoint().domain(store.keyPrefix(), store.namespace(), store.region());
	}

	private static void checkServer(SnowflakeLeaseConnection connection, SnowflakeProperties.Worker worker,
			String namespace, int region) {
		String sampleKey = worker.getRedis().getKeyPrefix() + ":{" + namespace + ":" + region + "}:lease:0";
		for (String warning : new RedisLeaseServerCheck(connection.factory(), connection.endpoint().username(), sampleKey,
				worker.getLease().getStartupWaitBudget())
			.verify()) {
			logger.warn("Worker leases (" + connection.endpoint().properties() + ".*): " + warning);
		}
	}

	/** The application's Redis, or a separate one named by {@code snowflake.worker.redis.*}. */
	static final class LeaseRedisCondition extends AnyNestedCondition {

		LeaseRedisCondition() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnBean(DataRedisConnectionDetails.class)
		static final class ApplicationRedis {

		}

		@Conditional(SeparateRedisCondition.class)
		static final class SeparateRedis {

		}

	}

	static final class SeparateRedisCondition extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			boolean separate = Binder.get(context.getEnvironment())
				.bind(LeaseRedisEndpoint.SEPARATE, SnowflakeProperties.Redis.class)
				.map(LeaseRedisEndpoint::isSeparate)
				.orElse(false);
			return separate ? ConditionOutcome.match(LeaseRedisEndpoint.SEPARATE + " names a lease Redis")
					: ConditionOutcome.noMatch(LeaseRedisEndpoint.SEPARATE + " names no lease Redis");
		}

	}

}
