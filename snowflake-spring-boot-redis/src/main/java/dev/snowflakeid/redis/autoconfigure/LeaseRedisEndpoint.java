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

import java.util.Collection;
import java.util.List;
import java.util.Objects;

import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.redis.RedisLeaseConnections;
import io.lettuce.core.ClientOptions;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.ssl.SslOptions;
import org.springframework.data.redis.connection.NamedNode;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.RedisStaticMasterReplicaConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.util.StringUtils;

/**
 * The Redis the leases use and how to reach it: the application's
 * ({@code spring.data.redis.*}) or a separate one ({@code snowflake.worker.redis.*}). TLS
 * is on whenever anything the application configured turns it on (an SSL bundle,
 * {@code ssl.enabled}, a {@code rediss://} URL, or the application's own Lettuce factory
 * using TLS), and then it cannot be turned off: the lease connection fails rather than
 * fall back to plaintext.
 *
 * @param configuration where the servers are, with credentials
 * @param username the ACL user, or {@code null} for {@code default}
 * @param tls whether the lease connection must use TLS
 * @param bundle trust and key material, or {@code null} for the JVM's defaults
 * @param properties the property prefix that configured it, for messages
 */
record LeaseRedisEndpoint(RedisConfiguration configuration, @Nullable String username, boolean tls,
		@Nullable SslBundle bundle, String properties) {

	static final String APPLICATION = "spring.data.redis";

	static final String SEPARATE = "snowflake.worker.redis";

	/** A separate lease Redis from {@code snowflake.worker.redis.*}. */
	static LeaseRedisEndpoint separate(SnowflakeRedisProperties redis, @Nullable SslBundles bundles) {
		PropertiesLeaseRedisConnectionDetails details = new PropertiesLeaseRedisConnectionDetails(redis, bundles);
		SnowflakeRedisProperties.Ssl ssl = redis.getSsl();
		boolean named = details.getSslBundle() != null;
		if (Boolean.FALSE.equals(ssl.getEnabled()) && (named || details.urlTls())) {
			throw new InvalidSnowflakeConfigurationException(SEPARATE + ".ssl.enabled",
					"TLS is switched off but " + (named ? "an SSL bundle is named" : "the URL is rediss://"),
					"Remove " + SEPARATE + ".ssl.enabled=false: the lease connection never falls back to plaintext.");
		}
		return of(details, Boolean.TRUE.equals(ssl.getEnabled()) || details.urlTls(), SEPARATE);
	}

	/** The application's Redis, as Spring Boot's own Lettuce client reaches it. */
	static LeaseRedisEndpoint application(DataRedisConnectionDetails details, @Nullable DataRedisProperties properties,
			@Nullable RedisConnectionFactory applicationFactory) {
		boolean urlTls = properties != null && StringUtils.hasText(properties.getUrl())
				&& properties.getUrl().regionMatches(true, 0, "rediss:", 0, 7);
		boolean factoryTls = applicationFactory instanceof LettuceConnectionFactory lettuce
				&& lettuce.getClientConfiguration().isUseSsl();
		return of(details, urlTls || factoryTls, APPLICATION);
	}

	/**
	 * The one translation of connection details into the lease connection's
	 * configuration: Sentinel, Cluster, a fixed primary with replicas, or one server; TLS
	 * when {@code tls} or an SSL bundle asks for it.
	 */
	static LeaseRedisEndpoint of(DataRedisConnectionDetails details, boolean tls, String properties) {
		RedisConfiguration configuration;
		if (details.getSentinel() != null) {
			DataRedisConnectionDetails.Sentinel source = details.getSentinel();
			RedisSentinelConfiguration sentinel = new RedisSentinelConfiguration();
			sentinel.master(source.getMaster());
			sentinel.setSentinels(nodes(source.getNodes()));
			sentinel.setDatabase(source.getDatabase());
			sentinel.setSentinelUsername(source.getUsername());
			if (source.getPassword() != null) {
				sentinel.setSentinelPassword(RedisPassword.of(source.getPassword()));
			}
			configuration = sentinel;
		}
		else if (details.getCluster() != null) {
			RedisClusterConfiguration cluster = new RedisClusterConfiguration();
			cluster.setClusterNodes(nodes(details.getCluster().getNodes()));
			configuration = cluster;
		}
		else if (details.getMasterReplica() != null && !details.getMasterReplica().getNodes().isEmpty()) {
			List<DataRedisConnectionDetails.Node> nodes = details.getMasterReplica().getNodes();
			RedisStaticMasterReplicaConfiguration masterReplica = new RedisStaticMasterReplicaConfiguration(
					nodes.get(0).host(), nodes.get(0).port());
			nodes.stream().skip(1).forEach((node) -> masterReplica.addNode(node.host(), node.port()));
			configuration = masterReplica;
		}
		else {
			DataRedisConnectionDetails.Standalone source = Objects.requireNonNull(details.getStandalone(),
					"connection details without Sentinel, Cluster or fixed replicas describe one server");
			RedisStandaloneConfiguration standalone = new RedisStandaloneConfiguration(source.getHost(),
					source.getPort());
			standalone.setDatabase(source.getDatabase());
			configuration = standalone;
		}
		String username = details.getUsername();
		authenticate(configuration, username, details.getPassword());
		SslBundle bundle = details.getSslBundle();
		return new LeaseRedisEndpoint(configuration, username, tls || bundle != null, bundle, properties);
	}

	/**
	 * The uniqueness domain of a lease store with these keys on this Redis. A Sentinel
	 * set-up is named by its primary's name and sentinels, a fixed primary with replicas
	 * by its nodes: whichever node is primary now, they are one lease store.
	 */
	UniquenessDomain domain(String keyPrefix, String namespace, int region) {
		if (this.configuration instanceof RedisClusterConfiguration cluster) {
			return UniquenessDomain.redisCluster(addresses(cluster.getClusterNodes()), keyPrefix, namespace, region);
		}
		if (this.configuration instanceof RedisSentinelConfiguration sentinel) {
			NamedNode master = Objects.requireNonNull(sentinel.getMaster(),
					"a sentinel configuration names its primary");
			return UniquenessDomain.redis(
					"sentinel " + master.getName() + " via " + String.join(",", addresses(sentinel.getSentinels())),
					sentinel.getDatabase(), keyPrefix, namespace, region);
		}
		if (this.configuration instanceof RedisStaticMasterReplicaConfiguration masterReplica) {
			List<String> nodes = masterReplica.getNodes()
				.stream()
				.map((node) -> node.getHostName() + ":" + node.getPort())
				.toList();
			return UniquenessDomain.redis(String.join(",", nodes), masterReplica.getDatabase(), keyPrefix, namespace,
					region);
		}
		RedisStandaloneConfiguration standalone = (RedisStandaloneConfiguration) this.configuration;
		return UniquenessDomain.redis(standalone.getHostName() + ":" + standalone.getPort(), standalone.getDatabase(),
				keyPrefix, namespace, region);
	}

	/**
	 * Where the lease connection goes, for messages: {@code host:port}, the sentinels and
	 * the primary's name, or the nodes.
	 */
	String address() {
		return RedisLeaseConnections.address(this.configuration);
	}

	/** The settings that name {@link #address()}. */
	String addressSettings() {
		if (this.configuration instanceof RedisClusterConfiguration) {
			return this.properties + ".cluster.nodes";
		}
		if (this.configuration instanceof RedisSentinelConfiguration) {
			return this.properties + ".sentinel.master and " + this.properties + ".sentinel.nodes";
		}
		if (this.configuration instanceof RedisStaticMasterReplicaConfiguration) {
			return this.properties + ".masterreplica.nodes";
		}
		return this.properties + ".host and " + this.properties + ".port (or " + this.properties + ".url)";
	}

	private static List<String> addresses(Collection<RedisNode> nodes) {
		return nodes.stream().map((node) -> node.getHost() + ":" + node.getPort()).toList();
	}

	private static List<RedisNode> nodes(List<DataRedisConnectionDetails.Node> nodes) {
		return nodes.stream().map((node) -> new RedisNode(node.host(), node.port())).toList();
	}

	private static void authenticate(RedisConfiguration configuration, @Nullable String username,
			@Nullable String password) {
		if (configuration instanceof RedisConfiguration.WithAuthentication authenticated) {
			authenticated.setUsername(username);
			if (password != null) {
				authenticated.setPassword(RedisPassword.of(password));
			}
		}
	}

	/**
	 * Turns TLS on when required; called before and after the application's customizers.
	 */
	void applyTls(LettuceClientConfigurationBuilder builder) {
		if (this.tls) {
			builder.useSsl();
		}
	}

	/**
	 * Trust and key material, ciphers and protocols of the SSL bundle, as Spring Boot
	 * applies them.
	 */
	void applySslOptions(ClientOptions.Builder options) {
		if (this.bundle == null) {
			return;
		}
		io.lettuce.core.SslOptions.Builder ssl = io.lettuce.core.SslOptions.builder()
			.keyManager(this.bundle.getManagers().getKeyManagerFactory())
			.trustManager(this.bundle.getManagers().getTrustManagerFactory());
		SslOptions bundleOptions = this.bundle.getOptions();
		if (bundleOptions.getCiphers() != null) {
			ssl.cipherSuites(bundleOptions.getCiphers());
		}
		if (bundleOptions.getEnabledProtocols() != null) {
			ssl.protocols(bundleOptions.getEnabledProtocols());
		}
		options.sslOptions(ssl.build());
	}

}
