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

import java.util.List;
import java.util.Objects;

import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import io.lettuce.core.RedisCredentials;
import io.lettuce.core.RedisCredentialsProvider;
import io.lettuce.core.RedisURI;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.util.StringUtils;

/**
 * A separate lease Redis named by {@code snowflake.worker.redis.*}, as connection
 * details: the same shape Spring Boot gives the application's Redis, so that one
 * translation ({@link LeaseRedisEndpoint#of}) turns either into the lease connection's
 * configuration. Cluster nodes win over a Sentinel set-up, which wins over a URL, which
 * wins over host and port.
 */
final class PropertiesLeaseRedisConnectionDetails implements DataRedisConnectionDetails {

	private final SnowflakeRedisProperties properties;

	private final @Nullable RedisURI url;

	private final @Nullable SslBundle bundle;

	PropertiesLeaseRedisConnectionDetails(SnowflakeRedisProperties properties, @Nullable SslBundles bundles) {
		this.properties = properties;
		this.url = StringUtils.hasText(properties.getUrl()) ? parse(properties.getUrl()) : null;
		this.bundle = bundle(properties.getSsl().getBundle(), bundles);
	}

	/**
	 * Whether {@code snowflake.worker.redis.*} names a Redis of its own for the leases.
	 */
	static boolean isConfigured(SnowflakeRedisProperties redis) {
		return StringUtils.hasText(redis.getUrl()) || StringUtils.hasText(redis.getHost())
				|| StringUtils.hasText(redis.getSentinel().getMaster()) || !redis.getCluster().getNodes().isEmpty();
	}

	/** Whether the URL asks for TLS ({@code rediss://}). */
	boolean urlTls() {
		RedisURI url = usedUrl();
		return url != null && url.isSsl();
	}

	@Override
	public @Nullable String getUsername() {
		RedisURI url = usedUrl();
		RedisCredentials credentials = (url != null) ? credentials(url) : null;
		return (credentials != null && credentials.hasUsername()) ? credentials.getUsername()
				: this.properties.getUsername();
	}

	@Override
	public @Nullable String getPassword() {
		RedisURI url = usedUrl();
		RedisCredentials credentials = (url != null) ? credentials(url) : null;
		return (credentials != null && credentials.hasPassword() && credentials.getPassword().length > 0)
				? new String(credentials.getPassword()) : this.properties.getPassword();
	}

	@Override
	public @Nullable SslBundle getSslBundle() {
		return this.bundle;
	}

	@Override
	public Standalone getStandalone() {
		RedisURI url = usedUrl();
		if (url != null) {
			return Standalone.of(url.getHost(), url.getPort(), url.getDatabase());
		}
		// Without a URL, Sentinel or Cluster, a separate lease Redis is configured by its
		// host (see isConfigured).
		String host = Objects.requireNonNull(this.properties.getHost(), "a separate lease Redis names its host");
		return Standalone.of(host, this.properties.getPort(), this.properties.getDatabase());
	}

	@Override
	public @Nullable Sentinel getSentinel() {
		SnowflakeRedisProperties.Sentinel sentinel = this.properties.getSentinel();
		String master = sentinel.getMaster();
		if (getCluster() != null || !StringUtils.hasText(master)) {
			return null;
		}
		int database = this.properties.getDatabase();
		List<Node> nodes = nodes(sentinel.getNodes());
		return new Sentinel() {

			@Override
			public int getDatabase() {
				return database;
			}

			@Override
			public String getMaster() {
				return master;
			}

			@Override
			public List<Node> getNodes() {
				return nodes;
			}

			@Override
			public @Nullable String getUsername() {
				return sentinel.getUsername();
			}

			@Override
			public @Nullable String getPassword() {
				return sentinel.getPassword();
			}

		};
	}

	@Override
	public @Nullable Cluster getCluster() {
		List<String> nodes = this.properties.getCluster().getNodes();
		if (nodes.isEmpty()) {
			return null;
		}
		List<Node> parsed = nodes(nodes);
		return () -> parsed;
	}

	// The URL, unless there is none or a Cluster or Sentinel set-up takes precedence.
	private @Nullable RedisURI usedUrl() {
		RedisURI url = this.url;
		return (url != null && getCluster() == null && !StringUtils.hasText(this.properties.getSentinel().getMaster()))
				? url : null;
	}

	private static List<Node> nodes(List<String> addresses) {
		// A node parsed from host:port has both.
		return addresses.stream()
			.map(RedisNode::fromString)
			.map((node) -> new Node(Objects.requireNonNull(node.getHost(), "host"),
					Objects.requireNonNull(node.getPort(), "port")))
			.toList();
	}

	private static @Nullable SslBundle bundle(@Nullable String name, @Nullable SslBundles bundles) {
		if (!StringUtils.hasText(name)) {
			return null;
		}
		if (bundles == null) {
			throw new InvalidSnowflakeConfigurationException(LeaseRedisEndpoint.SEPARATE + ".ssl.bundle",
					"SSL bundle '" + name + "' is named but no SSL bundles are configured",
					"Define the bundle under spring.ssl.bundle.pem." + name + " (or .jks), or remove "
							+ LeaseRedisEndpoint.SEPARATE + ".ssl.bundle.");
		}
		return bundles.getBundle(name);
	}

	/**
	 * The user name and password of a parsed URL. Lettuce 7 (Spring Boot 4.1) keeps them
	 * only in the URI's credentials provider; a URL's are static, so resolving them never
	 * waits. Null when there are none.
	 */
	private static @Nullable RedisCredentials credentials(RedisURI uri) {
		RedisCredentialsProvider provider = uri.getCredentialsProvider();
		if (provider instanceof RedisCredentialsProvider.ImmediateRedisCredentialsProvider immediate) {
			return immediate.resolveCredentialsNow();
		}
		return provider.resolveCredentials().block();
	}

	private static RedisURI parse(String url) {
		try {
			return RedisURI.create(url);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidSnowflakeConfigurationException(LeaseRedisEndpoint.SEPARATE + ".url",
					"'" + url + "' is not a Redis URL: " + ex.getMessage(), "Set " + LeaseRedisEndpoint.SEPARATE
							+ ".url to redis://[user:password@]host:port[/database] or " + "rediss://... for TLS.");
		}
	}

}
