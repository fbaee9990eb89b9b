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
package dev.snowflakeid.testsupport;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * A tool run to completion: its exit code and both output streams, a hung tool, a missing
 * tool.
 */
@RealProcesses
class CommandTests {

	@TempDir
	Path directory;

	@Test
	void keepsTheExitCodeAndBothOutputStreamsAndRunsInTheDirectory() {
		Command command = Command.run(this.directory, Duration.ofSeconds(30), "install sh", "sh", "-c",
				"echo out; echo err >&2; pwd; exit 3");
		assertThat(command.exitCode()).isEqualTo(3);
		assertThat(command.output()).contains("out", "err", this.directory.toString());
	}

	@Test
	void aToolThatDoesNotFinishInTimeIsKilledAndFailsWithItsOutput() {
		assertThatIllegalStateException()
			.isThrownBy(() -> Command.run(this.directory, Duration.ofMillis(300), "install sh", "sh", "-c",
					"echo started; exec tail -f /dev/null"))
			.withMessageContaining("did not finish within PT0.3S")
			.withMessageContaining("started");
	}

	@Test
	void aMissingToolFailsSayingHowToInstallIt() {
		assertThatIllegalStateException()
			.isThrownBy(() -> Command.run(this.directory, Duration.ofSeconds(30), "apt-get install no-such-tool",
					"no-such-tool-of-this-machine"))
			.withMessageStartingWith("no-such-tool-of-this-machine cannot be run")
			.withMessageEndingWith("; apt-get install no-such-tool");
	}

}
