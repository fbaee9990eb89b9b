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
package dev.snowflakeid.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.SslOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.ProtocolKeyword;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

import static org.awaitility.Awaitility.await;

/**
 * A real {@code redis-server} process on a free loopback port, in its own directory, for tests that need
 * Redis itself and for fault injection: SIGKILL, SIGSTOP/SIGCONT, restart empty, from its AOF or from an
 * older RDB snapshot. Also a replica of another one, a sentinel ({@code --sentinel}), a Cluster node or a
 * whole Cluster, or a TLS-only server. Every start waits, with a deadline, until the server answers PING;
 * {@link #close()} kills the process and deletes a temporary directory.
 * <p>
 * {@link #call(String...)} administers the server through Lettuce on a fresh connection (RESP2, over TLS
 * for a TLS-only server), independent of any client under test.
 */
public final class RedisServer implements AutoCloseable {

	/** Node timeout of {@link #startClusterNode()}: how long a primary may be unreachable before failover. */
	public static final Duration CLUSTER_NODE_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration START_DEADLINE = Duration.ofSeconds(15);

	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(5);

	/** Servers still running; killed when the JVM exits, should a test not get to close them. */
	private static final Set<Process> running = ConcurrentHashMap.newKeySet();

	/** One event loop for every administrative connection of the JVM. */
	private static final ClientResources resources = DefaultClientResources.builder().ioThreadPoolSize(2)
		.computationThreadPoolSize(2)
		.build();

	/**
	 * Administers every plaintext server of the JVM and is never shut down, so the event loop outlives
	 * each server (a client shut down with connections still failing makes Netty log rejected tasks).
	 */
	private static final RedisClient plainAdmin = adminClient(null);

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(() -> running.forEach(Process::destroyForcibly),
				"redis-server-reaper"));
	}

	private final Path dir;

	private final boolean temporaryDir;

	private final List<String> extraArgs;

	private final boolean clusterNode;

	/** Contents of the sentinel configuration file, for a sentinel; {@code null} for a data node. */
	private final String sentinelConfig;

	private final boolean tls;

	private final String appendFsync;

	private final RedisClient admin;

	/** Password of the default user, for a server started with {@code --requirepass}; {@code null} without. */
	private final String password;

	private int port;

	private boolean appendOnly;

	private Process process;

	private RedisServer(Builder builder, Path dir, boolean temporaryDir) {
		this.dir = dir;
		this.port = builder.port;
		this.temporaryDir = temporaryDir;
		this.appendOnly = builder.appendOnly;
		this.appendFsync = builder.appendFsync;
		this.extraArgs = List.copyOf(builder.args);
		this.clusterNode = builder.clusterNode;
		this.sentinelConfig = builder.sentinelConfig;
		this.tls = builder.adminTls != null;
		this.password = builder.password;
		this.admin = (builder.adminTls != null) ? adminClient(builder.adminTls) : plainAdmin;
	}

	private static RedisClient adminClient(SslOptions tls) {
		RedisClient client = RedisClient.create(resources);
		ClientOptions.Builder options = ClientOptions.builder()
			.protocolVersion(ProtocolVersion.RESP2)
			.autoReconnect(false)
			.socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(2)).build());
		if (tls != null) {
			options.sslOptions(tls);
		}
		client.setOptions(options.build());
		return client;
	}

	/** A server without persistence: a restart comes back empty. */
	public static RedisServer start() {
		return builder().start();
	}

	/** A server with an append-only file fsync'd on every write. */
	public static RedisServer startWithAof() {
		return builder().appendOnly(true).start();
	}

	/** A server with or without an append-only file and more {@code redis-server} arguments. */
	public static RedisServer start(boolean appendOnly, String... extraArgs) {
		return builder().appendOnly(appendOnly).args(extraArgs).start();
	}

	/**
	 * A cluster-enabled node; its bus port (port + 10000) is free as well. Replica migration is off, as worker
	 * leases require.
	 */
	public static RedisServer startClusterNode() {
		Builder builder = builder().args("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
				"--cluster-node-timeout", Long.toString(CLUSTER_NODE_TIMEOUT.toMillis()),
				"--cluster-allow-replica-migration", "no");
		builder.clusterNode = true;
		return builder.start();
	}

	/**
	 * A Redis Cluster of {@code primaries} primaries with {@code replicasEach} replicas each, created with
	 * {@code redis-cli --cluster create}; returns once every node reports {@code cluster_state:ok}.
	 */
	public static List<RedisServer> startCluster(int primaries, int replicasEach) {
		List<RedisServer> nodes = new ArrayList<>();
		try {
			for (int i = 0; i < primaries * (1 + replicasEach); i++) {
				nodes.add(startClusterNode());
			}
			List<String> command = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
			nodes.forEach((node) -> command.add("127.0.0.1:" + node.port()));
			command.addAll(List.of("--cluster-replicas", Integer.toString(replicasEach), "--cluster-yes"));
			Process create = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(create.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!create.waitFor(60, TimeUnit.SECONDS) || create.exitValue() != 0) {
				throw new IllegalStateException("redis-cli --cluster create failed: " + output);
			}
			for (RedisServer node : nodes) {
				await("node " + node.port() + " sees the cluster ok").atMost(Duration.ofSeconds(30))
					.until(() -> String.valueOf(node.call("CLUSTER", "INFO")).contains("cluster_state:ok"));
			}
			return nodes;
		}
		catch (IOException ex) {
			nodes.forEach(RedisServer::close);
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			nodes.forEach(RedisServer::close);
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (RuntimeException ex) {
			nodes.forEach(RedisServer::close);
			throw ex;
		}
	}

	/**
	 * A new Cluster node that joins the cluster of {@code primary} as its replica; returns once the replica is
	 * in sync with it.
	 */
	public static RedisServer startClusterReplicaOf(RedisServer primary) {
		RedisServer replica = startClusterNode();
		try {
			replica.call("CLUSTER", "MEET", "127.0.0.1", Integer.toString(primary.port()));
			String primaryId = String.valueOf(primary.call("CLUSTER", "MYID"));
			await("node " + replica.port() + " knows " + primary.port()).atMost(START_DEADLINE)
				.until(() -> String.valueOf(replica.call("CLUSTER", "NODES")).contains(primaryId));
			replica.call("CLUSTER", "REPLICATE", primaryId);
			replica.awaitInSyncWith(primary);
			return replica;
		}
		catch (RuntimeException ex) {
			replica.close();
			throw ex;
		}
	}

	/** A replica of {@code primary}, without persistence; returns once its link to the primary is up. */
	public static RedisServer startReplicaOf(RedisServer primary) {
		RedisServer replica = start(false, "--replicaof", "127.0.0.1", Integer.toString(primary.port()));
		await("replica " + replica.port() + " is in sync with " + primary.port()).atMost(START_DEADLINE)
			.until(() -> replica.info("replication").contains("master_link_status:up"));
		return replica;
	}

	/**
	 * A sentinel ({@code redis-server --sentinel}) monitoring {@code primary} as {@code master} with a quorum
	 * of 2, declaring it down after {@code downAfter} without a valid reply.
	 */
	public static RedisServer startSentinel(String master, RedisServer primary, Duration downAfter) {
		Builder builder = builder();
		builder.sentinelConfig = "sentinel monitor " + master + " 127.0.0.1 " + primary.port() + " 2\n"
				+ "sentinel down-after-milliseconds " + master + " " + downAfter.toMillis() + "\n"
				+ "sentinel failover-timeout " + master + " 10000\n" + "sentinel parallel-syncs " + master + " 1\n";
		return builder.start();
	}

	/**
	 * A server that speaks only TLS ({@code --port 0 --tls-port P}), presenting {@code certificate} and
	 * trusting client certificates signed by {@code ca}; with {@code clientCertificates} it refuses clients
	 * without one. It is administered with {@code adminCertificate} and {@code adminKey} (PEM, the key in
	 * PKCS#8), trusting {@code ca}.
	 */
	public static RedisServer startTls(Path certificate, Path key, Path ca, boolean clientCertificates,
			Path adminCertificate, Path adminKey) {
		Builder builder = builder().args("--tls-cert-file", certificate.toString(), "--tls-key-file", key.toString(),
				"--tls-ca-cert-file", ca.toString(), "--tls-auth-clients", clientCertificates ? "yes" : "no");
		builder.adminTls = SslOptions.builder()
			.jdkSslProvider()
			.trustManager(ca.toFile())
			.keyManager(adminCertificate.toFile(), adminKey.toFile(), null)
			.build();
		return builder.start();
	}

	/** For servers that the factory methods do not cover, such as one whose files outlive it. */
	public static Builder builder() {
		return new Builder();
	}

	private void launchOnFreePort() {
		if (this.port != 0) {
			try {
				launch();
				return;
			}
			catch (IllegalStateException ex) {
				close();
				throw ex;
			}
		}
		IllegalStateException failure = null;
		for (int attempt = 0; attempt < 5; attempt++) {
			this.port = this.clusterNode ? FreePorts.loopbackWithClusterBus() : FreePorts.loopback();
			try {
				launch();
				return;
			}
			catch (IllegalStateException ex) {
				// the port was taken between the probe and the bind; try another one
				failure = ex;
				destroyProcess();
			}
		}
		close();
		throw failure;
	}

	private void launch() {
		List<String> command = new ArrayList<>(List.of("redis-server"));
		if (this.sentinelConfig != null) {
			Path config = this.dir.resolve("sentinel.conf");
			try {
				Files.writeString(config, this.sentinelConfig);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			command.addAll(List.of(config.toString(), "--sentinel"));
		}
		if (this.tls) {
			command.addAll(List.of("--port", "0", "--tls-port", Integer.toString(this.port)));
		}
		else {
			command.addAll(List.of("--port", Integer.toString(this.port)));
		}
		command.addAll(List.of("--bind", "127.0.0.1", "--protected-mode", "no", "--daemonize", "no", "--dir",
				this.dir.toString(), "--logfile", "redis.log"));
		if (this.sentinelConfig == null) {
			// replicas sync at once instead of after the default 5 s wait for more replicas
			command.addAll(List.of("--dbfilename", "dump.rdb", "--save", "", "--appendonly",
					this.appendOnly ? "yes" : "no", "--appendfsync", this.appendFsync, "--repl-diskless-sync-delay", "0"));
		}
		command.addAll(this.extraArgs);
		try {
			Files.createDirectories(this.dir);
			this.process = new ProcessBuilder(command).directory(this.dir.toFile())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.dir.resolve("stdout.log").toFile()))
				.start();
			running.add(this.process);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start redis-server; is it on the PATH?", ex);
		}
		Process started = this.process;
		try {
			await("redis-server on port " + this.port + " answers PING").atMost(START_DEADLINE)
				.pollDelay(Duration.ZERO)
				.pollInterval(Duration.ofMillis(20))
				.ignoreExceptions()
				.failFast("redis-server exited", () -> !started.isAlive())
				.until(() -> "PONG".equals(call(Duration.ofMillis(500), "PING")));
		}
		catch (ConditionTimeoutException | TerminalFailureException ex) {
			throw new IllegalStateException("redis-server on port " + this.port + " did not start: " + log(), ex);
		}
	}

	public int port() {
		return this.port;
	}

	public Path dir() {
		return this.dir;
	}

	public long pid() {
		return this.process.pid();
	}

	public boolean isAlive() {
		return this.process != null && this.process.isAlive();
	}

	/** Whether the server keeps an append-only file (a {@link #restartFrom(Path)} turns it off). */
	public boolean appendOnly() {
		return this.appendOnly;
	}

	/**
	 * Sends one command (its name, then its arguments, such as {@code "CLIENT", "LIST"}) on a fresh
	 * connection and returns the reply: {@code String}, {@code Long}, {@code List} or {@code null}. An error
	 * reply is thrown as {@code io.lettuce.core.RedisCommandExecutionException}.
	 */
	public Object call(String... command) {
		return call(COMMAND_TIMEOUT, command);
	}

	/** {@link #call(String...)} on logical database {@code database}. */
	public Object callInDatabase(int database, String... command) {
		return call(uri(COMMAND_TIMEOUT).withDatabase(database).build(), command);
	}

	private Object call(Duration timeout, String... command) {
		return call(uri(timeout).build(), command);
	}

	private RedisURI.Builder uri(Duration timeout) {
		RedisURI.Builder uri = RedisURI.builder().withHost("127.0.0.1").withPort(this.port).withSsl(this.tls)
			.withTimeout(timeout);
		if (this.password != null) {
			uri.withPassword(this.password.toCharArray());
		}
		return uri;
	}

	private Object call(RedisURI uri, String... command) {
		CommandArgs<String, String> arguments = new CommandArgs<>(StringCodec.UTF8);
		for (int i = 1; i < command.length; i++) {
			arguments.add(command[i]);
		}
		try (StatefulRedisConnection<String, String> connection = this.admin.connect(StringCodec.UTF8, uri)) {
			return connection.sync().dispatch(new Keyword(command[0]), new AnyReply(), arguments);
		}
	}

	/** {@code INFO section}, as text. */
	public String info(String section) {
		return String.valueOf(call("INFO", section));
	}

	/** Clients connected under {@code name} (CLIENT SETNAME), from CLIENT LIST. */
	public long clientsNamed(String name) {
		return String.valueOf(call("CLIENT", "LIST")).lines().filter((line) -> line.contains(" name=" + name + " ")).count();
	}

	/** Local ports of the connections of clients named {@code name} (CLIENT SETNAME), from CLIENT LIST. */
	public List<Integer> clientPortsNamed(String name) {
		return String.valueOf(call("CLIENT", "LIST"))
			.lines()
			.filter((line) -> line.contains(" name=" + name + " "))
			.map((line) -> Integer.parseInt(line.replaceAll("^.* addr=[^ ]*:(\\d+) .*$", "$1")))
			.toList();
	}

	/**
	 * Bytes that clients connected from {@code clientPorts} sent and this server has not read yet, from the
	 * kernel's table of TCP sockets ({@code /proc/net/tcp}, Linux): a request waiting at a suspended server.
	 */
	public long unreadBytesFrom(Collection<Integer> clientPorts) {
		try {
			long unread = 0;
			for (String line : Files.readAllLines(Path.of("/proc/net/tcp"))) {
				// sl local_address rem_address st tx_queue:rx_queue ..., addresses and queues in hexadecimal
				String[] fields = line.trim().split("\\s+");
				if (fields.length > 4 && !fields[0].equals("sl") && hexAfterColon(fields[1]) == this.port
						&& clientPorts.contains((int) hexAfterColon(fields[2]))) {
					unread += hexAfterColon(fields[4]);
				}
			}
			return unread;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static long hexAfterColon(String field) {
		return Long.parseLong(field.substring(field.indexOf(':') + 1), 16);
	}

	/** Waits until this server replicates {@code primary} with its link up. */
	public void awaitInSyncWith(RedisServer primary) {
		await("replica " + this.port + " is in sync with " + primary.port()).atMost(Duration.ofSeconds(30)).until(() -> {
			String replication = info("replication");
			return replication.contains("master_port:" + primary.port()) && replication.contains("master_link_status:up");
		});
	}

	/**
	 * Waits until {@code count} replicas acknowledge this primary's writes. A replica listed as
	 * {@code state=online} with {@code lag=0} right after its full sync may not receive the replication stream
	 * until its first {@code REPLCONF ACK}, up to a second later; a {@code WAIT} for a {@code PUBLISH} (which
	 * is replicated but writes no key) shows when it does.
	 */
	public void awaitReplicasAcknowledging(int count) {
		await("port " + this.port + " has " + count + " replicas acknowledging").atMost(Duration.ofSeconds(30))
			.until(() -> {
				call("PUBLISH", "snowflake-test-probe", "");
				return (Long) call("WAIT", Integer.toString(count), "100") >= count;
			});
	}

	/** Port of the primary that serves the slot of {@code key}, as this Cluster node sees it. */
	@SuppressWarnings("unchecked")
	public int slotOwnerPort(String key) {
		long slot = (Long) call("CLUSTER", "KEYSLOT", key);
		for (Object range : (List<Object>) call("CLUSTER", "SLOTS")) {
			List<Object> entry = (List<Object>) range;
			if ((Long) entry.get(0) <= slot && slot <= (Long) entry.get(1)) {
				return ((Long) ((List<Object>) entry.get(2)).get(1)).intValue();
			}
		}
		throw new IllegalStateException("no node serves slot " + slot + " as " + this.port + " sees it");
	}

	/**
	 * Scripts run here so far: EVAL and EVALSHA calls that did not fail, from INFO commandstats. An EVALSHA
	 * answered NOSCRIPT (the script not cached yet, which the client follows with EVAL) ran nothing, so it does
	 * not count, and the figure does not depend on which scripts the server had seen before.
	 */
	public long scriptCalls() {
		return info("commandstats").lines()
			.filter((line) -> line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:"))
			.mapToLong((line) -> stat(line, "calls") - stat(line, "failed_calls"))
			.sum();
	}

	private static long stat(String line, String name) {
		Matcher value = Pattern.compile("[:,]" + name + "=(\\d+)").matcher(line);
		return value.find() ? Long.parseLong(value.group(1)) : 0;
	}

	/** SIGKILL: no shutdown, no final write. */
	public void kill() {
		destroyProcess();
	}

	/** SIGSTOP: the server keeps its sockets but answers nothing until {@link #resume()}. */
	public void suspend() {
		Signals.stop(this.process);
	}

	/** SIGCONT. */
	public void resume() {
		Signals.resume(this.process);
	}

	/** Kills the server if running, deletes its data files, and starts it again empty on the same port. */
	public void restartEmpty() {
		destroyProcess();
		deleteData();
		launch();
	}

	/** Kills the server if running and starts it again on the same port from whatever its files hold. */
	public void restart() {
		destroyProcess();
		launch();
	}

	/** Writes an RDB snapshot now (SAVE) and copies it aside; returns the copy. */
	public Path snapshot() {
		call("SAVE");
		try {
			Path copy = Files.createTempFile(this.dir, "snapshot-", ".rdb");
			Files.copy(this.dir.resolve("dump.rdb"), copy, StandardCopyOption.REPLACE_EXISTING);
			return copy;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Kills the server and restarts it, without AOF, from an earlier {@link #snapshot()}. */
	public void restartFrom(Path snapshot) {
		destroyProcess();
		deleteData();
		try {
			Files.copy(snapshot, this.dir.resolve("dump.rdb"), StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.appendOnly = false;
		launch();
	}

	/** The last 20 lines of the server's log. */
	public String log() {
		try {
			Path log = this.dir.resolve("redis.log");
			if (!Files.exists(log)) {
				log = this.dir.resolve("stdout.log");
			}
			List<String> lines = Files.readAllLines(log);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	private void destroyProcess() {
		Process current = this.process;
		if (current == null) {
			return;
		}
		Signals.kill(current);
		running.remove(current);
	}

	private void deleteData() {
		try (Stream<Path> files = Files.list(this.dir)) {
			for (Path file : files.toList()) {
				String name = file.getFileName().toString();
				if (name.equals("dump.rdb") || name.startsWith("appendonly") || name.equals("nodes.conf")) {
					deleteRecursively(file);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Kills the server (a suspended one as well) and deletes its directory unless the builder chose it. */
	@Override
	public void close() {
		try {
			destroyProcess();
		}
		finally {
			if (this.admin != plainAdmin) {
				this.admin.shutdown(Duration.ZERO, Duration.ofSeconds(2));
			}
			if (this.temporaryDir) {
				deleteRecursively(this.dir);
			}
		}
	}

	private static void deleteRecursively(Path path) {
		if (!Files.exists(path)) {
			return;
		}
		try (Stream<Path> walk = Files.walk(path)) {
			for (Path each : walk.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(each);
			}
		}
		catch (IOException ex) {
			// temporary directory; best effort
		}
	}

	/** A command name as Lettuce sends it. */
	private record Keyword(String name) implements ProtocolKeyword {

		@Override
		public byte[] getBytes() {
			return this.name.getBytes(StandardCharsets.US_ASCII);
		}

		@Override
		public String toString() {
			return this.name;
		}

	}

	/** Options of a server that the factory methods do not cover. */
	public static final class Builder {

		private Path dir;

		private boolean appendOnly;

		private String appendFsync = "always";

		private final List<String> args = new ArrayList<>();

		private boolean clusterNode;

		private String sentinelConfig;

		private SslOptions adminTls;

		private String password;

		private int port;

		private Builder() {
		}

		/**
		 * Listens on {@code port} (from {@link FreePorts#loopback()}) instead of a free port found at start, for
		 * a client that is told the address before the server exists; fails if the port was taken meanwhile.
		 */
		public Builder port(int port) {
			this.port = port;
			return this;
		}

		/** Keeps the server's files (data, {@code redis.log}) in {@code dir}, which {@link #close()} leaves. */
		public Builder directory(Path dir) {
			this.dir = dir;
			return this;
		}

		/** Whether the server keeps an append-only file; off by default. */
		public Builder appendOnly(boolean appendOnly) {
			this.appendOnly = appendOnly;
			return this;
		}

		/** {@code always} (the default here: a SIGKILL loses nothing), {@code everysec} (Redis's default) or {@code no}. */
		public Builder appendFsync(String policy) {
			this.appendFsync = policy;
			return this;
		}

		/** More {@code redis-server} arguments, such as {@code "--requirepass", "secret"}. */
		public Builder args(String... args) {
			this.args.addAll(List.of(args));
			return this;
		}

		/** Requires {@code password} of the default user ({@code --requirepass}); {@link RedisServer#call(String...)} sends it. */
		public Builder requirePass(String password) {
			this.password = password;
			return args("--requirepass", password);
		}

		/** Starts the server on a free port, or the one {@link #port(int)} gave, and returns once it answers PING. */
		public RedisServer start() {
			Path directory = this.dir;
			boolean temporary = directory == null;
			if (temporary) {
				try {
					directory = Files.createTempDirectory("redis-test-");
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}
			RedisServer server = new RedisServer(this, directory, temporary);
			server.launchOnFreePort();
			return server;
		}

	}

}
