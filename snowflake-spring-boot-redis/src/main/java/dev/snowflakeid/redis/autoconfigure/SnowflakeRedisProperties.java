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
import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.redis.FormatCoexistence;
import dev.snowflakeid.redis.RedisLeaseDefaults;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Redis lease store of the worker codes ({@code snowflake.worker.allocator=redis}); the
 * server is the application's (spring.data.redis.*) unless url, host, sentinel or cluster
 * is set here.
 */
@ConfigurationProperties("snowflake.worker.redis")
public class SnowflakeRedisProperties {

	/**
	 * Namespace the region belongs to: each region of a key space has one, enforced.
	 * Namespaces are labels of regions, not a separation: two namespaces in one region
	 * would issue the same IDs, so applications whose IDs may meet share it
	 * (docs/safety-model.md#uniqueness-domain).
	 */
	private String namespace = RedisLeaseDefaults.NAMESPACE;

	/**
	 * Prefix of every lease key.
	 */
	private String keyPrefix = RedisLeaseDefaults.KEY_PREFIX;

	/**
	 * Timeout of each lease command; below the renew interval, whatever the application's
	 * own Redis client settings are.
	 */
	private Duration commandTimeout = RedisLeaseDefaults.COMMAND_TIMEOUT;

	/**
	 * Longest wait for a connection to the lease Redis to be set up, each attempt;
	 * separate from the command timeout.
	 */
	private Duration connectTimeout = RedisLeaseDefaults.CONNECT_TIMEOUT;

	/**
	 * Number of replicas each Redis primary has, counting chained replicas and every node
	 * that may ever follow it. Leases are granted only while the primary and the replicas
	 * online within the lag limit are a majority of these nodes (half the replicas,
	 * rounded up), and each grant waits until that many hold it (WAIT). 0 for a primary
	 * without replicas: then a primary with any replica attached refuses to grant, as
	 * does one with more replicas attached than this.
	 */
	private int replicas;

	/**
	 * Removed: replaced by replicas. Bound only so that a configuration still setting it
	 * fails at startup instead of leaving replicas at 0.
	 */
	private @Nullable Integer minReplicas;

	/**
	 * Largest replica lag, whole seconds and at least 1s (an idle, healthy replica
	 * reports lag 1 in about half of all samples), at which leases are still granted;
	 * bounds how long a deposed primary keeps granting.
	 */
	private Duration maxReplicaLag = RedisLeaseDefaults.MAX_REPLICA_LAG;

	/**
	 * Whether this instance's ID format may differ from the one the key space records:
	 * side-by-side lets it take a region no instance has used yet where timestamp bits,
	 * region bits, tick and epoch are equal; the region then keeps this format
	 * (docs/safety-model.md#uniqueness-domain).
	 */
	private FormatCoexistence formatCoexistence = FormatCoexistence.NONE;

	/**
	 * Name the lease connection gives itself with CLIENT SETNAME, shown by CLIENT LIST.
	 */
	private String clientName = "snowflake-lease";

	/**
	 * Redis URL of a separate lease Redis (redis:// or rediss:// for TLS); overrides
	 * host, port, database, username and password.
	 */
	private @Nullable String url;

	/**
	 * Host of a separate lease Redis; unset (with no url, sentinel or cluster), the
	 * leases use the application's Redis (spring.data.redis.*).
	 */
	private @Nullable String host;

	/**
	 * Port of a separate lease Redis.
	 */
	private int port = 6379;

	/**
	 * Database index of a separate lease Redis.
	 */
	private int database = 0;

	/**
	 * Login username of a separate lease Redis (an ACL user).
	 */
	private @Nullable String username;

	/**
	 * Login password of a separate lease Redis.
	 */
	private @Nullable String password;

	private final Ssl ssl = new Ssl();

	private final Sentinel sentinel = new Sentinel();

	private final Cluster cluster = new Cluster();

	public String getNamespace() {
		return this.namespace;
	}

	public void setNamespace(String namespace) {
		this.namespace = namespace;
	}

	public String getKeyPrefix() {
		return this.keyPrefix;
	}

	public void setKeyPrefix(String keyPrefix) {
		this.keyPrefix = keyPrefix;
	}

	public Duration getCommandTimeout() {
		return this.commandTimeout;
	}

	public void setCommandTimeout(Duration commandTimeout) {
		this.commandTimeout = commandTimeout;
	}

	public Duration getConnectTimeout() {
		return this.connectTimeout;
	}

	public void setConnectTimeout(Duration connectTimeout) {
		this.connectTimeout = connectTimeout;
	}

	public int getReplicas() {
		return this.replicas;
	}

	public void setReplicas(int replicas) {
		this.replicas = replicas;
	}

	public @Nullable Integer getMinReplicas() {
		return this.minReplicas;
	}

	public void setMinReplicas(@Nullable Integer minReplicas) {
		this.minReplicas = minReplicas;
	}

	public Duration getMaxReplicaLag() {
		return this.maxReplicaLag;
	}

	public void setMaxReplicaLag(Duration maxReplicaLag) {
		this.maxReplicaLag = maxReplicaLag;
	}

	public FormatCoexistence getFormatCoexistence() {
		return this.formatCoexistence;
	}

	public void setFormatCoexistence(FormatCoexistence formatCoexistence) {
		this.formatCoexistence = formatCoexistence;
	}

	public String getClientName() {
		return this.clientName;
	}

	public void setClientName(String clientName) {
		this.clientName = clientName;
	}

	public @Nullable String getUrl() {
		return this.url;
	}

	public void setUrl(@Nullable String url) {
		this.url = url;
	}

	public @Nullable String getHost() {
		return this.host;
	}

	public void setHost(@Nullable String host) {
		this.host = host;
	}

	public int getPort() {
		return this.port;
	}

	public void setPort(int port) {
		this.port = port;
	}

	public int getDatabase() {
		return this.database;
	}

	public void setDatabase(int database) {
		this.database = database;
	}

	public @Nullable String getUsername() {
		return this.username;
	}

	public void setUsername(@Nullable String username) {
		this.username = username;
	}

	public @Nullable String getPassword() {
		return this.password;
	}

	public void setPassword(@Nullable String password) {
		this.password = password;
	}

	public Ssl getSsl() {
		return this.ssl;
	}

	public Sentinel getSentinel() {
		return this.sentinel;
	}

	public Cluster getCluster() {
		return this.cluster;
	}

	/**
	 * TLS of a separate lease Redis.
	 */
	public static class Ssl {

		/**
		 * Whether to use TLS; on when a bundle is set or the URL is rediss://.
		 */
		private @Nullable Boolean enabled;

		/**
		 * SSL bundle with the trust material (and, for mutual TLS, the key material).
		 */
		private @Nullable String bundle;

		public @Nullable Boolean getEnabled() {
			return this.enabled;
		}

		public void setEnabled(@Nullable Boolean enabled) {
			this.enabled = enabled;
		}

		public @Nullable String getBundle() {
			return this.bundle;
		}

		public void setBundle(@Nullable String bundle) {
			this.bundle = bundle;
		}

	}

	/**
	 * Sentinel set-up of a separate lease Redis.
	 */
	public static class Sentinel {

		/**
		 * Name of the primary the sentinels monitor, for a separate lease Redis behind
		 * Sentinel.
		 */
		private @Nullable String master;

		/**
		 * Sentinels as host:port pairs.
		 */
		private List<String> nodes = new ArrayList<>();

		/**
		 * Login username of the sentinels.
		 */
		private @Nullable String username;

		/**
		 * Login password of the sentinels.
		 */
		private @Nullable String password;

		public @Nullable String getMaster() {
			return this.master;
		}

		public void setMaster(@Nullable String master) {
			this.master = master;
		}

		public List<String> getNodes() {
			return this.nodes;
		}

		public void setNodes(List<String> nodes) {
			this.nodes = nodes;
		}

		public @Nullable String getUsername() {
			return this.username;
		}

		public void setUsername(@Nullable String username) {
			this.username = username;
		}

		public @Nullable String getPassword() {
			return this.password;
		}

		public void setPassword(@Nullable String password) {
			this.password = password;
		}

	}

	/**
	 * Cluster set-up of a separate lease Redis.
	 */
	public static class Cluster {

		/**
		 * Initial nodes of a separate lease Redis Cluster as host:port pairs; at least
		 * one must answer.
		 */
		private List<String> nodes = new ArrayList<>();

		public List<String> getNodes() {
			return this.nodes;
		}

		public void setNodes(List<String> nodes) {
			this.nodes = nodes;
		}

	}

}
