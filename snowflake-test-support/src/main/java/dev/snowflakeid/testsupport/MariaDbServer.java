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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;
import org.jspecify.annotations.Nullable;

/**
 * A MariaDB server of the test's own: a data directory made by {@code mariadb-install-db}
 * in a temporary directory, and {@code mariadbd} on a free loopback port with its socket
 * in that directory and the binary log off. Its {@code root} user has no password and
 * connects from 127.0.0.1. Never the machine's shared server on port 3306.
 * {@link #close()} kills the server and deletes the directory.
 */
public final class MariaDbServer implements AutoCloseable {

	private static final Duration INSTALL_TIMEOUT = Duration.ofSeconds(120);

	private static final Duration START_DEADLINE = Duration.ofSeconds(60);

	private static final String TOOLS = "install MariaDB's server (Debian: mariadb-server; "
			+ "scripts/install-test-tools.sh does)";

	private final Path dir;

	private final Process process;

	private final int port;

	/** Kills the server when the JVM exits, should a test not get to close it. */
	private final Thread reaper;

	private MariaDbServer(Path dir, Process process, int port) {
		this.dir = dir;
		this.process = process;
		this.port = port;
		this.reaper = new Thread(process::destroyForcibly, "mariadbd-reaper");
		Runtime.getRuntime().addShutdownHook(this.reaper);
	}

	/**
	 * Makes a data directory and starts a server on it; waits until the server answers a
	 * ping over TCP. A port taken between the probe and the bind is replaced by another.
	 */
	public static MariaDbServer start() {
		Path dir;
		try {
			dir = Files.createTempDirectory("mariadb");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		try {
			Command install = Command.run(dir, INSTALL_TIMEOUT, TOOLS, "mariadb-install-db", "--no-defaults",
					"--datadir=" + dir.resolve("data"), "--auth-root-authentication-method=normal", "--skip-test-db");
			if (install.exitCode() != 0) {
				throw new IllegalStateException(
						"mariadb-install-db exited with " + install.exitCode() + ":\n" + install.output());
			}
			String exits = "";
			for (int attempt = 0; attempt < 5; attempt++) {
				MariaDbServer server = launch(dir, FreePorts.loopback());
				if (server != null) {
					return server;
				}
				// most likely the port was taken between the probe and the bind
				exits = readLog(dir);
			}
			throw new IllegalStateException("mariadbd exited at each of 5 starts; its log:\n" + exits);
		}
		catch (RuntimeException ex) {
			ServerFiles.deleteRecursively(dir);
			throw ex;
		}
	}

	/**
	 * The server on {@code port}, once it answers a ping, or {@code null} if it exited
	 * before.
	 * @throws IllegalStateException if it neither answered nor exited in time
	 */
	private static @Nullable MariaDbServer launch(Path dir, int port) {
		List<String> command = new ArrayList<>(List.of(executable(), "--no-defaults",
				"--datadir=" + dir.resolve("data"), "--port=" + port, "--bind-address=127.0.0.1",
				"--socket=" + dir.resolve("sock"), "--pid-file=" + dir.resolve("mariadbd.pid"),
				"--log-error=" + dir.resolve("error.log"), "--skip-log-bin"));
		if ("root".equals(System.getProperty("user.name"))) {
			// as root, mariadbd runs only when told to
			command.add("--user=root");
		}
		Process process;
		try {
			process = new ProcessBuilder(command).directory(dir.toFile())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("stdout.log").toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start mariadbd; " + TOOLS, ex);
		}
		MariaDbServer server = new MariaDbServer(dir, process, port);
		try {
			Polling.await("mariadbd on port " + port + " answers a ping", START_DEADLINE)
				.pollInterval(Duration.ofMillis(100))
				.failFast("mariadbd exited", () -> !process.isAlive())
				.until(server::answersPing);
			return server;
		}
		catch (TerminalFailureException ex) {
			server.stop();
			return null;
		}
		catch (ConditionTimeoutException ex) {
			server.stop();
			throw new IllegalStateException("mariadbd on port " + port + " did not start:\n" + readLog(dir), ex);
		}
	}

	/**
	 * {@code mariadbd} from {@code /usr/sbin}, where Debian puts it and which a user
	 * other than root often has not on the {@code PATH}, else from the {@code PATH}.
	 */
	private static String executable() {
		Path sbin = Path.of("/usr/sbin/mariadbd");
		return Files.isExecutable(sbin) ? sbin.toString() : "mariadbd";
	}

	public int port() {
		return this.port;
	}

	/**
	 * A JDBC URL of {@code database} on this server ({@code ""} for none), as
	 * {@code root}.
	 */
	public String url(String database) {
		return "jdbc:mariadb://127.0.0.1:" + this.port + "/" + database + "?user=root";
	}

	/** The last lines of the server's error log, for failure messages. */
	public String log() {
		return readLog(this.dir);
	}

	private static String readLog(Path dir) {
		try {
			List<String> lines = Files.readAllLines(dir.resolve("error.log"));
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	private boolean answersPing() {
		return Command
			.run(this.dir, Duration.ofSeconds(10), TOOLS, "mariadb-admin", "--no-defaults", "--protocol=tcp",
					"--host=127.0.0.1", "--port=" + this.port, "--user=root", "--connect-timeout=2", "ping")
			.exitCode() == 0;
	}

	/** Kills the server (a test server keeps nothing) and deletes its directory. */
	@Override
	public void close() {
		try {
			stop();
		}
		finally {
			ServerFiles.deleteRecursively(this.dir);
		}
	}

	private void stop() {
		Signals.kill(this.process);
		try {
			Runtime.getRuntime().removeShutdownHook(this.reaper);
		}
		catch (IllegalStateException ex) {
			// the JVM is exiting: the hook runs, and finds the server gone
		}
	}

}
