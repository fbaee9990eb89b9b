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

	/**
	 * The default generator's code in {@code region}, with a state file of the
	 * generator's own beside the configured one.
	 */
	@Override
	public StaticWorkerLeaseStore leaseStore(WorkerLeaseStore store, String name, int region, LeaseTiming timing) {
		return named((StaticWorkerLeaseStore) store, name, region, this.properties, timing, this.owner).share();
	}

	/**
	 * A static store of the named generator {@code name}: the code of {@code store} in
	 * {@code region}, with the state file {@link #stateFile(Path, String)} names.
	 */
	static StaticWorkerLeaseStore.Builder named(StaticWorkerLeaseStore store, String name, int region,
			SnowflakeProperties properties, LeaseTiming timing, String owner) {
		Path stateFile = properties.getWorker().getStateFile();
		return builder(store.workerCode(), properties, timing, owner + ", generator '" + name + "'").region(region)
			.stateFile((stateFile != null) ? stateFile(stateFile, name) : null);
	}

	/**
	 * The state file of a named generator: the configured file's name with
	 * {@code -<name>} before its extension ({@code worker.state} becomes
	 * {@code worker-orders.state}), in the same directory. A state file holds the marks
	 * of one code in one region, so each generator has its own.
	 */
	static Path stateFile(Path configured, String name) {
		String file = configured.getFileName().toString();
		int dot = file.lastIndexOf('.');
		String named = (dot > 0) ? file.substring(0, dot) + "-" + name + file.substring(dot) : file + "-" + name;
		return configured.resolveSibling(named);
	}

	@Override
	public UniquenessDomain domain(WorkerLeaseStore store) {
		return ((StaticWorkerLeaseStore) store).domain();
	}

}
