package dev.snowflakeid.sample;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The sample application (or a redis-server) run as a separate operating-system process, as in
 * production: it can be killed with SIGKILL and started again.
 */
final class SampleProcess implements AutoCloseable {

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final List<String> command;

	private final Path log;

	private final int port;

	private Process process;

	private SampleProcess(List<String> command, Path log, int port) {
		this.command = command;
		this.log = log;
		this.port = port;
	}

	/** Starts the sample application on a free port with the given extra arguments. */
	static SampleProcess app(Path logDirectory, String name, String... arguments) throws IOException {
		return app(logDirectory, name, List.of(), arguments);
	}

	/** Starts the sample application with extra JVM options, such as {@code -Dspring.aot.enabled=true}. */
	static SampleProcess app(Path logDirectory, String name, List<String> jvmOptions, String... arguments)
			throws IOException {
		int port = freePort();
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx384m", "-XX:TieredStopAtLevel=1"));
		command.addAll(jvmOptions);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), SampleApplication.class.getName(),
				"--server.port=" + port, "--sample.embedded-redis.enabled=false"));
		command.addAll(List.of(arguments));
		SampleProcess app = new SampleProcess(command, logDirectory.resolve(name + ".log"), port);
		app.launch();
		return app;
	}

	/** Starts a redis-server without persistence on a free port. */
	static SampleProcess redis(Path logDirectory) throws IOException {
		int port = freePort();
		SampleProcess redis = new SampleProcess(List.of("redis-server", "--port", Integer.toString(port), "--bind",
				"127.0.0.1", "--save", "", "--appendonly", "no"), logDirectory.resolve("redis-" + port + ".log"), port);
		redis.launch();
		redis.await(Duration.ofSeconds(20), "redis-server answering", () -> {
			try {
				Process ping = new ProcessBuilder("redis-cli", "-p", Integer.toString(port), "PING").start();
				return ping.waitFor(5, TimeUnit.SECONDS) && new String(ping.getInputStream().readAllBytes()).contains("PONG");
			}
			catch (IOException | InterruptedException ex) {
				return false;
			}
		});
		return redis;
	}

	private void launch() throws IOException {
		Files.createDirectories(this.log.getParent());
		this.process = new ProcessBuilder(this.command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.log.toFile()))
			.start();
	}

	int port() {
		return this.port;
	}

	URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

	/** Waits until the snowflake health contributor reports UP. */
	SampleProcess awaitUp() {
		await(Duration.ofSeconds(90), "sample app healthy on port " + this.port, () -> {
			try {
				HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri("/actuator/health/snowflake")).build(),
						HttpResponse.BodyHandlers.ofString());
				return response.statusCode() == 200 && response.body().contains("\"UP\"");
			}
			catch (IOException ex) {
				return false;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		});
		return this;
	}

	/** SIGKILL: no shutdown hook, no release of the worker code. */
	void kill() throws InterruptedException {
		this.process.destroyForcibly();
		this.process.waitFor(20, TimeUnit.SECONDS);
	}

	/** Starts the same command again, as a supervisor would after a crash. */
	SampleProcess restart() throws IOException {
		launch();
		return this;
	}

	String log() {
		try {
			return Files.readString(this.log);
		}
		catch (IOException ex) {
			return "(no log: " + ex + ")";
		}
	}

	void await(Duration timeout, String what, BooleanSupplier condition) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!condition.getAsBoolean()) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException(what + ": process exited with " + this.process.exitValue() + "\n" + logTail());
			}
			if (System.nanoTime() - deadline > 0) {
				throw new IllegalStateException("timed out waiting for " + what + "\n" + logTail());
			}
			LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
		}
	}

	String logTail() {
		String text = log();
		return text.substring(Math.max(0, text.length() - 6000));
	}

	static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			socket.setReuseAddress(true);
			return socket.getLocalPort();
		}
	}

	@Override
	public void close() throws InterruptedException {
		if (this.process != null && this.process.isAlive()) {
			this.process.destroy();
			if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
			}
		}
	}

}
