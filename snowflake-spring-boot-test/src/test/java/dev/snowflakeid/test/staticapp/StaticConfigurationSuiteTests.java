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
package dev.snowflakeid.test.staticapp;

import java.nio.file.Path;
import java.time.Duration;

import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application's test suite run with its production static configuration
 * ({@code snowflake.worker.allocator=static}, {@code snowflake.worker.code=1} and a state
 * file), in a JVM of its own as a build runs it: every test passes although Spring caches
 * several contexts side by side and closes some with {@code @DirtiesContext}. The
 * contexts alive at once share one generator, the one started after a dirtied context
 * starts above its last tick, and all IDs are distinct and increasing.
 */
@RealProcesses
class StaticConfigurationSuiteTests {

	private static final Duration DEADLINE = Duration.ofMinutes(3);

	@TempDir
	Path directory;

	@Test
	void everyTestPassesWithCachedAndDirtiedContextsOnOneStaticCode() {
		Path stateFile = this.directory.resolve("catalog.hwm");
		try (JavaProcess suite = JavaProcess.builder(CatalogSuiteMain.class.getName())
			.jvmOptions("-Xmx384m", "-Dsnowflake.worker.allocator=static", "-Dsnowflake.worker.code=1",
					"-Dsnowflake.worker.state-file=" + stateFile, "-Dspring.main.banner-mode=off")
			.start(this.directory.resolve("suite.log"))) {
			int status = suite.awaitExit(DEADLINE);
			String output = suite.output();
			assertThat(status).as(output).isZero();
			assertThat(output).as(output)
				.contains("SUITE tests=5 succeeded=5 failed=0 contexts=5 generators=2 ids=500 distinct=500 "
						+ "increasing=true")
				.doesNotContain("already held in this JVM");
		}
		assertThat(stateFile).exists();
	}

}
