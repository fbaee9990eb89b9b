package dev.snowflakeid.chaos;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * One region's {@code redis-server}, on a fixed loopback port in its own directory: with an append-only
 * file ({@code appendfsync everysec}, Redis's default, so a SIGKILL may lose the last second of writes)
 * or with no persistence at all.
 */
final class RedisNode implements AutoCloseable {

	private final String name;

	private final Path dir;

	private final int port;

	private final boolean appendOnly;

	private Process process;

	RedisNode(String name, Path dir, int port, boolean appendOnly) {
		this.name = name;
		this.dir = dir;
		this.port = port;
		this.appendOnly = appendOnly;
	}

	String name() {
		return this.name;
	}

	int port() {
		return this.port;
	}

	boolean appendOnly() {
		return this.appendOnly;
	}

	synchronized void start() {
		List<String> command = List.of("redis-server", "--port", Integer.toString(this.port), "--bind", "127.0.0.1",
				"--protected-mode", "no", "--daemonize", "no", "--dir", this.dir.toString(), "--save", "",
				"--appendonly", this.appendOnly ? "yes" : "no", "--appendfsync", "everysec", "--logfile", "redis.log");
		try {
			Files.createDirectories(this.dir);
			this.process = new ProcessBuilder(command).directory(this.dir.toFile())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.dir.resolve("stdout.log").toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start redis-server; is it on the PATH?", ex);
		}
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
		while (!"+PONG".equals(command("PING"))) {
			if (!this.process.isAlive() || System.nanoTime() - deadline > 0) {
				throw new IllegalStateException(this.name + " did not start on port " + this.port + "; see " + this.dir);
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
		}
	}

	/** SIGKILL, waiting until the process is gone. */
	synchronized void kill() {
		Signals.kill(this.process);
	}

	/** Deletes the data files; call while the server is down. */
	synchronized void deleteData() {
		try (Stream<Path> files = Files.list(this.dir)) {
			for (Path file : files.toList()) {
				String fileName = file.getFileName().toString();
				if (fileName.equals("dump.rdb") || fileName.startsWith("appendonly")) {
					try (Stream<Path> walk = Files.walk(file)) {
						for (Path each : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
							Files.deleteIfExists(each);
						}
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	synchronized void pause() {
		Signals.send("STOP", this.process);
	}

	synchronized void resume() {
		Signals.send("CONT", this.process);
	}

	/**
	 * Sends one inline command on a fresh connection and returns the first reply line, or {@code null}
	 * if the server did not answer within a second.
	 */
	String command(String command) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port), 1_000);
			socket.setSoTimeout(1_000);
			OutputStream out = socket.getOutputStream();
			out.write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
			out.flush();
			return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
				.readLine();
		}
		catch (IOException ex) {
			return null;
		}
	}

	@Override
	public synchronized void close() {
		if (this.process != null && this.process.isAlive()) {
			Signals.send("CONT", this.process);
			Signals.kill(this.process);
		}
	}

}
