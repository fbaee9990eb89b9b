package dev.snowflakeid.actuate;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * A {@code redis-server} without persistence on a free loopback port: started, killed with SIGKILL and
 * started again empty on the same port. Every start waits, with a deadline, until it answers PING.
 */
final class RedisProcess implements AutoCloseable {

	private static final Duration START_DEADLINE = Duration.ofSeconds(15);

	private final Path dir;

	private final int port;

	private Process process;

	private RedisProcess(Path dir, int port) {
		this.dir = dir;
		this.port = port;
	}

	static RedisProcess start() {
		try {
			RedisProcess redis = new RedisProcess(Files.createTempDirectory("redis-actuator-"), freePort());
			redis.launch();
			return redis;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	int port() {
		return this.port;
	}

	/** SIGKILL: the server vanishes without a final write. */
	void kill() {
		Process running = this.process;
		if (running != null && running.isAlive()) {
			running.destroyForcibly();
			try {
				if (!running.waitFor(10, TimeUnit.SECONDS)) {
					throw new IllegalStateException("redis-server " + running.pid() + " did not die");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}
	}

	/** Starts the server again, empty, on the same port. */
	void restart() {
		kill();
		launch();
	}

	private void launch() {
		try {
			this.process = new ProcessBuilder("redis-server", "--port", Integer.toString(this.port), "--bind",
					"127.0.0.1", "--protected-mode", "no", "--daemonize", "no", "--save", "", "--appendonly", "no",
					"--dir", this.dir.toString())
				.redirectErrorStream(true)
				.redirectOutput(this.dir.resolve("redis.log").toFile())
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start redis-server; is it on the PATH?", ex);
		}
		long end = System.nanoTime() + START_DEADLINE.toNanos();
		while (!ping()) {
			if (!this.process.isAlive() || System.nanoTime() - end >= 0) {
				throw new IllegalStateException("redis-server on port " + this.port + " did not start: " + log());
			}
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
		}
	}

	private boolean ping() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port), 200);
			socket.setSoTimeout(500);
			OutputStream out = socket.getOutputStream();
			out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] reply = new byte[7];
			int read = in.readNBytes(reply, 0, reply.length);
			return new String(reply, 0, read, StandardCharsets.US_ASCII).equals("+PONG\r\n");
		}
		catch (IOException ex) {
			return false;
		}
	}

	private String log() {
		try {
			return Files.readString(this.dir.resolve("redis.log"));
		}
		catch (IOException ex) {
			return "(no log)";
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	@Override
	public void close() {
		kill();
		try (Stream<Path> files = Files.walk(this.dir)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(file);
			}
		}
		catch (IOException ex) {
			// temporary directory; best effort
		}
	}

}
