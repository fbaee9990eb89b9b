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
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two real JVM processes on one state file: the second cannot start, and its failure
 * analysis names the file and the process that holds it. The lock ends with its holder,
 * however it ends. The first start, without the file, warns in the application's log.
 */
@RealProcesses
class StateFileProcessTests {

	private static final Duration DEADLINE = Duration.ofSeconds(90);

	@TempDir
	Path directory;

	private JavaProcess holder;

	@AfterEach
	void stopHolder() {
		if (this.holder != null) {
			this.holder.kill();
		}
	}

	@Test
	void aSecondProcessOnTheSameStateFileCannotStartAndNamesTheFileAndTheHolder() throws Exception {
		Path stateFile = this.directory.resolve("worker.hwm");
		this.holder = start(stateFile, "orders", "orders.log");
		long holderPid = awaitReady(this.holder);
		assertThat(holderPid).isEqualTo(this.holder.pid());
		assertThat(this.holder.output()).contains("WARN")
			.contains("Worker state file " + stateFile
					+ " does not exist: worker code 1 starts without a high-water mark")
			.contains(
					"IDs are unique within the domain [static worker code 1, region 0, state file " + stateFile + "]");

		try (JavaProcess second = start(stateFile, "billing", "billing.log")) {
			int status = second.awaitExit(DEADLINE);
			String output = second.output();
			assertThat(status).as(output).isNotZero();
			assertThat(output).doesNotContain("READY")
				.contains("APPLICATION FAILED TO START")
				.contains("The worker state file " + stateFile + " (snowflake.worker.state-file) is in use by process "
						+ holderPid + " (application context 'orders', since ")
				.contains("give each instance its own snowflake.worker.code and snowflake.worker.state-file");
		}

		// This JVM is refused the same way while the holder runs.
		ApplicationContextRunner runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=1",
					"snowflake.worker.state-file=" + stateFile);
		runner.run((context) -> {
			FailureAnalysis analysis = StaticAllocatorTests.analyze(context, new StateFileFailureAnalyzer());
			assertThat(analysis.getDescription()).contains("is in use by process " + holderPid + " (application");
		});

		// A graceful stop releases the lock; so does SIGKILL, since the OS drops it with
		// the process.
		this.holder.closeInput();
		assertThat(this.holder.awaitExit(DEADLINE)).isZero();
		assertThat(this.holder.output()).contains("STOPPED");
		this.holder = start(stateFile, "orders", "orders-again.log");
		awaitReady(this.holder);
		this.holder.kill();
		runner.run((context) -> assertThat(context).hasNotFailed());
	}

	private JavaProcess start(Path stateFile, String name, String log) {
		return JavaProcess.builder(StaticWorkerMain.class.getName())
			.jvmOptions("-Xmx256m")
			.args(stateFile.toString(), "1", name)
			.start(this.directory.resolve(log));
	}

	/** Waits for {@code READY <pid> <id>}; returns the pid. */
	private static long awaitReady(JavaProcess process) {
		return Long.parseLong(process.awaitLine("READY ", DEADLINE).split(" ")[1]);
	}

}
