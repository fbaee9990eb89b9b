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
package dev.snowflakeid.sample;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.Polling;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;

/**
 * The sample application run as a separate operating-system process, as in production: it
 * can be killed with SIGKILL and started again.
 */
final class SampleProcess implements AutoCloseable {

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final JavaProcess.Builder command;

	private final Path logDirectory;

	private final String name;

	private final int port;

	private int incarnations;

	private JavaProcess process;

	private SampleProcess(JavaProcess.Builder command, Path logDirectory, String name, int port) {
		this.command = command;
		this.logDirectory = logDirectory;
		this.name = name;
		this.port = port;
	}

	/** Starts the sample application on a free port with the given extra arguments. */
	static SampleProcess app(Path logDirectory, String name, String... arguments) {
		return app(logDirectory, name, List.of(), arguments);
	}

	/**
	 * Starts the sample application with extra JVM options, such as
	 * {@code -Dspring.aot.enabled=true}.
	 */
	static SampleProcess app(Path logDirectory, String name, List<String> jvmOptions, String... arguments) {
		return start(logDirectory, name, jvmOptions, false, arguments);
	}

	/**
	 * Starts the sample application as the quick start runs it
	 * ({@link TestSampleApplication}): when nothing answers at the Redis its settings
	 * name, it leases from the JDBC store in an embedded PostgreSQL server.
	 */
	static SampleProcess asQuickStart(Path logDirectory, String name, String... arguments) {
		return start(logDirectory, name, List.of(), true, arguments);
	}

	private static SampleProcess start(Path logDirectory, String name, List<String> jvmOptions, boolean quickStart,
			String... arguments) {
		int port = FreePorts.loopback();
		Class<?> main = quickStart ? TestSampleApplication.class : SampleApplication.class;
		JavaProcess.Builder command = JavaProcess.builder(main.getName())
			.jvmOptions("-Xmx384m", "-XX:TieredStopAtLevel=1")
			.jvmOptions(jvmOptions.toArray(String[]::new))
			.args("--server.port=" + port)
			.args(arguments);
		SampleProcess app = new SampleProcess(command, logDirectory, name, port);
		app.launch();
		return app;
	}

	// Each incarnation logs to a file of its own: name.log, then name-2.log, ...
	private void launch() {
		this.incarnations++;
		String log = this.name + ((this.incarnations > 1) ? "-" + this.incarnations : "") + ".log";
		this.process = this.command.start(this.logDirectory.resolve(log));
	}

	int port() {
		return this.port;
	}

	URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

	/** Waits until the snowflake health contributor reports UP. */
	SampleProcess awaitUp() {
		await("sample app healthy on port " + this.port, Duration.ofSeconds(90), () -> {
			try {
				HttpResponse<String> response = http.send(
						HttpRequest.newBuilder(uri("/actuator/health/snowflake")).build(),
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
		}, Boolean::booleanValue);
		return this;
	}

	/** SIGKILL: no shutdown hook, no release of the worker code. */
	void kill() {
		this.process.kill();
	}

	/** Starts the same command again, as a supervisor would after a crash. */
	SampleProcess restart() {
		launch();
		return this;
	}

	/** What the current incarnation printed so far. */
	String log() {
		return this.process.output();
	}

	/**
	 * Calls {@code call} every 100 ms until {@code done} accepts what it returned, and
	 * returns that; fails with the tail of this process's log when {@code timeout} passes
	 * first or the process exits.
	 */
	<T> T await(String what, Duration timeout, Callable<T> call, Predicate<? super T> done) {
		Process running = this.process.process();
		try {
			return Polling.await(what, timeout)
				.pollInterval(Duration.ofMillis(100))
				.failFast(what + ": the process exited", () -> !running.isAlive())
				.until(call, done::test);
		}
		catch (ConditionTimeoutException | TerminalFailureException ex) {
			throw new IllegalStateException(ex.getMessage() + "\n" + logTail(), ex);
		}
	}

	String logTail() {
		String text = log();
		return text.substring(Math.max(0, text.length() - 6000));
	}

	/**
	 * SIGTERM, as a supervisor stops the application (Ctrl-C's SIGINT runs the same
	 * shutdown hook); waits for it to exit by itself and fails, with its log, when it has
	 * not within 30 s.
	 */
	void terminate() {
		this.process.process().destroy();
		this.process.awaitExit(Duration.ofSeconds(30));
	}

	/**
	 * SIGTERM (a graceful shutdown that releases the worker code), SIGKILL after 20 s.
	 */
	@Override
	public void close() {
		if (this.process != null) {
			this.process.close();
		}
	}

}
