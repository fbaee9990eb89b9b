package dev.snowflakeid.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import javax.net.ssl.SSLContext;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

/**
 * A real {@code redis-server} process on a free loopback port, in its own temporary directory, for
 * fault injection: kill -9, SIGSTOP/SIGCONT, restart empty or from its AOF or an older RDB snapshot. Also
 * a replica of another one, a sentinel ({@code --sentinel}), a Cluster node, or a TLS-only server.
 * Every start waits, with a deadline, until the server answers PING. {@link #close()} kills the process
 * and deletes the directory.
 */
final class RedisServerProcess implements AutoCloseable {

	private static final Duration START_DEADLINE = Duration.ofSeconds(15);

	/** Servers still running; killed when the JVM exits, should a test not get to close them. */
	private static final Set<Process> running = ConcurrentHashMap.newKeySet();

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(() -> running.forEach(Process::destroyForcibly),
				"redis-server-reaper"));
	}

	private final Path dir;

	private final List<String> extraArgs;

	private final boolean needsBusPort;

	/** Contents of the sentinel configuration file, for a sentinel; {@code null} for a data node. */
	private final String sentinelConfig;

	/** Client side of TLS for a TLS-only server; {@code null} for plaintext. */
	private final SSLContext tls;

	private int port;

	private boolean appendOnly;

	private Process process;

	private RedisServerProcess(Path dir, boolean appendOnly, List<String> extraArgs, boolean needsBusPort,
			String sentinelConfig, SSLContext tls) {
		this.dir = dir;
		this.appendOnly = appendOnly;
		this.extraArgs = List.copyOf(extraArgs);
		this.needsBusPort = needsBusPort;
		this.sentinelConfig = sentinelConfig;
		this.tls = tls;
	}

	/** A server without persistence: a restart comes back empty. */
	static RedisServerProcess start() {
		return start(false);
	}

	/** A server with an append-only file fsync'd on every write. */
	static RedisServerProcess startWithAof() {
		return start(true);
	}

	static RedisServerProcess start(boolean appendOnly, String... extraArgs) {
		return launch(appendOnly, List.of(extraArgs), false, null, null);
	}

	/** A cluster-enabled node; its bus port (port + 10000) is free as well. */
	static RedisServerProcess startClusterNode() {
		return launch(false, List.of("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
				"--cluster-node-timeout", Long.toString(CLUSTER_NODE_TIMEOUT.toMillis())), true, null, null);
	}

	/** Node timeout of {@link #startClusterNode()}: how long a primary may be unreachable before failover. */
	static final Duration CLUSTER_NODE_TIMEOUT = Duration.ofSeconds(2);

	/**
	 * A Redis Cluster of {@code primaries} primaries with {@code replicasEach} replicas each, created with
	 * {@code redis-cli --cluster create}; returns once every node reports {@code cluster_state:ok}.
	 */
	static List<RedisServerProcess> startCluster(int primaries, int replicasEach) {
		List<RedisServerProcess> nodes = new ArrayList<>();
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
			for (RedisServerProcess node : nodes) {
				await("node " + node.port() + " sees the cluster ok", Duration.ofSeconds(30),
						() -> String.valueOf(node.call("CLUSTER", "INFO")).contains("cluster_state:ok"));
			}
			return nodes;
		}
		catch (IOException ex) {
			nodes.forEach(RedisServerProcess::close);
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			nodes.forEach(RedisServerProcess::close);
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (RuntimeException ex) {
			nodes.forEach(RedisServerProcess::close);
			throw ex;
		}
	}

	/** A replica of {@code primary}, without persistence; returns once its link to the primary is up. */
	static RedisServerProcess startReplicaOf(RedisServerProcess primary) {
		RedisServerProcess replica = start(false, "--replicaof", "127.0.0.1", Integer.toString(primary.port()));
		await("replica " + replica.port() + " is in sync with " + primary.port(), START_DEADLINE,
				() -> String.valueOf(replica.call("INFO", "replication")).contains("master_link_status:up"));
		return replica;
	}

	/**
	 * A sentinel ({@code redis-server --sentinel}) monitoring {@code primary} as {@code master} with a quorum
	 * of 2, declaring it down after {@code downAfter} without a valid reply.
	 */
	static RedisServerProcess startSentinel(String master, RedisServerProcess primary, Duration downAfter) {
		String config = "sentinel monitor " + master + " 127.0.0.1 " + primary.port() + " 2\n"
				+ "sentinel down-after-milliseconds " + master + " " + downAfter.toMillis() + "\n"
				+ "sentinel failover-timeout " + master + " 10000\n" + "sentinel parallel-syncs " + master + " 1\n";
		return launch(false, List.of(), false, config, null);
	}

	/**
	 * A server that speaks only TLS ({@code --port 0 --tls-port P}), presenting {@code certificate} and
	 * trusting client certificates signed by {@code ca}; with {@code clientCertificates} it refuses clients
	 * without one. {@code adminTls} is the client side used to ping and administer it.
	 */
	static RedisServerProcess startTls(Path certificate, Path key, Path ca, boolean clientCertificates,
			SSLContext adminTls) {
		return launch(false, List.of("--tls-cert-file", certificate.toString(), "--tls-key-file", key.toString(),
				"--tls-ca-cert-file", ca.toString(), "--tls-auth-clients", clientCertificates ? "yes" : "no"), false, null,
				adminTls);
	}

	private static RedisServerProcess launch(boolean appendOnly, List<String> extraArgs, boolean needsBusPort,
			String sentinelConfig, SSLContext tls) {
		Path dir;
		try {
			dir = Files.createTempDirectory("redis-test-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		RedisServerProcess server = new RedisServerProcess(dir, appendOnly, extraArgs, needsBusPort, sentinelConfig,
				tls);
		IllegalStateException failure = null;
		for (int attempt = 0; attempt < 5; attempt++) {
			server.port = freePort(needsBusPort);
			try {
				server.launch();
				return server;
			}
			catch (IllegalStateException ex) {
				// the port was taken between the probe and the bind; try another one
				failure = ex;
				server.destroyProcess();
			}
		}
		server.close();
		throw failure;
	}

	private static int freePort(boolean needsBusPort) {
		for (int attempt = 0; attempt < 100; attempt++) {
			int candidate = needsBusPort ? ThreadLocalRandom.current().nextInt(20_000, 30_000) : probe(0);
			if (candidate > 0 && (!needsBusPort || (probe(candidate) == candidate && probe(candidate + 10_000) > 0))) {
				return candidate;
			}
		}
		throw new IllegalStateException("no free port found");
	}

	private static int probe(int port) {
		try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
			socket.setReuseAddress(true);
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			return -1;
		}
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
		if (this.tls != null) {
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
					this.appendOnly ? "yes" : "no", "--appendfsync", "always", "--repl-diskless-sync-delay", "0"));
		}
		command.addAll(this.extraArgs);
		try {
			this.process = new ProcessBuilder(command).directory(this.dir.toFile())
				.redirectErrorStream(true)
				.redirectOutput(this.dir.resolve("stdout.log").toFile())
				.start();
			running.add(this.process);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start redis-server; is it on the PATH?", ex);
		}
		awaitPing(START_DEADLINE);
	}

	private void awaitPing(Duration deadline) {
		long end = System.nanoTime() + deadline.toNanos();
		RuntimeException last = null;
		while (System.nanoTime() - end < 0) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("redis-server on port " + this.port + " exited with "
						+ this.process.exitValue() + ": " + log());
			}
			try (RespClient client = RespClient.connect(this.port, Duration.ofMillis(500), this.tls)) {
				if ("PONG".equals(client.command("PING"))) {
					return;
				}
			}
			catch (RuntimeException ex) {
				last = ex;
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
		}
		throw new IllegalStateException("redis-server on port " + this.port + " did not answer PING within " + deadline
				+ ": " + log(), last);
	}

	int port() {
		return this.port;
	}

	Path dir() {
		return this.dir;
	}

	long pid() {
		return this.process.pid();
	}

	boolean isAlive() {
		return this.process != null && this.process.isAlive();
	}

	RedisStandaloneConfiguration configuration() {
		return new RedisStandaloneConfiguration("127.0.0.1", this.port);
	}

	/** Sends a command on a fresh connection (over TLS for a TLS-only server). */
	Object call(String... command) {
		return RespClient.call(this.port, this.tls, command);
	}

	/** Clients connected under {@code name} (CLIENT SETNAME), from CLIENT LIST. */
	long clientsNamed(String name) {
		return String.valueOf(call("CLIENT", "LIST")).lines().filter((line) -> line.contains(" name=" + name + " ")).count();
	}

	/** Scripts run here so far (EVAL and EVALSHA calls, from INFO commandstats). */
	long scriptCalls() {
		return String.valueOf(call("INFO", "commandstats"))
			.lines()
			.filter((line) -> line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:"))
			.mapToLong((line) -> Long.parseLong(line.replaceAll("^[^:]*:calls=(\\d+),.*$", "$1")))
			.sum();
	}

	/** SIGKILL: no shutdown, no final write. */
	void kill() {
		destroyProcess();
	}

	/** SIGSTOP: the server keeps its sockets but answers nothing until {@link #resume()}. */
	void suspend() {
		signal("STOP");
	}

	/** SIGCONT. */
	void resume() {
		signal("CONT");
	}

	/** Kills the server if running, deletes its data files, and starts it again empty on the same port. */
	void restartEmpty() {
		destroyProcess();
		deleteData();
		launch();
	}

	/** Kills the server if running and starts it again on the same port from whatever its files hold. */
	void restart() {
		destroyProcess();
		launch();
	}

	/** Writes an RDB snapshot now (SAVE) and copies it aside; returns the copy. */
	Path snapshot() {
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
	void restartFrom(Path snapshot) {
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

	String log() {
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

	private void signal(String signal) {
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid())).inheritIO().start();
			if (!kill.waitFor(5, TimeUnit.SECONDS) || kill.exitValue() != 0) {
				throw new IllegalStateException("kill -" + signal + " " + pid() + " failed");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private void destroyProcess() {
		Process current = this.process;
		if (current == null) {
			return;
		}
		if (current.isAlive()) {
			current.destroyForcibly();
			try {
				if (!current.waitFor(10, TimeUnit.SECONDS)) {
					throw new IllegalStateException("redis-server " + current.pid() + " did not die");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
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

	@Override
	public void close() {
		try {
			// a suspended process dies on SIGKILL as well
			destroyProcess();
		}
		finally {
			deleteRecursively(this.dir);
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

	/** Polls {@code condition} every 10 ms until it holds or {@code deadline} passes. */
	static void await(String what, Duration deadline, BooleanSupplier condition) {
		long end = System.nanoTime() + deadline.toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() - end >= 0) {
				throw new AssertionError("timed out after " + deadline + " waiting until " + what);
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
		}
	}

}
