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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.async.RedisAsyncCommands;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Checks, once before the first claim, that the Redis server behind the lease connection can keep leases
 * safe, reading what the lease user may read:
 * <ul>
 * <li>{@code INFO server}: version {@value #MINIMUM_VERSION} or later, for {@code SET ... PXAT};</li>
 * <li>what the safety of leases rests on, whatever the version says (managed services that hide
 * {@code INFO} fields, renamed commands, other Redis-compatible servers): the {@code INFO} fields
 * {@code run_id} and {@code master_replid} the lease script reads the data's lineage from, {@code TIME},
 * atomic scripts ({@code EVAL}), {@code SET ... PXAT} inside one, and {@code WAIT} (not probed on a
 * Cluster, whose connection has no command for one node); a server lacking one is refused with a
 * {@link UnsuitableRedisException.Reason#CAPABILITY};</li>
 * <li>{@code INFO replication}: the lease connection reached a primary (a static host that names a
 * replica is refused; Cluster commands follow the slot owner, so there every node is checked whatever its
 * role), and no primary has more replicas attached than {@code snowflake.worker.redis.replicas} counts (on a
 * Cluster, no shard), which the lease script would refuse at every grant: refused at once with a
 * {@link UnsuitableRedisException.Reason#REPLICA_COUNT} that names the count and the topology, not after a
 * wait;</li>
 * <li>{@code CONFIG GET replica-read-only}: not {@code no}, on every node reached, primaries included (a
 * deposed primary becomes a replica with its own setting);</li>
 * <li>{@code CONFIG GET maxmemory-policy}: no {@code allkeys-*} policy, which could evict the high-water
 * marks;</li>
 * <li>{@code CONFIG GET cluster-allow-replica-migration}: {@code no} on every node of a Cluster with replicas
 * (a migrated replica is a node the lease script's majority does not count);</li>
 * <li>ACL: with {@code redis.acl_check_cmd} (Redis 7), that the user may run every command the lease
 * scripts call, plus {@code EVAL}, {@code EVALSHA}, {@code INFO}, {@code WAIT} and {@code CLIENT ID}, on the
 * lease keys.</li>
 * </ul>
 * {@code CONFIG} is often not permitted (ACL users, managed services): then the check returns a warning
 * naming what to verify by hand, and does not refuse. On a Cluster every node that is not marked failed is
 * checked. Each refusal is an {@link UnsuitableRedisException}.
 *
 * <p>A server that cannot be reached yet is waited for, as applications started together with their Redis
 * (a compose file, a pod) need: while every attempt fails for want of a connection (refused, the connect
 * timeout passed, not connected yet, no reply within the command timeout), the check is tried again, each
 * time anew, until the wait budget ends, and the wait is logged once at its start and then every
 * {@value #REPORT_INTERVAL_SECONDS} seconds. Nothing a server answered is ever retried: a refusal, or an
 * error reply, ends the check at once.
 */
public final class RedisLeaseServerCheck {

	/** Oldest Redis version the lease scripts run on. */
	public static final String MINIMUM_VERSION = "6.2.0";

	/**
	 * Commands the lease connection sends itself, besides those the scripts call: SCAN looks for region states
	 * before a key space's missing format record is made ({@link FormatRecord}).
	 */
	private static final List<String> CONNECTION_COMMANDS = List.of("client|id", "eval", "evalsha", "info", "scan",
			"wait");

	private static final String PROBE_SCRIPT = "acl-probe.lua";

	private static final String CAPABILITY_SCRIPT = "capability-probe.lua";

	/** How the lease script reads the lineage: hexadecimal {@code run_id} and {@code master_replid}. */
	private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]+");

	private static final Pattern SCRIPT_CALL = Pattern.compile("redis\\.p?call\\(\\s*['\"]([A-Za-z]+)['\"]");

	private static final Pattern NOPERM_COMMAND = Pattern.compile("NOPERM.*?run the '([^']+)' command");

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

	/**
	 * A check whose messages name the servers of the factory's configuration.
	 * @param factory the lease connection factory, initialized
	 * @param user the user the connection authenticates as, for messages ({@code default} when none)
	 * @param sampleKey a key of the form the lease store uses, to check key permissions against
	 * @param replicas the replicas each primary may have, {@code snowflake.worker.redis.replicas}
	 * @param waitBudget how long to retry while the server cannot be reached
	 */
	public RedisLeaseServerCheck(LettuceConnectionFactory factory, String user, String sampleKey, int replicas,
			Duration waitBudget) {
		this(factory, user, sampleKey, replicas, waitBudget, address(factory),
				"the lease connection factory's configuration");
	}

	/**
	 * @param factory the lease connection factory, initialized
	 * @param user the user the connection authenticates as, for messages ({@code default} when none)
	 * @param sampleKey a key of the form the lease store uses, to check key permissions against
	 * @param replicas the replicas each primary may have, {@code snowflake.worker.redis.replicas}
	 * @param waitBudget how long to retry while the server cannot be reached
	 * @param address where the factory connects ({@code host:port}, the sentinels, the Cluster nodes), for
	 * the log lines of a wait and for {@link RedisUnreachableException}
	 * @param settings the settings that name {@code address}, for {@link RedisUnreachableException}
	 */
	public RedisLeaseServerCheck(LettuceConnectionFactory factory, String user, String sampleKey, int replicas,
			Duration waitBudget, String address, String settings) {
		this.factory = Objects.requireNonNull(factory, "factory");
		this.user = (user != null && !user.isEmpty()) ? user : "default";
		this.sampleKey = Objects.requireNonNull(sampleKey, "sample key");
		this.replicas = LeaseTiming.requireReplicas(replicas);
		this.waitBudget = Objects.requireNonNull(waitBudget, "wait budget");
		this.address = Objects.requireNonNull(address, "address");
		this.settings = Objects.requireNonNull(settings, "settings");
	}

	private static String address(LettuceConnectionFactory factory) {
		if (factory.isClusterAware() && factory.getClusterConfiguration() != null) {
			return RedisLeaseConnections.address(factory.getClusterConfiguration());
		}
		if (factory.isRedisSentinelAware() && factory.getSentinelConfiguration() != null) {
			return RedisLeaseConnections.address(factory.getSentinelConfiguration());
		}
		// the host and port of whatever configuration the factory was made with (its standalone one is a default)
		return factory.getHostName() + ":" + factory.getPort();
	}

	/** Every command the lease scripts and the lease connection send, lower case, sorted. */
	public static List<String> requiredCommands() {
		TreeSet<String> commands = new TreeSet<>(CONNECTION_COMMANDS);
		try {
			for (Resource script : new PathMatchingResourcePatternResolver(RedisLeaseServerCheck.class.getClassLoader())
				.getResources("classpath*:dev/snowflakeid/redis/*.lua")) {
				if (PROBE_SCRIPT.equals(script.getFilename())) {
					continue;
				}
				try (InputStream in = script.getInputStream()) {
					Matcher call = SCRIPT_CALL.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
					while (call.find()) {
						commands.add(call.group(1).toLowerCase(Locale.ROOT));
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read the lease scripts", ex);
		}
		return List.copyOf(commands);
	}

	/**
	 * Runs the checks, trying again while the server cannot be reached until the wait budget is spent.
	 * @return warnings about what could not be read
	 * @throws UnsuitableRedisException if a setting makes leases unsafe, at once
	 * @throws RedisUnreachableException if the server could not be reached within the wait budget
	 */
	public List<String> verify() {
		long started = System.nanoTime();
		long deadline = started + this.waitBudget.toNanos();
		long nextReport = started;
		int attempts = 0;
		while (true) {
			attempts++;
			try {
				List<String> warnings = verifyOnce();
				if (attempts > 1) {
					logger.info("Worker leases: the lease Redis at " + this.address + " was reached after "
							+ seconds(System.nanoTime() - started) + " (" + attempts + " attempts)");
				}
				return warnings;
			}
			catch (RuntimeException ex) {
				if (!RedisFailures.unreachable(ex)) {
					if (RedisFailures.connecting(ex)) {
						// the server answered, and refused the connection: a wrong password does not come right
						throw new LeaseStoreUnavailableException("the lease Redis at " + this.address
								+ " refused the connection: " + RedisFailures.describe(ex), ex);
					}
					throw ex;
				}
				long now = System.nanoTime();
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
				LockSupport.parkNanos(Math.min(RETRY_PARK_NANOS, deadline - now));
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
		if (this.factory.isClusterAware()) {
			try (RedisClusterConnection cluster = this.factory.getClusterConnection()) {
				Iterable<RedisClusterNode> nodes = cluster.clusterGetNodes();
				boolean replicated = false;
				Map<String, Integer> shards = new HashMap<>();
				for (RedisClusterNode node : nodes) {
					replicated |= node.isReplica();
					if (node.isReplica() && node.getMasterId() != null) {
						shards.merge(node.getMasterId(), 1, Integer::sum);
					}
				}
				checkShards(nodes, shards);
				for (RedisClusterNode node : nodes) {
					if (node.isMarkedAsFail() || !node.isConnected()) {
						continue;
					}
					// Cluster commands follow the slot owner (and its redirects), so no node's role is refused; a
					// topology read right after a change may list a replica as a primary for a while.
					ClusterNode clusterNode = new ClusterNode(cluster, node);
					checkNode(clusterNode, null, warnings);
					if (replicated && "yes".equalsIgnoreCase(config(clusterNode, "cluster-allow-replica-migration", warnings))) {
						throw UnsuitableRedisException.replicaMigration(clusterNode.name());
					}
				}
				checkPermissions(cluster, "Cluster");
				checkScripts(cluster, "Cluster");
			}
		}
		else {
			try (RedisConnection connection = this.factory.getConnection()) {
				Node node = new SingleNode(connection);
				checkNode(node, "master", warnings);
				int attached = Integer.parseInt(info(node, "replication").getProperty("connected_slaves", "0"));
				if (attached > this.replicas) {
					throw UnsuitableRedisException.replicaCount(node.name(), attached, this.replicas,
							this.factory.isRedisSentinelAware() ? UnsuitableRedisException.Topology.SENTINEL
									: UnsuitableRedisException.Topology.FIXED);
				}
				checkWait(connection, node.name());
				checkPermissions(connection, node.name());
				checkScripts(connection, node.name());
			}
		}
		return warnings;
	}

	/** Every replica counts, failed ones included: a replica that is down may come back. */
	private void checkShards(Iterable<RedisClusterNode> nodes, Map<String, Integer> shards) {
		for (RedisClusterNode primary : nodes) {
			int attached = shards.getOrDefault(primary.getId(), 0);
			if (attached > this.replicas) {
				throw UnsuitableRedisException.replicaCount(primary.getHost() + ":" + primary.getPort(), attached,
						this.replicas, UnsuitableRedisException.Topology.CLUSTER);
			}
		}
	}

	private void checkNode(Node node, String requiredRole, List<String> warnings) {
		Properties server = info(node, "server");
		String version = server.getProperty("redis_version", "");
		if (compareVersions(version, MINIMUM_VERSION) < 0) {
			throw UnsuitableRedisException.version(node.name(), version);
		}
		requireHex(node.name(), server, "run_id");
		Properties replication = info(node, "replication");
		requireHex(node.name(), replication, "master_replid");
		try {
			if (node.time() == null) {
				throw UnsuitableRedisException.capability(node.name(), "TIME", "no reply");
			}
		}
		catch (DataAccessException ex) {
			throw refusal(ex, node.name(), "TIME");
		}
		String role = replication.getProperty("role", "");
		if (requiredRole != null && !requiredRole.equals(role)) {
			throw UnsuitableRedisException.notPrimary(node.name(), role);
		}
		String readOnly = config(node, "replica-read-only", warnings);
		if ("no".equalsIgnoreCase(readOnly)) {
			throw UnsuitableRedisException.replicaWritable(node.name());
		}
		String policy = config(node, "maxmemory-policy", warnings);
		if (policy != null && policy.toLowerCase(Locale.ROOT).startsWith("allkeys-")) {
			throw UnsuitableRedisException.evictionPolicy(node.name(), policy);
		}
	}

	private Properties info(Node node, String section) {
		Properties info;
		try {
			info = node.info(section);
		}
		catch (DataAccessException ex) {
			throw refusal(ex, node.name(), "INFO " + section);
		}
		if (info == null) {
			throw UnsuitableRedisException.capability(node.name(), "INFO " + section, "no reply");
		}
		return info;
	}

	/** The lease script reads the data's lineage from this field, as hexadecimal digits. */
	static void requireHex(String server, Properties info, String field) {
		String value = info.getProperty(field);
		if (value == null || !HEX.matcher(value.trim()).matches()) {
			throw UnsuitableRedisException.capability(server, "INFO " + field,
					(value == null) ? "INFO does not show it" : "INFO shows '" + value + "', not hexadecimal digits");
		}
	}

	/** {@code EVAL}, and inside a script {@code TIME} and {@code SET ... PXAT}, on a key beside the lease keys. */
	private void checkScripts(RedisConnection connection, String server) {
		List<?> failed;
		try {
			failed = connection.scriptingCommands()
				.eval(load(CAPABILITY_SCRIPT), ReturnType.MULTI, 1,
						(this.sampleKey + ":capability-probe").getBytes(StandardCharsets.UTF_8));
		}
		catch (DataAccessException ex) {
			throw refusal(ex, server, "EVAL");
		}
		if (failed != null && !failed.isEmpty()) {
			String detail = (failed.size() > 1) ? text(failed.get(1)) : "";
			if (detail.startsWith("NOPERM")) {
				Matcher command = NOPERM_COMMAND.matcher(detail);
				throw UnsuitableRedisException.permission(server, this.user,
						List.of(command.find() ? "+" + command.group(1) : detail), this.sampleKey);
			}
			throw UnsuitableRedisException.capability(server, text(failed.get(0)), detail);
		}
	}

	/** {@code WAIT 0 1}, on the connection as the lease store sends it: answered at once by a server that has it. */
	@SuppressWarnings("unchecked")
	private void checkWait(RedisConnection connection, String server) {
		if (!(connection.getNativeConnection() instanceof RedisAsyncCommands<?, ?> commands)) {
			return;
		}
		try {
			new LeaseCommands((RedisAsyncCommands<byte[], byte[]>) commands,
					this.factory.getClientConfiguration().getCommandTimeout().toMillis())
				.awaitReplicas(0, 1);
		}
		catch (RuntimeException ex) {
			throw refusal(ex, server, "WAIT");
		}
	}

	/**
	 * The exception for a failed {@code command}: a permission refusal for {@code NOPERM}, the failure itself
	 * if the server was not reached, and otherwise a server that lacks it.
	 */
	private RuntimeException refusal(RuntimeException ex, String server, String command) {
		if (RedisFailures.unreachable(ex)) {
			return ex;
		}
		RuntimeException permission = permissionOrRethrow(ex, server);
		return (permission != ex) ? permission
				: UnsuitableRedisException.capability(server, command, RedisFailures.describe(ex));
	}

	private String config(Node node, String setting, List<String> warnings) {
		try {
			Properties config = node.config(setting);
			return (config != null) ? config.getProperty(setting) : null;
		}
		catch (DataAccessException ex) {
			if (RedisFailures.unreachable(ex)) {
				// not an answer: a setting that could not be read for want of a connection is no warning
				throw ex;
			}
			warnings.add("could not read " + setting + " of Redis " + node.name() + " ("
					+ NestedExceptionUtils.getMostSpecificCause(ex).getMessage() + "); make sure it is "
					+ switch (setting) {
						case "replica-read-only" -> "yes";
						case "cluster-allow-replica-migration" -> "no";
						default -> "noeviction or a volatile-* policy";
					}
					+ ": worker leases are unsafe otherwise");
			return null;
		}
	}

	private void checkPermissions(RedisConnection connection, String server) {
		List<String> commands = requiredCommands();
		byte[][] args = new byte[commands.size() + 1][];
		args[0] = this.sampleKey.getBytes(StandardCharsets.UTF_8);
		for (int i = 0; i < commands.size(); i++) {
			args[i + 1] = commands.get(i).getBytes(StandardCharsets.UTF_8);
		}
		List<?> missing;
		try {
			missing = connection.scriptingCommands().eval(load(PROBE_SCRIPT), ReturnType.MULTI, 0, args);
		}
		catch (DataAccessException ex) {
			throw refusal(ex, server, "EVAL");
		}
		if (missing != null) {
			for (Object command : missing) {
				if (text(command).startsWith("?")) {
					throw UnsuitableRedisException.capability(server, text(command).substring(1).toUpperCase(Locale.ROOT),
							"the server does not know the command: renamed, or not implemented");
				}
			}
		}
		if (missing != null && !missing.isEmpty()) {
			throw UnsuitableRedisException.permission(server, this.user,
					missing.stream().map((command) -> "+" + text(command)).toList(), this.sampleKey);
		}
	}

	private RuntimeException permissionOrRethrow(RuntimeException ex, String server) {
		String message = String.valueOf(NestedExceptionUtils.getMostSpecificCause(ex).getMessage());
		if (message.startsWith("NOPERM")) {
			Matcher command = NOPERM_COMMAND.matcher(message);
			String permission = command.find() ? "+" + command.group(1) : message;
			return UnsuitableRedisException.permission(server, this.user, List.of(permission), this.sampleKey);
		}
		return ex;
	}

	private static String text(Object value) {
		return (value instanceof byte[] bytes) ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(value);
	}

	/** Compares dotted versions numerically; missing or non-numeric parts count as 0. */
	static int compareVersions(String left, String right) {
		String[] a = left.split("\\.");
		String[] b = right.split("\\.");
		for (int i = 0; i < Math.max(a.length, b.length); i++) {
			int difference = Integer.compare(number(a, i), number(b, i));
			if (difference != 0) {
				return difference;
			}
		}
		return 0;
	}

	private static int number(String[] parts, int index) {
		if (index >= parts.length) {
			return 0;
		}
		try {
			return Integer.parseInt(parts[index].replaceAll("[^0-9].*$", ""));
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

	private static byte[] load(String name) {
		try (InputStream in = RedisLeaseServerCheck.class.getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException("missing script " + name);
			}
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** One server the checks read from. */
	private interface Node {

		String name();

		Properties info(String section);

		Long time();

		Properties config(String setting);

	}

	private static final class SingleNode implements Node {

		private final RedisConnection connection;

		private String name;

		SingleNode(RedisConnection connection) {
			this.connection = connection;
		}

		@Override
		public String name() {
			if (this.name == null) {
				try {
					Properties server = this.connection.serverCommands().info("server");
					this.name = "on port " + ((server != null) ? server.getProperty("tcp_port", "?") : "?");
				}
				catch (DataAccessException ex) {
					this.name = "behind the lease connection";
				}
			}
			return this.name;
		}

		@Override
		public Properties info(String section) {
			return this.connection.serverCommands().info(section);
		}

		@Override
		public Long time() {
			return this.connection.serverCommands().time();
		}

		@Override
		public Properties config(String setting) {
			return this.connection.serverCommands().getConfig(setting);
		}

	}

	private record ClusterNode(RedisClusterConnection connection, RedisClusterNode node) implements Node {

		@Override
		public String name() {
			return this.node.getHost() + ":" + this.node.getPort();
		}

		@Override
		public Properties info(String section) {
			return this.connection.serverCommands().info(this.node, section);
		}

		@Override
		public Long time() {
			return this.connection.serverCommands().time(this.node);
		}

		@Override
		public Properties config(String setting) {
			return this.connection.serverCommands().getConfig(this.node, setting);
		}

	}

}
