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
package dev.snowflakeid.redis;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Applications started together with their Redis, as a compose file or a pod starts them:
 * each runs in a JVM of its own, as in production, and is started before a
 * {@code redis-server} on the port it was told. It comes up once Redis arrives within the
 * startup wait budget, logging the wait now and then, not per try; a Redis that arrives
 * and refuses a safety check stops it at once, not when the budget ends.
 */
@RealProcesses
class PatientStartupTests {

	/** How long before its Redis the application starts. */
	private static final Duration HEAD_START = Duration.ofSeconds(5);

	private static final Duration BUDGET = Duration.ofSeconds(40);

	/**
	 * The application's lease timings: short, so that the quarantine of a first start on
	 * an empty Redis is too.
	 */
	private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofMillis(300), Duration.ofMillis(500),
			Duration.ofMillis(300), Duration.ZERO, RedisLeaseDefaults.COMMAND_TIMEOUT);

	/**
	 * Far more than Redis reachable to UP takes, on a loaded two-core machine too, yet
	 * well inside the budget.
	 */
	private static final Duration UP_BOUND = TIMING.quarantine().plus(Duration.ofSeconds(10));

	private static final Duration PROCESS_DEADLINE = Duration.ofSeconds(90);

	private static final Pattern REACHED = Pattern.compile("was reached after [0-9.]+ s \\((\\d+) attempts\\)");

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	/** Kept when a test fails, with the application's log. */
	@TempDir(cleanup = CleanupMode.ON_SUCCESS)
	Path directory;

	private JavaProcess application;

	private RedisServer redis;

	@AfterEach
	void stop() {
		if (this.application != null) {
			this.application.close();
		}
		if (this.redis != null) {
			this.redis.close();
		}
	}

	@Test
	void anApplicationStartedBeforeItsRedisComesUpOnceRedisArrives() {
		int redisPort = FreePorts.loopback();
		int httpPort = FreePorts.loopback();
		this.application = start(redisPort, httpPort, "patient.log");
		String waiting = "Worker leases: waiting for the lease Redis at 127.0.0.1:" + redisPort + " to be reachable";
		// the head start counts from the application's first try: a busy machine may take
		// seconds to get there
		this.application.awaitLine("the application waits for its Redis", (line) -> line.contains(waiting), 0,
				PROCESS_DEADLINE);
		long waitingSince = System.nanoTime();
		Polling.await("the application's head start", HEAD_START.plusSeconds(1))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> System.nanoTime() - waitingSince >= HEAD_START.toNanos());
		assertThat(get(httpPort, "/actuator/health/readiness")).as("not UP without Redis").isNull();

		this.redis = RedisServer.builder().port(redisPort).start();
		long reachable = System.nanoTime();
		Polling.await("the application is ready", UP_BOUND)
			.pollInterval(Duration.ofMillis(20))
			.until(() -> "UP".equals(status(get(httpPort, "/actuator/health/readiness"))));
		Duration toUp = Duration.ofNanos(System.nanoTime() - reachable);
		System.out.printf(Locale.ROOT,
				"startup figure: redis reachable to UP %.1f s (of it the quarantine of a first "
						+ "start on an empty Redis, %.1f s), after a %.0f s head start%n",
				toUp.toMillis() / 1e3, TIMING.quarantine().toMillis() / 1e3, HEAD_START.toMillis() / 1e3);
		assertThat(toUp).as("no ID before the quarantine has passed").isGreaterThanOrEqualTo(TIMING.quarantine());
		assertThat(get(httpPort, "/actuator/health/snowflake")).as(this.application.output())
			.startsWith("{\"status\":\"UP\"");

		// a line when the wait starts and one every 5 s, not one per try
		List<String> lines = this.application.lines();
		long waits = lines.stream().filter((line) -> line.contains("Worker leases: waiting for")).count();
		String reached = lines.stream().filter((line) -> line.contains("was reached after")).findFirst().orElseThrow();
		Matcher attempts = REACHED.matcher(reached);
		assertThat(attempts.find()).as(reached).isTrue();
		assertThat(Integer.parseInt(attempts.group(1))).as("tries, one every 200 ms").isGreaterThanOrEqualTo(10);
		assertThat(waits).as("wait lines")
			.isBetween(1L, 2 + Duration.ofNanos(reachable - waitingSince).toSeconds()
					/ RedisLeaseServerCheck.REPORT_INTERVAL_SECONDS);
		assertThat(
				lines.stream().filter((line) -> line.contains("Worker leases: waiting for") && line.contains(" WARN ")))
			.as("every wait line after the first is a warning")
			.hasSize((int) waits - 1);
		assertThat(this.application.output()).doesNotContain("APPLICATION FAILED TO START");
	}

	@Test
	void aRedisThatArrivesAndRefusesASafetyCheckStopsTheApplicationAtOnce() {
		int redisPort = FreePorts.loopback();
		this.application = start(redisPort, FreePorts.loopback(), "refused.log");
		this.application.awaitLine("the application waits for its Redis",
				(line) -> line.contains("Worker leases: waiting for the lease Redis at 127.0.0.1:" + redisPort), 0,
				PROCESS_DEADLINE);
		this.redis = RedisServer.builder().port(redisPort).args("--maxmemory-policy", "allkeys-lru").start();
		long reachable = System.nanoTime();
		assertThat(this.application.awaitExit(PROCESS_DEADLINE)).isEqualTo(1);
		Duration toFailure = Duration.ofNanos(System.nanoTime() - reachable);
		assertThat(toFailure).as("refused at once, not once the %s budget is spent", BUDGET)
			.isLessThan(Duration.ofSeconds(15));
		assertThat(this.application.output()).contains("APPLICATION FAILED TO START")
			.contains("Redis on port " + redisPort + " has maxmemory-policy allkeys-lru")
			.contains("Set maxmemory-policy noeviction (recommended)");
	}

	private JavaProcess start(int redisPort, int httpPort, String log) {
		return JavaProcess.builder(PatientStartupMain.class.getName())
			.jvmOptions("-Xmx256m")
			.args("--server.address=127.0.0.1", "--server.port=" + httpPort, "--spring.data.redis.host=127.0.0.1",
					"--spring.data.redis.port=" + redisPort, "--spring.application.name=patient",
					"--snowflake.worker.lease.ttl=3s", "--snowflake.worker.lease.renew-interval=500ms",
					"--snowflake.worker.lease.outage-tolerance=300ms", "--snowflake.worker.lease.max-clock-skew=300ms",
					"--snowflake.worker.lease.fleet-lead-limit=1900ms",
					"--snowflake.worker.lease.startup-wait-budget=" + BUDGET.toSeconds() + "s",
					"--management.endpoint.health.probes.enabled=true",
					"--management.endpoint.health.show-components=always", "--springdoc.api-docs.enabled=false",
					"--management.endpoints.web.exposure.include=health")
			.start(this.directory.resolve(log));
	}

	/**
	 * The body of a 200 reply, or {@code null} while the server does not answer or
	 * answers otherwise.
	 */
	private static String get(int port, String path) {
		try {
			HttpResponse<String> reply = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
				.timeout(Duration.ofSeconds(2))
				.build(), HttpResponse.BodyHandlers.ofString());
			return (reply.statusCode() == 200) ? reply.body() : null;
		}
		catch (IOException ex) {
			return null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static String status(String body) {
		if (body == null) {
			return null;
		}
		Matcher status = Pattern.compile("^\\{\"status\":\"([A-Z_]+)\"").matcher(body);
		return status.find() ? status.group(1) : body;
	}

}
