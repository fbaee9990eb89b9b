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
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseStore;

/**
 * The static store with a state file runs the kit. Every client is a handle opened with
 * {@code share()}, as the application contexts of one JVM open it: the handles serve one
 * grant at a time, which is what exclusivity means for a fixed code. Across processes the
 * state file's lock refuses a second instance, which a test in one JVM cannot reach here.
 */
class StaticWorkerLeaseStoreTckTests extends WorkerLeaseStoreTck {

	// A code per region of data, so that one rule's in-JVM mark is not another's floor.
	private static final AtomicInteger codes = new AtomicInteger(100);

	@Override
	protected LeaseStoreUnderTest start() throws IOException {
		return new StaticCodeUnderTest(codes.incrementAndGet(), Files.createTempDirectory("static-tck-"));
	}

	@Override
	protected Map<Capability, String> notApplicable() {
		return Map.of(Capability.GENERATIONS, "a static code has one owner and generation 0", Capability.EXPIRY,
				"a static code never lapses", Capability.STATE_LOSS,
				"a lost state file is a first start unless snowflake.worker.state-file-must-exist",
				Capability.STATE_RESTORE, "an older state file cannot be told from the current one");
	}

	private static final class StaticCodeUnderTest implements LeaseStoreUnderTest {

		private final int code;

		private final Path directory;

		private final List<StaticWorkerLeaseStore> handles = new ArrayList<>();

		StaticCodeUnderTest(int code, Path directory) {
			this.code = code;
			this.directory = directory;
		}

		@Override
		public synchronized WorkerLeaseStore open() {
			StaticWorkerLeaseStore handle = StaticWorkerLeaseStore.builder(this.code)
				.stateFile(this.directory.resolve("worker.state"))
				.ceilingLead(Duration.ofSeconds(1))
				.share();
			this.handles.add(handle);
			return handle;
		}

		@Override
		public int codes() {
			return 1;
		}

		@Override
		public synchronized void close() {
			this.handles.forEach(StaticWorkerLeaseStore::close);
			try (Stream<Path> files = Files.walk(this.directory)) {
				for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
					Files.delete(file);
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

}
