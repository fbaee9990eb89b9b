package dev.snowflakeid.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
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

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

/**
 * A real {@code redis-server} process on a free loopback port, in its own temporary directory, for
 * fault injection: kill -9, SIGSTOP/SIGCONT, restart empty or from its AOF or an older RDB snapshot.
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

	private int port;

	private boolean appendOnly;

	private Process process;

	private RedisServerProcess(Path dir, boolean appendOnly, List<String> extraArgs, boolean needsBusPort) {
		this.dir = dir;
		this.appendOnly = appendOnly;
		this.extraArgs = List.copyOf(extraArgs);
		this.needsBusPort = needsBusPort;
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
		return launch(appendOnly, List.of(extraArgs), false);
	}

	/** A cluster-enabled node; its bus port (port + 10000) is free as well. */
	static RedisServerProcess startClusterNode() {
		return launch(false, List.of("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
				"--cluster-node-timeout", "2000"), true);
	}

	private static RedisServerProcess launch(boolean appendOnly, List<String> extraArgs, boolean needsBusPort) {
		Path dir;
		try {
			dir = Files.createTempDirectory("redis-test-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		RedisServerProcess server = new RedisServerProcess(dir, appendOnly, extraArgs, needsBusPort);
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
		List<String> command = new ArrayList<>(List.of("redis-server", "--port", Integer.toString(this.port), "--bind",
				"127.0.0.1", "--protected-mode", "no", "--daemonize", "no", "--dir", this.dir.toString(), "--dbfilename",
				"dump.rdb", "--save", "", "--appendonly", this.appendOnly ? "yes" : "no", "--appendfsync", "always",
				"--logfile", "redis.log"));
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
			try (RespClient client = RespClient.connect(this.port, Duration.ofMillis(500))) {
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

	/** Sends a command on a fresh connection. */
	Object call(String... command) {
		return RespClient.call(this.port, command);
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
