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

import java.time.Duration;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;

/**
 * {@code snowflake.worker.allocator=static}: the code of {@code snowflake.worker.code},
 * with the high-water mark in {@code snowflake.worker.state-file} when one is set.
 */
final class StaticWorkerCodeAllocator implements WorkerCodeAllocator {

	private final SnowflakeProperties properties;

	private final SnowflakeLayout layout;

	private final String owner;

	/**
	 * @param owner who holds the code while the store is open, named to a second claimant
	 */
	StaticWorkerCodeAllocator(SnowflakeProperties properties, SnowflakeLayout layout, String owner) {
		this.properties = properties;
		this.layout = layout;
		this.owner = owner;
	}

	@Override
	public Allocator kind() {
		return Allocator.STATIC;
	}

	/**
	 * Claims the state file's lock and the code and region within this JVM, until the
	 * store is closed with its application context; the contexts of this JVM with the
	 * same settings share the store, and then one generator.
	 */
	@Override
	public StaticWorkerLeaseStore leaseStore(LeaseTiming timing, Duration startupWaitBudget) {
		SnowflakeProperties.Worker worker = this.properties.getWorker();
		Integer code = worker.getCode();
		if (code == null) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.code",
					"the static allocator is selected but no worker code is configured",
					"Set snowflake.worker.code to this instance's own code (for example its StatefulSet ordinal), "
							+ "below 2^snowflake.layout.worker-bits, or use snowflake.worker.allocator=redis.");
		}
		InvalidSnowflakeConfigurationException.check("snowflake.worker.code", () -> this.layout.requireWorkerCode(code),
				"Set snowflake.worker.code below 2^snowflake.layout.worker-bits.");
		return builder(code, this.properties, timing, this.owner).share();
	}

	/**
	 * A static store of {@code code} in the configured region, with the configured state
	 * file and the lease timing's ceiling lead.
	 */
	static StaticWorkerLeaseStore.Builder builder(int code, SnowflakeProperties properties, LeaseTiming timing,
			String owner) {
		SnowflakeProperties.Worker worker = properties.getWorker();
		return StaticWorkerLeaseStore.builder(code)
			.region(properties.getRegion())
			.stateFile(worker.getStateFile())
			.stateFileMustExist(worker.isStateFileMustExist())
			.ceilingLead(timing.ceilingLead())
			.owner(owner);
	}

	@Override
	public UniquenessDomain domain(WorkerLeaseStore store) {
		return ((StaticWorkerLeaseStore) store).domain();
	}

}
