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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A StatefulSet pod's life in real JVM processes on one volume: the pod {@code orders-5}
 * issues as worker code 5; a second process for the same ordinal on the same volume (a
 * force-deleted pod still running) does not start and names the holder; after the pod is
 * killed, its successor starts above every ceiling the file recorded.
 */
@RealProcesses
class KubernetesPodProcessTests {

	private static final Duration DEADLINE = Duration.ofSeconds(90);

	// Short, so that the restart waits out a short ceiling lead.
	private static final Map<String, String> POD = Map.of("HOSTNAME", "orders-5",
			"SNOWFLAKE_WORKER_LEASE_OUTAGETOLERANCE", "1s");

	@TempDir
	Path volume;

	private JavaProcess pod;

	@AfterEach
	void stopPod() {
		if (this.pod != null) {
			this.pod.kill();
		}
	}

	@Test
	void theOrdinalIsTheCodeOneProcessHoldsItAndARestartStartsAboveTheFilesMark() throws Exception {
		Path stateFile = this.volume.resolve("worker.state");
		this.pod = start(stateFile, "orders-5.log");
		long first = firstId(this.pod);
		assertThat(SnowflakeLayout.defaults().decode(first).worker()).isEqualTo(5);
		assertThat(this.pod.output()).contains("static worker code 5, region 0, state file " + stateFile);

		try (JavaProcess twin = start(stateFile, "orders-5-twin.log")) {
			assertThat(twin.awaitExit(DEADLINE)).as(twin.output()).isNotZero();
			assertThat(twin.output()).doesNotContain("READY")
				.contains("The worker state file " + stateFile + " (snowflake.worker.state-file) is in use by process "
						+ this.pod.pid());
		}

		this.pod.kill();
		long mark = Long.parseLong(Files.readString(stateFile).strip());
		this.pod = start(stateFile, "orders-5-again.log");
		long next = firstId(this.pod);
		assertThat(SnowflakeLayout.defaults().decode(next).worker()).isEqualTo(5);
		assertThat(SnowflakeLayout.defaults().decode(next).timestamp().toEpochMilli()).isGreaterThan(mark);
	}

	private JavaProcess start(Path stateFile, String log) {
		return JavaProcess.builder(StaticWorkerMain.class.getName())
			.jvmOptions("-Xmx256m")
			.environment(POD)
			.args(stateFile.toString(), "kubernetes", "orders")
			.start(this.volume.resolve(log));
	}

	/** Waits for {@code READY <pid> <id>}; returns the ID. */
	private static long firstId(JavaProcess process) {
		return Long.parseLong(process.awaitLine("READY ", DEADLINE).split(" ")[2]);
	}

}
