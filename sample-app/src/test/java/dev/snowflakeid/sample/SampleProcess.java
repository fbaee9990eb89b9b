package dev.snowflakeid.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.Signals;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

/**
 * The sample application run as a separate operating-system process, as in production: it can be killed
 * with SIGKILL and started again.
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
		int port = FreePorts.loopback();
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
	void kill() {
		Signals.kill(this.process);
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

	private void await(Duration timeout, String what, BooleanSupplier condition) {
		Process running = this.process;
		try {
			Polling.await(what, timeout)
				.pollInterval(Duration.ofMillis(100))
				.failFast(what + ": the process exited", () -> !running.isAlive())
				.until(condition::getAsBoolean);
		}
		catch (ConditionTimeoutException | TerminalFailureException ex) {
			throw new IllegalStateException(ex.getMessage() + "\n" + logTail(), ex);
		}
	}

	String logTail() {
		String text = log();
		return text.substring(Math.max(0, text.length() - 6000));
	}

	/** SIGTERM (a graceful shutdown that releases the worker code), SIGKILL after 20 s. */
	@Override
	public void close() {
		if (this.process != null && this.process.isAlive()) {
			this.process.destroy();
			if (!Signals.awaitExit(this.process, Duration.ofSeconds(20))) {
				Signals.kill(this.process);
			}
		}
	}

}
