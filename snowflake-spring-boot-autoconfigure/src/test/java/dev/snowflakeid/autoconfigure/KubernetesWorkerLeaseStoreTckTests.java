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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.tck.Capability;
import dev.snowflakeid.lease.tck.LeaseStoreUnderTest;
import dev.snowflakeid.lease.tck.StaticCodeUnderTest;
import dev.snowflakeid.lease.tck.WorkerLeaseStoreTck;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.mock.env.MockEnvironment;

/**
 * The kubernetes allocator's store runs the kit: each client is the store the allocator
 * makes for a pod whose {@code HOSTNAME} ends in the ordinal, on the pod's state file, as
 * the application contexts of one pod's JVM make it. It is the static store under another
 * name, so the same rules apply, and the same ones do not.
 */
class KubernetesWorkerLeaseStoreTckTests extends WorkerLeaseStoreTck {

	// An ordinal per rule, so that one rule's in-JVM mark is not another's floor.
	private static final AtomicInteger ordinals = new AtomicInteger(20);

	// Each rule's volume is a directory of its own in it.
	@TempDir
	Path directory;

	@Override
	protected LeaseStoreUnderTest start() throws IOException {
		String pod = "orders-" + ordinals.incrementAndGet();
		SnowflakeProperties properties = new SnowflakeProperties();
		properties.getWorker()
			.setStateFile(Files.createTempDirectory(this.directory, "volume-").resolve("worker.state"));
		KubernetesWorkerCodeAllocator allocator = new KubernetesWorkerCodeAllocator(properties,
				SnowflakeLayout.defaults(), "pod " + pod, new MockEnvironment().withProperty("HOSTNAME", pod));
		return new StaticCodeUnderTest(() -> allocator.leaseStore(LeaseTiming.defaults(), Duration.ofSeconds(5)));
	}

	@Override
	protected Map<Capability, String> notApplicable() {
		return StaticCodeUnderTest.NOT_APPLICABLE;
	}

}
