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
package dev.snowflakeid.test.autoconfigure;

import java.time.Duration;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;
import dev.snowflakeid.autoconfigure.WorkerCodeAllocator;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;

/**
 * {@code snowflake.worker.allocator=in-memory}: a code of this application context's own
 * (or {@code snowflake.worker.code}) held in memory, without a state file; also the
 * default inside a test slice.
 */
final class InMemoryWorkerCodeAllocator implements WorkerCodeAllocator {

	private final SnowflakeProperties properties;

	private final SnowflakeLayout layout;

	private final boolean inTestSlice;

	InMemoryWorkerCodeAllocator(SnowflakeProperties properties, SnowflakeLayout layout, boolean inTestSlice) {
		this.properties = properties;
		this.layout = layout;
		this.inTestSlice = inTestSlice;
	}

	@Override
	public Allocator kind() {
		return Allocator.IN_MEMORY;
	}

	/**
	 * In a test slice, which leaves Redis out, when the application chose no allocator.
	 */
	@Override
	public boolean isDefault() {
		return this.inTestSlice;
	}

	@Override
	public StaticWorkerLeaseStore leaseStore(LeaseTiming timing, Duration startupWaitBudget) {
		return StaticWorkerLeaseStore.builder(SnowflakeTestAutoConfiguration.code(this.properties, this.layout))
			.region(this.properties.getRegion())
			.ceilingLead(timing.ceilingLead())
			.build();
	}

	/** The default generator's code in {@code region}. */
	@Override
	public StaticWorkerLeaseStore leaseStore(WorkerLeaseStore store, String name, int region, LeaseTiming timing) {
		return StaticWorkerLeaseStore.builder(((StaticWorkerLeaseStore) store).workerCode())
			.region(region)
			.ceilingLead(timing.ceilingLead())
			.build();
	}

	@Override
	public UniquenessDomain domain(WorkerLeaseStore store) {
		return ((StaticWorkerLeaseStore) store).domain();
	}

}
