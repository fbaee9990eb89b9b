package dev.snowflakeid.benchmarks;

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
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * A throw-away {@code redis-server} on a free loopback port, without persistence, for the lease
 * benchmarks. Needs {@code redis-server} on {@code PATH}.
 */
final class RedisServer implements AutoCloseable {

	private static final long START_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

	private final Process process;

	private final Path directory;

	private final int port;

	// Stops the server if the benchmark JVM exits without reaching close(), as after a failed setup.
	private final Thread shutdownHook;

	private RedisServer(Process process, Path directory, int port) {
		this.process = process;
		this.directory = directory;
		this.port = port;
		this.shutdownHook = new Thread(process::destroyForcibly, "redis-server-" + port + "-shutdown");
		Runtime.getRuntime().addShutdownHook(this.shutdownHook);
	}

	/** Starts a server and returns once it answers {@code PING}. */
	static RedisServer start() {
		int port = freePort();
		Path directory;
		Process process;
		try {
			directory = Files.createTempDirectory("snowflake-redis-");
			process = new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1",
					"--save", "", "--appendonly", "no", "--dir", directory.toString())
				.redirectErrorStream(true)
				.redirectOutput(directory.resolve("redis.log").toFile())
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("redis-server could not be started; the lease benchmarks need it on PATH", ex);
		}
		RedisServer server = new RedisServer(process, directory, port);
		long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
		while (!server.answersPing()) {
			if (!process.isAlive() || System.nanoTime() - deadline > 0) {
				server.close();
				throw new IllegalStateException("redis-server on port " + port + " did not answer PING within 10 s");
			}
			LockSupport.parkNanos(20_000_000);
		}
		return server;
	}

	int port() {
		return this.port;
	}

	private boolean answersPing() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", this.port), 200);
			socket.setSoTimeout(500);
			OutputStream out = socket.getOutputStream();
			out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] reply = new byte[5];
			return in.readNBytes(reply, 0, 5) == 5 && "+PONG".equals(new String(reply, StandardCharsets.US_ASCII));
		}
		catch (IOException ex) {
			return false;
		}
	}

	@Override
	public void close() {
		try {
			Runtime.getRuntime().removeShutdownHook(this.shutdownHook);
		}
		catch (IllegalStateException ex) {
			// Already shutting down: the hook stops the server.
		}
		this.process.destroy();
		try {
			if (!this.process.waitFor(5, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.process.destroyForcibly();
		}
		try (Stream<Path> files = Files.walk(this.directory)) {
			files.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException ex) {
			// The temporary directory is left behind; nothing else depends on it.
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("no free loopback port for redis-server", ex);
		}
	}

}
