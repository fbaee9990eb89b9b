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
package dev.snowflakeid.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.Period;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.redis.FormatCoexistence;
import dev.snowflakeid.redis.RedisLeaseDefaults;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of the Snowflake ID generator.
 */
@ConfigurationProperties("snowflake")
public class SnowflakeProperties {

	/**
	 * Whether to configure the ID generator.
	 */
	private boolean enabled = true;

	/**
	 * Custom epoch: timestamps count ticks from here. Must lie in the past and never change once IDs exist.
	 */
	private Instant epoch = SnowflakeLayout.DEFAULT_EPOCH;

	/**
	 * Region code written into every ID, below 2^region-bits.
	 */
	private int region = 0;

	private final Layout layout = new Layout();

	private final Clock clock = new Clock();

	private final Sequence sequence = new Sequence();

	private final Worker worker = new Worker();

	private final Jackson jackson = new Jackson();

	private final PublicIdKeyRing publicIds = new PublicIdKeyRing();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Instant getEpoch() {
		return this.epoch;
	}

	public void setEpoch(Instant epoch) {
		this.epoch = epoch;
	}

	public int getRegion() {
		return this.region;
	}

	public void setRegion(int region) {
		this.region = region;
	}

	public Layout getLayout() {
		return this.layout;
	}

	public Clock getClock() {
		return this.clock;
	}

	public Sequence getSequence() {
		return this.sequence;
	}

	public Worker getWorker() {
		return this.worker;
	}

	public Jackson getJackson() {
		return this.jackson;
	}

	public PublicIdKeyRing getPublicIds() {
		return this.publicIds;
	}

	/**
	 * Bit layout of the IDs: sign bit 0, then timestamp, region, worker and sequence.
	 */
	public static class Layout {

		/**
		 * Bits of the timestamp field, counting ticks since the epoch.
		 */
		private int timestampBits = SnowflakeLayout.DEFAULT_TIMESTAMP_BITS;

		/**
		 * Bits of the region field.
		 */
		private int regionBits = SnowflakeLayout.DEFAULT_REGION_BITS;

		/**
		 * Bits of the worker field: worker codes per region is 2^worker-bits.
		 */
		private int workerBits = SnowflakeLayout.DEFAULT_WORKER_BITS;

		/**
		 * Bits of the sequence field: IDs per worker per tick is 2^sequence-bits.
		 */
		private int sequenceBits = SnowflakeLayout.DEFAULT_SEQUENCE_BITS;

		/**
		 * Timestamp unit, a whole number of milliseconds.
		 */
		private Duration tick = SnowflakeLayout.DEFAULT_TICK;

		/**
		 * Startup fails if the layout cannot issue IDs for at least this long from now.
		 */
		private Period requiredLifetime = Period.ofYears(60);

		public int getTimestampBits() {
			return this.timestampBits;
		}

		public void setTimestampBits(int timestampBits) {
			this.timestampBits = timestampBits;
		}

		public int getRegionBits() {
			return this.regionBits;
		}

		public void setRegionBits(int regionBits) {
			this.regionBits = regionBits;
		}

		public int getWorkerBits() {
			return this.workerBits;
		}

		public void setWorkerBits(int workerBits) {
			this.workerBits = workerBits;
		}

		public int getSequenceBits() {
			return this.sequenceBits;
		}

		public void setSequenceBits(int sequenceBits) {
			this.sequenceBits = sequenceBits;
		}

		public Duration getTick() {
			return this.tick;
		}

		public void setTick(Duration tick) {
			this.tick = tick;
		}

		public Period getRequiredLifetime() {
			return this.requiredLifetime;
		}

		public void setRequiredLifetime(Period requiredLifetime) {
			this.requiredLifetime = requiredLifetime;
		}

	}

	/**
	 * Wall-clock policies.
	 */
	public static class Clock {

		/**
		 * Longest wait for a clock that stepped back; larger steps are refused at once.
		 */
		private Duration rollbackWaitBudget = SnowflakeIdGenerator.DEFAULT_ROLLBACK_WAIT_BUDGET;

		/**
		 * Forward clock steps larger than this are counted and logged.
		 */
		private Duration forwardJumpAlert = SnowflakeIdGenerator.DEFAULT_FORWARD_JUMP_ALERT;

		/**
		 * How far ahead of the wall clock an exhausted tick may move on without waiting; 0 turns borrowing off.
		 * Needs a persisted ceiling (the redis allocator, or static with a state file) and must stay below
		 * the lease ceiling lead.
		 */
		private Duration borrowAhead = Duration.ZERO;

		public Duration getRollbackWaitBudget() {
			return this.rollbackWaitBudget;
		}

		public void setRollbackWaitBudget(Duration rollbackWaitBudget) {
			this.rollbackWaitBudget = rollbackWaitBudget;
		}

		public Duration getForwardJumpAlert() {
			return this.forwardJumpAlert;
		}

		public void setForwardJumpAlert(Duration forwardJumpAlert) {
			this.forwardJumpAlert = forwardJumpAlert;
		}

		public Duration getBorrowAhead() {
			return this.borrowAhead;
		}

		public void setBorrowAhead(Duration borrowAhead) {
			this.borrowAhead = borrowAhead;
		}

	}

	/**
	 * Sequence policies.
	 */
	public static class Sequence {

		/**
		 * Longest wait for the next tick once a tick's sequence is used up; 0 refuses at once.
		 */
		private Duration exhaustionWaitBudget = SnowflakeIdGenerator.DEFAULT_EXHAUSTION_WAIT_BUDGET;

		public Duration getExhaustionWaitBudget() {
			return this.exhaustionWaitBudget;
		}

		public void setExhaustionWaitBudget(Duration exhaustionWaitBudget) {
			this.exhaustionWaitBudget = exhaustionWaitBudget;
		}

	}

	/**
	 * How this instance obtains its worker code.
	 */
	public static class Worker {

		/**
		 * Worker-code allocator.
		 */
		private Allocator allocator = Allocator.REDIS;

		// Whether the allocator was configured rather than left at its default.
		private boolean allocatorSet;

		/**
		 * Static worker code, below 2^worker-bits; required with the static allocator, optional with the
		 * in-memory one.
		 */
		private Integer code;

		/**
		 * High-water-mark file of the static allocator; without it the operator guarantees that a code is
		 * never used twice at once and that clocks never step back across restarts.
		 */
		private Path stateFile;

		/**
		 * Whether a missing state file stops startup instead of starting the code without a high-water mark.
		 */
		private boolean stateFileMustExist = false;

		private final Lease lease = new Lease();

		private final Redis redis = new Redis();

		public Allocator getAllocator() {
			return this.allocator;
		}

		public void setAllocator(Allocator allocator) {
			this.allocator = allocator;
			this.allocatorSet = true;
		}

		boolean allocatorSet() {
			return this.allocatorSet;
		}

		public Integer getCode() {
			return this.code;
		}

		public void setCode(Integer code) {
			this.code = code;
		}

		public Path getStateFile() {
			return this.stateFile;
		}

		public void setStateFile(Path stateFile) {
			this.stateFile = stateFile;
		}

		public boolean isStateFileMustExist() {
			return this.stateFileMustExist;
		}

		public void setStateFileMustExist(boolean stateFileMustExist) {
			this.stateFileMustExist = stateFileMustExist;
		}

		public Lease getLease() {
			return this.lease;
		}

		public Redis getRedis() {
			return this.redis;
		}

	}

	/**
	 * Worker-code allocators.
	 */
	public enum Allocator {

		/**
		 * Lease codes from Redis, with fencing and persisted timestamp ceilings.
		 */
		REDIS,

		/**
		 * A code fixed by configuration, optionally with a state file.
		 */
		STATIC,

		/**
		 * For tests only: a code of this application context's own (or snowflake.worker.code), held in memory,
		 * from snowflake-spring-boot-starter-test; startup fails without that library.
		 */
		IN_MEMORY

	}

	/**
	 * Lease timing.
	 */
	public static class Lease {

		/**
		 * How long the store keeps a lease without renewal (how soon a crashed worker's code is free).
		 */
		private Duration ttl = RedisLeaseDefaults.TTL;

		/**
		 * Time between renewals.
		 */
		private Duration renewInterval = LeaseTiming.DEFAULT_RENEW_INTERVAL;

		/**
		 * How long a worker keeps issuing IDs while the lease store does not answer; the ceiling lead (this
		 * plus two renew intervals) and the quarantine after a detected data loss derive from it.
		 */
		private Duration outageTolerance = LeaseTiming.DEFAULT_OUTAGE_TOLERANCE;

		/**
		 * Longest startup wait for a free code and for the clock to enter the granted range. By default it
		 * covers a first start on an empty Redis (the quarantine, the max clock skew, one tick and three
		 * command timeouts), at least 30s; with the redis allocator a shorter one fails startup.
		 */
		private Duration startupWaitBudget;

		/**
		 * Largest allowed difference between this worker's clock and the lease store's clock.
		 */
		private Duration maxClockSkew = LeaseTiming.DEFAULT_MAX_CLOCK_SKEW;

		/**
		 * Fleet-wide bound on the lead of every instance of the key space (outage tolerance + 2 renew intervals +
		 * max clock skew + command timeout), recorded with the key space's format; the quarantine after a detected
		 * data loss is this plus max clock skew, command timeout and failover window.
		 */
		private Duration fleetLeadLimit = LeaseTiming.DEFAULT_LEAD_LIMIT;

		public Duration getTtl() {
			return this.ttl;
		}

		public void setTtl(Duration ttl) {
			this.ttl = ttl;
		}

		public Duration getRenewInterval() {
			return this.renewInterval;
		}

		public void setRenewInterval(Duration renewInterval) {
			this.renewInterval = renewInterval;
		}

		public Duration getOutageTolerance() {
			return this.outageTolerance;
		}

		public void setOutageTolerance(Duration outageTolerance) {
			this.outageTolerance = outageTolerance;
		}

		public Duration getStartupWaitBudget() {
			return this.startupWaitBudget;
		}

		public void setStartupWaitBudget(Duration startupWaitBudget) {
			this.startupWaitBudget = startupWaitBudget;
		}

		public Duration getMaxClockSkew() {
			return this.maxClockSkew;
		}

		public void setMaxClockSkew(Duration maxClockSkew) {
			this.maxClockSkew = maxClockSkew;
		}

		public Duration getFleetLeadLimit() {
			return this.fleetLeadLimit;
		}

		public void setFleetLeadLimit(Duration fleetLeadLimit) {
			this.fleetLeadLimit = fleetLeadLimit;
		}

	}

	/**
	 * Redis lease store; the server is the application's (spring.data.redis.*) unless url, host, sentinel or
	 * cluster is set here.
	 */
	public static class Redis {

		/**
		 * Uniqueness domain within the Redis database: applications whose IDs may meet must share it.
		 */
		private String namespace = RedisLeaseDefaults.NAMESPACE;

		/**
		 * Prefix of every lease key.
		 */
		private String keyPrefix = RedisLeaseDefaults.KEY_PREFIX;

		/**
		 * Timeout of each lease command; well inside the renew interval.
		 */
		private Duration commandTimeout = RedisLeaseDefaults.COMMAND_TIMEOUT;

		/**
		 * Longest wait for a connection to the lease Redis to be set up, each attempt; separate from the
		 * command timeout.
		 */
		private Duration connectTimeout = RedisLeaseDefaults.CONNECT_TIMEOUT;

		/**
		 * Number of replicas each Redis primary has, counting chained replicas and every node that may ever
		 * follow it. Leases are granted only while the primary and the replicas online within the lag limit
		 * are a majority of these nodes (half the replicas, rounded up), and each grant waits until that many
		 * hold it. 0 for a primary without replicas. A primary with more replicas attached refuses to grant.
		 */
		private int replicas;

		/**
		 * Removed: replaced by replicas. Bound only so that a configuration still setting it fails at startup
		 * instead of leaving replicas at 0.
		 */
		private Integer minReplicas;

		/**
		 * Largest replica lag, whole seconds, at which leases are still granted; bounds how long a deposed
		 * primary keeps granting.
		 */
		private Duration maxReplicaLag = RedisLeaseDefaults.MAX_REPLICA_LAG;

		/**
		 * Whether this instance's ID format may differ from the one the key space records: side-by-side lets it
		 * take an unused region of its own where timestamp bits, region bits, tick and epoch are equal.
		 */
		private FormatCoexistence formatCoexistence = FormatCoexistence.NONE;

		/**
		 * Name the lease connection gives itself with CLIENT SETNAME, shown by CLIENT LIST.
		 */
		private String clientName = "snowflake-lease";

		/**
		 * Redis URL of a separate lease Redis (redis:// or rediss:// for TLS); overrides host, port,
		 * database, username and password.
		 */
		private String url;

		/**
		 * Host of a separate lease Redis.
		 */
		private String host;

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
		private String username;

		/**
		 * Login password of a separate lease Redis.
		 */
		private String password;

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

		public Integer getMinReplicas() {
			return this.minReplicas;
		}

		public void setMinReplicas(Integer minReplicas) {
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

		public String getUrl() {
			return this.url;
		}

		public void setUrl(String url) {
			this.url = url;
		}

		public String getHost() {
			return this.host;
		}

		public void setHost(String host) {
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

		public String getUsername() {
			return this.username;
		}

		public void setUsername(String username) {
			this.username = username;
		}

		public String getPassword() {
			return this.password;
		}

		public void setPassword(String password) {
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
			private Boolean enabled;

			/**
			 * SSL bundle with the trust material (and, for mutual TLS, the key material).
			 */
			private String bundle;

			public Boolean getEnabled() {
				return this.enabled;
			}

			public void setEnabled(Boolean enabled) {
				this.enabled = enabled;
			}

			public String getBundle() {
				return this.bundle;
			}

			public void setBundle(String bundle) {
				this.bundle = bundle;
			}

		}

		/**
		 * Sentinel set-up of a separate lease Redis.
		 */
		public static class Sentinel {

			/**
			 * Name of the primary the sentinels monitor.
			 */
			private String master;

			/**
			 * Sentinels as host:port pairs.
			 */
			private List<String> nodes = new ArrayList<>();

			/**
			 * Login username of the sentinels.
			 */
			private String username;

			/**
			 * Login password of the sentinels.
			 */
			private String password;

			public String getMaster() {
				return this.master;
			}

			public void setMaster(String master) {
				this.master = master;
			}

			public List<String> getNodes() {
				return this.nodes;
			}

			public void setNodes(List<String> nodes) {
				this.nodes = nodes;
			}

			public String getUsername() {
				return this.username;
			}

			public void setUsername(String username) {
				this.username = username;
			}

			public String getPassword() {
				return this.password;
			}

			public void setPassword(String password) {
				this.password = password;
			}

		}

		/**
		 * Cluster set-up of a separate lease Redis.
		 */
		public static class Cluster {

			/**
			 * Initial cluster nodes as host:port pairs; at least one must answer.
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

	/**
	 * JSON representation of IDs.
	 */
	public static class Jackson {

		/**
		 * Whether to register the Jackson modules that write IDs as strings.
		 */
		private boolean enabled = true;

		/**
		 * Whether to write every long and Long as a JSON string, not only properties marked as IDs.
		 */
		private boolean writeAllLongsAsStrings = false;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public boolean isWriteAllLongsAsStrings() {
			return this.writeAllLongsAsStrings;
		}

		public void setWriteAllLongsAsStrings(boolean writeAllLongsAsStrings) {
			this.writeAllLongsAsStrings = writeAllLongsAsStrings;
		}

	}

	/**
	 * Keys of the public IDs (@PublicId): a key ring with one active key.
	 */
	public static class PublicIdKeyRing {

		/**
		 * Identifier of the key that makes new public IDs: a lowercase letter, one of the keys.
		 */
		private String activeKey;

		/**
		 * AES keys by identifier (a lowercase letter a-z): 16, 24 or 32 random bytes in Base64, such as the output
		 * of 'openssl rand -base64 32'. Public IDs made under any of them decode.
		 */
		private Map<String, String> keys = new LinkedHashMap<>();

		public String getActiveKey() {
			return this.activeKey;
		}

		public void setActiveKey(String activeKey) {
			this.activeKey = activeKey;
		}

		public Map<String, String> getKeys() {
			return this.keys;
		}

		public void setKeys(Map<String, String> keys) {
			this.keys = keys;
		}

		/** Key identifiers only; never key material. */
		@Override
		public String toString() {
			return "PublicIdKeyRing[activeKey=" + this.activeKey + ", keys=" + new TreeSet<>(this.keys.keySet()) + "]";
		}

	}

}
