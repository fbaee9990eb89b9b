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
package dev.snowflakeid.lease.tck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import org.junit.jupiter.api.io.TempDir;

/**
 * The static store with a state file runs the kit, a code and a state file of its own for
 * each rule.
 */
class StaticWorkerLeaseStoreTckTests extends WorkerLeaseStoreTck {

	// A code per rule, so that one rule's in-JVM mark is not another's floor.
	private static final AtomicInteger codes = new AtomicInteger(100);

	// Each rule's state file gets a directory of its own in it.
	@TempDir
	Path directory;

	@Override
	protected LeaseStoreUnderTest start() throws IOException {
		int code = codes.incrementAndGet();
		Path stateFile = Files.createTempDirectory(this.directory, "static-").resolve("worker.state");
		return new StaticCodeUnderTest(() -> StaticWorkerLeaseStore.builder(code)
			.stateFile(stateFile)
			.ceilingLead(Duration.ofSeconds(1))
			.share());
	}

	@Override
	protected Map<Capability, String> notApplicable() {
		return StaticCodeUnderTest.NOT_APPLICABLE;
	}

}
