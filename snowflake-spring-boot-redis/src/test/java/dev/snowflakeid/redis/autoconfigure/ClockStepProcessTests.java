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
package dev.snowflakeid.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;

import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import dev.snowflakeid.testsupport.ShiftedWallClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Applications in JVMs of their own whose wall clock the test steps (libfaketime; their
 * monotonic clock keeps running): {@code snowflake.clock.forward-jump-alert} decides
 * which forward steps are counted, {@code snowflake.clock.rollback-wait-budget} which
 * backward steps are waited out, and a clock farther from Redis's than
 * {@code snowflake.worker.lease.max-clock-skew} stops startup with a failure analysis
 * that names the property and the fix.
 */
@RealProcesses
class ClockStepProcessTests {

	private static final Duration DEADLINE = Duration.ofSeconds(90);

	@TempDir
	Path directory;

	private int requests;

	@Test
	void forwardJumpsAboveTheConfiguredAlertAreCounted() {
		ShiftedWallClock clock = new ShiftedWallClock(this.directory.resolve("clock"));
		try (JavaProcess app = start(clock, "jumps.log", "--snowflake.worker.allocator=static",
				"--snowflake.worker.code=3", "--snowflake.clock.forward-jump-alert=3s")) {
			app.awaitLine("READY", DEADLINE);
			assertThat(issue(app)).containsSequence("ISSUED", "1").endsWith("0", "0");
			String[] below = shiftAndIssue(app, clock, Duration.ofSeconds(2));
			assertThat(below[0]).isEqualTo("ISSUED");
			assertThat(below[4]).as("a 2 s step is below the 3 s alert").isEqualTo("0");
			String[] above = shiftAndIssue(app, clock, Duration.ofSeconds(7));
			assertThat(above[0]).isEqualTo("ISSUED");
			assertThat(above[4]).as("a 5 s step is above it").isEqualTo("1");
			assertThat(Long.parseLong(above[5])).isBetween(4_500L, 5_500L);
		}
	}

	@Test
	void backwardStepsWithinTheConfiguredBudgetAreWaitedOutAndLargerOnesRefused() {
		ShiftedWallClock clock = new ShiftedWallClock(this.directory.resolve("clock"));
		try (JavaProcess app = start(clock, "rollback.log", "--snowflake.worker.allocator=static",
				"--snowflake.worker.code=4", "--snowflake.clock.rollback-wait-budget=600ms")) {
			app.awaitLine("READY", DEADLINE);
			assertThat(issue(app)[0]).isEqualTo("ISSUED");
			// a quarter of a second back: the default budget (5 ms) would refuse it
			assertThat(shiftAndIssue(app, clock, Duration.ofMillis(-250))).as("waited out").startsWith("ISSUED");
			assertThat(shiftAndIssue(app, clock, Duration.ofMillis(-1_750))).as("1.5 s further back")
				.startsWith("REFUSED")
				.contains("CLOCK_MOVED_BACKWARDS");
		}
	}

	@Test
	void aClockFartherFromRedisThanTheAllowedSkewStopsStartup() {
		ShiftedWallClock clock = new ShiftedWallClock(this.directory.resolve("clock"));
		clock.shift(Duration.ofSeconds(5));
		try (RedisServer redis = RedisServer.start();
				JavaProcess app = start(clock, "skew.log", "--spring.data.redis.port=" + redis.port(),
						"--snowflake.worker.lease.max-clock-skew=1s",
						"--snowflake.worker.lease.startup-wait-budget=17s")) {
			int status = app.awaitExit(DEADLINE);
			String output = app.output();
			assertThat(status).as(output).isNotZero();
			assertThat(output).doesNotContain("READY")
				.contains("APPLICATION FAILED TO START")
				.contains("Clock skew against the lease store")
				.contains("Synchronize this host's clock and the Redis host's clock (NTP)")
				.contains("snowflake.worker.lease.max-clock-skew");
			// the key space's format record, which holds no time, is made before the
			// first claim; the lease
			// script, which compares the clocks, wrote nothing
			assertThat(redis.call("EXISTS", "snowflake:format")).as("the format record").isEqualTo(1L);
			assertThat(redis.call("DBSIZE")).as("the lease script wrote nothing").isEqualTo(1L);
		}
	}

	private JavaProcess start(ShiftedWallClock clock, String log, String... properties) {
		return JavaProcess.builder(ClockStepMain.class.getName())
			.jvmOptions("-Xmx256m", "-XX:TieredStopAtLevel=1")
			.environment(clock.environment())
			.args(properties)
			.start(this.directory.resolve(log));
	}

	/**
	 * Asks for one ID; returns the fields of the answer ({@code ISSUED} or
	 * {@code REFUSED}, the number, ...).
	 */
	private String[] issue(JavaProcess app) {
		int n = ++this.requests;
		app.send("ID");
		String answer = app.awaitLine("answer " + n,
				(line) -> line.startsWith("ISSUED " + n + " ") || line.startsWith("REFUSED " + n + " "), 0, DEADLINE);
		return answer.split(" ");
	}

	/**
	 * Steps the clock, then asks for IDs until the application's clock shows the step;
	 * returns that answer, the first one after the step.
	 */
	private String[] shiftAndIssue(JavaProcess app, ShiftedWallClock clock, Duration offset) {
		clock.shift(offset);
		return Polling.await("the application's clock at " + offset, Duration.ofSeconds(10))
			.pollInterval(Duration.ofMillis(20))
			.until(() -> issue(app), (fields) -> Math
				.abs(Long.parseLong(fields[3]) - System.currentTimeMillis() - offset.toMillis()) < 100);
	}

}
