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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;
import org.jspecify.annotations.Nullable;

import static org.awaitility.Awaitility.await;

/**
 * A real {@code redis-server} process on a free loopback port, in its own directory, and
 * the faults a test injects into it: SIGKILL, SIGSTOP/SIGCONT, restart empty, from its
 * AOF or from an older RDB snapshot. Also a TLS-only server; replicas, sentinels and
 * Cluster nodes come from {@link RedisTopology}. Every start waits, with a deadline,
 * until the server answers PING; {@link #close()} kills the process and deletes a
 * temporary directory.
 * <p>
 * {@link #call(String...)} administers the server through Lettuce on a fresh connection
 * (RESP2, over TLS for a TLS-only server), independent of any client under test.
 */
public final class RedisServer implements AutoCloseable {

	private static final Duration START_DEADLINE = Duration.ofSeconds(15);

	/**
	 * Servers still running; killed when the JVM exits, should a test not get to close
	 * them.
	 */
	private static final Set<Process> running = ConcurrentHashMap.newKeySet();

	static {
		Runtime.getRuntime()
			.addShutdownHook(new Thread(() -> running.forEach(Process::destroyForcibly), "redis-server-reaper"));
	}

	private final Path dir;

	private final boolean temporaryDir;

	private final List<String> extraArgs;

	private final boolean clusterNode;

	/**
	 * Contents of the sentinel configuration file, for a sentinel; {@code null} for a
	 * data node.
	 */
	private final @Nullable String sentinelConfig;

	private final boolean tls;

	private final String appendFsync;

	private final RedisAdmin admin;

	private int port;

	private boolean appendOnly;

	private @Nullable Process process;

	RedisServer(RedisServerBuilder builder, Path dir, boolean temporaryDir) {
		this.dir = dir;
		this.port = builder.port;
		this.temporaryDir = temporaryDir;
		this.appendOnly = builder.appendOnly;
		this.appendFsync = builder.appendFsync;
		this.extraArgs = List.copyOf(builder.args);
		this.clusterNode = builder.clusterNode;
		this.sentinelConfig = builder.sentinelConfig;
		this.tls = builder.adminTls != null;
		this.admin = new RedisAdmin(this::port, builder.adminTls, builder.password);
	}

	/** A server without persistence: a restart comes back empty. */
	public static RedisServer start() {
		return builder().start();
	}

	/** A server with an append-only file fsync'd on every write. */
	public static RedisServer startWithAof() {
		return builder().appendOnly(true).start();
	}

	/**
	 * A server with or without an append-only file and more {@code redis-server}
	 * arguments.
	 */
	public static RedisServer start(boolean appendOnly, String... extraArgs) {
		return builder().appendOnly(appendOnly).args(extraArgs).start();
	}

	/**
	 * A server that speaks only TLS ({@code --port 0 --tls-port P}), presenting
	 * {@code certificate} and trusting client certificates signed by {@code ca}; with
	 * {@code clientCertificates} it refuses clients without one. It is administered with
	 * {@code adminCertificate} and {@code adminKey} (PEM, the key in PKCS#8), trusting
	 * {@code ca}.
	 */
	public static RedisServer startTls(Path certificate, Path key, Path ca, boolean clientCertificates,
			Path adminCertificate, Path adminKey) {
		return builder()
			.args("--tls-cert-file", certificate.toString(), "--tls-key-file", key.toString(), "--tls-ca-cert-file",
					ca.toString(), "--tls-auth-clients", clientCertificates ? "yes" : "no")
			.adminTls(ca, adminCertificate, adminKey)
			.start();
	}

	/**
	 * For servers that the factory methods do not cover, such as one whose files outlive
	 * it.
	 */
	public static RedisServerBuilder builder() {
		return new RedisServerBuilder();
	}

	void launchOnFreePort() {
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
			// replicas sync at once instead of after the default 5 s wait for more
			// replicas
			command.addAll(
					List.of("--dbfilename", "dump.rdb", "--save", "", "--appendonly", this.appendOnly ? "yes" : "no",
							"--appendfsync", this.appendFsync, "--repl-diskless-sync-delay", "0"));
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
				.until(() -> "PONG".equals(this.admin.call(Duration.ofMillis(500), "PING")));
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
		return Objects.requireNonNull(this.process, "a server is launched before its builder returns it").pid();
	}

	public boolean isAlive() {
		return this.process != null && this.process.isAlive();
	}

	/**
	 * Whether the server keeps an append-only file (a {@link #restartFrom(Path)} turns it
	 * off).
	 */
	public boolean appendOnly() {
		return this.appendOnly;
	}

	/**
	 * Sends one command (its name, then its arguments, such as {@code "CLIENT", "LIST"})
	 * on a fresh connection and returns the reply: {@code String}, {@code Long},
	 * {@code List} or {@code null}. An error reply is thrown as
	 * {@code io.lettuce.core.RedisCommandExecutionException}.
	 */
	public Object call(String... command) {
		return this.admin.call(RedisAdmin.COMMAND_TIMEOUT, command);
	}

	/** {@link #call(String...)} on logical database {@code database}. */
	public Object callInDatabase(int database, String... command) {
		return this.admin.callInDatabase(database, command);
	}

	/** {@code INFO section}, as text. */
	public String info(String section) {
		return this.admin.info(section);
	}

	/** Clients connected under {@code name} (CLIENT SETNAME), from CLIENT LIST. */
	public long clientsNamed(String name) {
		return this.admin.clientsNamed(name);
	}

	/**
	 * Local ports of the connections of clients named {@code name} (CLIENT SETNAME), from
	 * CLIENT LIST.
	 */
	public List<Integer> clientPortsNamed(String name) {
		return this.admin.clientPortsNamed(name);
	}

	/**
	 * Bytes that clients connected from {@code clientPorts} sent and this server has not
	 * read yet, from the kernel's table of TCP sockets ({@code /proc/net/tcp}, Linux): a
	 * request waiting at a suspended server.
	 */
	public long unreadBytesFrom(Collection<Integer> clientPorts) {
		return this.admin.unreadBytesFrom(clientPorts);
	}

	/**
	 * Scripts run here so far: EVAL and EVALSHA calls that did not fail, from INFO
	 * commandstats. An EVALSHA answered NOSCRIPT (the script not cached yet, which the
	 * client follows with EVAL) ran nothing, so it does not count, and the figure does
	 * not depend on which scripts the server had seen before.
	 */
	public long scriptCalls() {
		return this.admin.scriptCalls();
	}

	/** SIGKILL: no shutdown, no final write. */
	public void kill() {
		destroyProcess();
	}

	/**
	 * SIGSTOP: the server keeps its sockets but answers nothing until {@link #resume()}.
	 */
	public void suspend() {
		Signals.stop(this.process);
	}

	/** SIGCONT. */
	public void resume() {
		Signals.resume(this.process);
	}

	/**
	 * Kills the server if running, deletes its data files, and starts it again empty on
	 * the same port.
	 */
	public void restartEmpty() {
		destroyProcess();
		ServerFiles.deleteData(this.dir);
		launch();
	}

	/**
	 * Kills the server if running and starts it again on the same port from whatever its
	 * files hold.
	 */
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

	/**
	 * Kills the server and restarts it, without AOF, from an earlier {@link #snapshot()}.
	 */
	public void restartFrom(Path snapshot) {
		destroyProcess();
		ServerFiles.deleteData(this.dir);
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
		return ServerFiles.log(this.dir);
	}

	private void destroyProcess() {
		Process current = this.process;
		if (current == null) {
			return;
		}
		Signals.kill(current);
		running.remove(current);
	}

	/**
	 * Kills the server (a suspended one as well) and deletes its directory unless the
	 * builder chose it.
	 */
	@Override
	public void close() {
		try {
			destroyProcess();
		}
		finally {
			this.admin.close();
			if (this.temporaryDir) {
				ServerFiles.deleteRecursively(this.dir);
			}
		}
	}

}
