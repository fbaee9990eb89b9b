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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.redis.UnsuitableRedisException.Topology;
import io.lettuce.core.SocketOptions;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Checks, once before the first claim, that the Redis server behind the lease connection
 * can keep leases safe, reading what the lease user may read:
 * <ul>
 * <li>{@code INFO server}: version {@value #MINIMUM_VERSION} or later, for
 * {@code SET ... PXAT};</li>
 * <li>what the safety of leases rests on, whatever the version says (managed services
 * that hide {@code INFO} fields, renamed commands, other Redis-compatible servers): the
 * {@code INFO} fields {@code run_id} and {@code master_replid} the lease script reads the
 * data's lineage from, {@code TIME}, atomic scripts ({@code EVAL}), {@code SET ... PXAT}
 * inside one, and {@code WAIT} (not probed on a Cluster, whose connection has no command
 * for one node); a server lacking one is refused
 * ({@link UnsuitableRedisException.Reason#CAPABILITY});</li>
 * <li>{@code INFO replication}: the lease connection reached a primary (a static host
 * that names a replica is refused; Cluster commands follow the slot owner, so there every
 * node is checked whatever its role), and no primary has more replicas attached than
 * {@code snowflake.worker.redis.replicas} counts (on a Cluster, no shard), which the
 * lease script would refuse at every grant: refused at once, not after a wait
 * ({@link UnsuitableRedisException.Reason#REPLICA_COUNT}, naming the count and the
 * topology);</li>
 * <li>{@code CONFIG GET replica-read-only}: not {@code no}, on every node reached,
 * primaries included (a deposed primary becomes a replica with its own setting);</li>
 * <li>{@code CONFIG GET maxmemory-policy}: no {@code allkeys-*} policy, which could evict
 * the high-water marks;</li>
 * <li>{@code CONFIG GET cluster-allow-replica-migration}: {@code no} on every node of a
 * Cluster with replicas (a migrated replica is a node the lease script's majority does
 * not count);</li>
 * <li>ACL: with {@code redis.acl_check_cmd} (Redis 7), that the user may run every
 * command the lease scripts call, plus {@code EVAL}, {@code EVALSHA}, {@code INFO},
 * {@code WAIT} and {@code CLIENT ID}, on the lease keys.</li>
 * </ul>
 * {@code CONFIG} is often not permitted (ACL users, managed services): then the check
 * returns a warning naming what to verify by hand, and does not refuse. On a Cluster
 * every node that is not marked failed is checked. Each refusal is an
 * {@link UnsuitableRedisException}.
 *
 * <p>
 * A server that cannot be reached yet is waited for, as applications started together
 * with their Redis (a compose file, a pod) need: while every attempt fails for want of a
 * connection (refused, the connect timeout passed, not connected yet, no reply within the
 * command timeout), the check is tried again, each time anew, until the wait budget ends,
 * and the wait is logged once at its start and then every
 * {@value #REPORT_INTERVAL_SECONDS} seconds. Nothing a server answered is ever retried: a
 * refusal, or an error reply, ends the check at once.
 *
 * <p>
 * This class waits and walks the topology; {@link ServerNode} reads each server's facts,
 * {@link ServerRules} judges them, {@link ServerProbes} tries what cannot be read, and
 * {@link CommandRefusals} tells what a failed command means.
 */
public final class RedisLeaseServerCheck {

	/** Oldest Redis version the lease scripts run on. */
	public static final String MINIMUM_VERSION = "6.2.0";

	private static final long RETRY_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

	/** How often a wait for an unreachable server is logged again. */
	static final int REPORT_INTERVAL_SECONDS = 5;

	private static final Log logger = LogFactory.getLog(RedisLeaseServerCheck.class);

	private final LettuceConnectionFactory factory;

	private final String user;

	private final String sampleKey;

	private final int replicas;

	private final Duration waitBudget;

	private final String address;

	private final String settings;

	private final LongSupplier nanoTime;

	private final LongConsumer parkNanos;

	/**
	 * A check whose messages name the servers of the factory's configuration.
	 * @param factory the lease connection factory, initialized
	 * @param user the user the connection authenticates as, for messages ({@code default}
	 * when none)
	 * @param sampleKey a key of the form the lease store uses, to check key permissions
	 * against
	 * @param replicas the replicas each primary may have,
	 * {@code snowflake.worker.redis.replicas}
	 * @param waitBudget how long to retry while the server cannot be reached
	 */
	public RedisLeaseServerCheck(LettuceConnectionFactory factory, @Nullable String user, String sampleKey,
			int replicas, Duration waitBudget) {
		this(factory, user, sampleKey, replicas, waitBudget, address(factory),
				"the lease connection factory's configuration");
	}

	/**
	 * @param factory the lease connection factory, initialized
	 * @param user the user the connection authenticates as, for messages ({@code default}
	 * when none)
	 * @param sampleKey a key of the form the lease store uses, to check key permissions
	 * against
	 * @param replicas the replicas each primary may have,
	 * {@code snowflake.worker.redis.replicas}
	 * @param waitBudget how long to retry while the server cannot be reached
	 * @param address where the factory connects ({@code host:port}, the sentinels, the
	 * Cluster nodes), for the log lines of a wait and for
	 * {@link RedisUnreachableException}
	 * @param settings the settings that name {@code address}, for
	 * {@link RedisUnreachableException}
	 */
	public RedisLeaseServerCheck(LettuceConnectionFactory factory, @Nullable String user, String sampleKey,
			int replicas, Duration waitBudget, String address, String settings) {
		this(factory, user, sampleKey, replicas, waitBudget, address, settings, RedisLeaseDefaults.NANO_TIME,
				RedisLeaseDefaults.PARK_NANOS);
	}

	/**
	 * A check that measures its wait budget on {@code nanoTime} and waits between
	 * attempts with {@code parkNanos}, so that a test can spend the budget without
	 * waiting.
	 * @param nanoTime monotonic nanoseconds
	 * @param parkNanos waits the given nanoseconds
	 */
	RedisLeaseServerCheck(LettuceConnectionFactory factory, @Nullable String user, String sampleKey, int replicas,
			Duration waitBudget, String address, String settings, LongSupplier nanoTime, LongConsumer parkNanos) {
		this.factory = Objects.requireNonNull(factory, "factory");
		this.user = (user != null && !user.isEmpty()) ? user : "default";
		this.sampleKey = Objects.requireNonNull(sampleKey, "sample key");
		this.replicas = LeaseTiming.requireReplicas(replicas);
		this.waitBudget = Objects.requireNonNull(waitBudget, "wait budget");
		this.address = Objects.requireNonNull(address, "address");
		this.settings = Objects.requireNonNull(settings, "settings");
		this.nanoTime = Objects.requireNonNull(nanoTime, "nano time");
		this.parkNanos = Objects.requireNonNull(parkNanos, "park nanos");
	}

	private static String address(LettuceConnectionFactory factory) {
		if (factory.isClusterAware() && factory.getClusterConfiguration() != null) {
			return RedisLeaseConnections.address(factory.getClusterConfiguration());
		}
		if (factory.isRedisSentinelAware() && factory.getSentinelConfiguration() != null) {
			return RedisLeaseConnections.address(factory.getSentinelConfiguration());
		}
		// the host and port of whatever configuration the factory was made with (its
		// standalone one is a default)
		return factory.getHostName() + ":" + factory.getPort();
	}

	/**
	 * Every command the lease scripts and the lease connection send, lower case, sorted.
	 */
	public static List<String> requiredCommands() {
		return ServerProbes.requiredCommands();
	}

	/**
	 * Runs the checks, trying again while the server cannot be reached until the wait
	 * budget is spent.
	 * @return warnings about what could not be read
	 * @throws UnsuitableRedisException if a setting makes leases unsafe, at once
	 * @throws RedisUnreachableException if the server could not be reached within the
	 * wait budget
	 */
	public List<String> verify() {
		long started = this.nanoTime.getAsLong();
		long deadline = started + this.waitBudget.toNanos();
		long nextReport = started;
		int attempts = 0;
		while (true) {
			attempts++;
			try {
				List<String> warnings = verifyOnce();
				if (attempts > 1) {
					logger.info("Worker leases: the lease Redis at " + this.address + " was reached after "
							+ seconds(this.nanoTime.getAsLong() - started) + " (" + attempts + " attempts)");
				}
				return warnings;
			}
			catch (RuntimeException ex) {
				if (!RedisFailures.unreachable(ex)) {
					if (RedisFailures.connecting(ex)) {
						// the server answered, and refused the connection: a wrong
						// password does not come right
						throw new LeaseStoreUnavailableException("the lease Redis at " + this.address
								+ " refused the connection: " + RedisFailures.describe(ex), ex);
					}
					throw ex;
				}
				long now = this.nanoTime.getAsLong();
				if (now - deadline >= 0) {
					throw new RedisUnreachableException(this.address, this.settings, this.waitBudget, connectTimeout(),
							attempts, ex);
				}
				if (now - nextReport >= 0) {
					String waited = (now == started || attempts == 1) ? "" : " for " + seconds(now - started);
					String line = "Worker leases: waiting" + waited + " for the lease Redis at " + this.address
							+ " to be reachable, " + seconds(deadline - now) + " of the startup wait budget left: "
							+ RedisFailures.describe(ex);
					if (attempts == 1) {
						logger.info(line);
					}
					else {
						logger.warn(line);
					}
					nextReport = now + TimeUnit.SECONDS.toNanos(REPORT_INTERVAL_SECONDS);
				}
				this.parkNanos.accept(Math.min(RETRY_PARK_NANOS, deadline - now));
			}
		}
	}

	private Duration connectTimeout() {
		return this.factory.getClientConfiguration()
			.getClientOptions()
			.map((options) -> options.getSocketOptions().getConnectTimeout())
			.orElse(SocketOptions.DEFAULT_CONNECT_TIMEOUT_DURATION);
	}

	private static String seconds(long nanos) {
		return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
	}

	private List<String> verifyOnce() {
		List<String> warnings = new ArrayList<>();
		CommandRefusals refusals = new CommandRefusals(this.user, this.sampleKey);
		ServerProbes probes = new ServerProbes(refusals);
		if (this.factory.isClusterAware()) {
			try (RedisClusterConnection cluster = this.factory.getClusterConnection()) {
				verifyCluster(cluster, refusals, warnings);
				probes.checkPermissions(cluster, "Cluster");
				probes.checkScripts(cluster, "Cluster");
			}
		}
		else {
			try (RedisConnection connection = this.factory.getConnection()) {
				ServerNode node = ServerNode.of(connection, refusals);
				verifyNode(node, "master", warnings);
				int attached = Integer.parseInt(node.info("replication").getProperty("connected_slaves", "0"));
				ServerRules.requireCountedReplicas(node.name(), attached, this.replicas,
						this.factory.isRedisSentinelAware() ? Topology.SENTINEL : Topology.FIXED);
				probes.checkWait(connection, node.name(),
						this.factory.getClientConfiguration().getCommandTimeout().toMillis());
				probes.checkPermissions(connection, node.name());
				probes.checkScripts(connection, node.name());
			}
		}
		return warnings;
	}

	/**
	 * Every node of a Cluster that is not marked failed, whatever its role: Cluster
	 * commands follow the slot owner (and its redirects), and a topology read right after
	 * a change may list a replica as a primary for a while. With replicas, no node may
	 * let them migrate.
	 */
	private void verifyCluster(RedisClusterConnection cluster, CommandRefusals refusals, List<String> warnings) {
		Iterable<RedisClusterNode> nodes = cluster.clusterGetNodes();
		boolean replicated = false;
		for (RedisClusterNode node : nodes) {
			replicated |= node.isReplica();
		}
		ServerRules.requireCountedShards(nodes, this.replicas);
		for (RedisClusterNode clusterNode : nodes) {
			if (clusterNode.isMarkedAsFail() || !clusterNode.isConnected()) {
				continue;
			}
			ServerNode node = ServerNode.of(cluster, clusterNode, refusals);
			verifyNode(node, null, warnings);
			if (replicated) {
				ServerRules.requireNoReplicaMigration(node.name(),
						config(node, "cluster-allow-replica-migration", warnings));
			}
		}
	}

	/** The rules every server reached must pass, in the order the facts are read. */
	private static void verifyNode(ServerNode node, @Nullable String requiredRole, List<String> warnings) {
		Properties server = node.info("server");
		ServerRules.requireVersion(node.name(), server);
		ServerRules.requireHex(node.name(), server, "run_id");
		Properties replication = node.info("replication");
		ServerRules.requireHex(node.name(), replication, "master_replid");
		node.requireTime();
		ServerRules.requireRole(node.name(), replication, requiredRole);
		ServerRules.requireReadOnlyReplicas(node.name(), config(node, "replica-read-only", warnings));
		ServerRules.requireNoAllKeysEviction(node.name(), config(node, "maxmemory-policy", warnings));
	}

	private static @Nullable String config(ServerNode node, String setting, List<String> warnings) {
		return node.config(setting, ServerRules.safeValue(setting), warnings);
	}

}
