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

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.ConditionalOnSnowflakeEnabled;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.redis.RedisLeaseConnections;
import dev.snowflakeid.redis.RedisLeaseConnections.Customizers;
import dev.snowflakeid.redis.RedisLeaseServerCheck;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.ClientResourcesBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.util.StringUtils;

/**
 * Auto-configuration of the Redis worker-code allocator, the default. The Redis server is
 * the one {@code spring.data.redis.*} selects (standalone, Sentinel, static primary with
 * replicas, or Cluster) unless {@code snowflake.worker.redis.*} names a separate one.
 * Leases get their own Lettuce connection: TLS, credentials and the application's Lettuce
 * customizers as for the application's own client, but a short command timeout, a connect
 * timeout of its own, commands rejected while disconnected instead of replayed later, and
 * every command sent to the primary, whatever the application's own Redis client settings
 * are. Before the first claim the server is checked ({@link RedisLeaseServerCheck}).
 *
 * <p>
 * Nothing here depends on {@code snowflake.worker.allocator} or
 * {@code snowflake.worker.redis.*} at build time: the allocator is a bean either way, and
 * the connection is made, from the settings the application starts with, only when the
 * redis allocator is selected.
 */
@AutoConfiguration(before = SnowflakeAutoConfiguration.class,
		afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnClass(name = { "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory",
		"io.lettuce.core.RedisClient", "org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails" })
@ConditionalOnSnowflakeEnabled
@ConditionalOnMissingBean(IdGenerator.class)
@EnableConfigurationProperties({ SnowflakeProperties.class, SnowflakeRedisProperties.class })
public final class SnowflakeRedisAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RedisWorkerCodeAllocator redisWorkerCodeAllocator(SnowflakeProperties properties,
			SnowflakeRedisProperties redisProperties, ObjectProvider<SnowflakeLayout> layout,
			ObjectProvider<SnowflakeLeaseConnection> connection,
			ObjectProvider<DataRedisConnectionDetails> applicationRedis) {
		return new RedisWorkerCodeAllocator(properties, redisProperties, layout, connection, applicationRedis);
	}

	/**
	 * Lease connection, with its own short timeout and no replay of commands: the
	 * application's Redis, or the separate one {@code snowflake.worker.redis.*} names.
	 * Lazy, so that it exists only when the redis allocator is selected; created while
	 * the lease store is made, it is destroyed after the store and everything that uses
	 * it.
	 */
	@Bean
	@Lazy
	@ConditionalOnMissingBean
	SnowflakeLeaseConnection snowflakeLeaseConnection(SnowflakeRedisProperties redis,
			ObjectProvider<DataRedisConnectionDetails> details, ObjectProvider<DataRedisProperties> redisProperties,
			ObjectProvider<RedisConnectionFactory> applicationFactory, ObjectProvider<SslBundles> sslBundles,
			ObjectProvider<LettuceClientConfigurationBuilderCustomizer> clientCustomizers,
			ObjectProvider<LettuceClientOptionsBuilderCustomizer> optionsCustomizers,
			ObjectProvider<ClientResourcesBuilderCustomizer> resourcesCustomizers) {
		LeaseRedisEndpoint endpoint = PropertiesLeaseRedisConnectionDetails.isConfigured(redis)
				? LeaseRedisEndpoint.separate(redis, sslBundles.getIfAvailable()) : LeaseRedisEndpoint.application(
						details.getObject(), redisProperties.getIfAvailable(), applicationFactory.getIfUnique());
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
		}, (resources) -> resourcesCustomizers.orderedStream()
			.forEach((customizer) -> customizer.customize(resources)));
		return new SnowflakeLeaseConnection(RedisLeaseConnections.create(endpoint.configuration(),
				redis.getCommandTimeout(), redis.getConnectTimeout(), customizers), endpoint);
	}

}
