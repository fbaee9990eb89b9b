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
import java.util.Locale;

import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;

/**
 * One value of {@code snowflake.worker.allocator}, registered as a bean whatever the
 * property says. The lease store bean is made by the allocator that the bound property
 * selects when the application starts, not when Spring AOT processes it: an AOT-processed
 * application started with another allocator uses that one. An allocator that is not
 * selected does nothing: it opens no connection, reads no file and checks none of its own
 * settings.
 */
public interface WorkerCodeAllocator {

	/** The value of {@code snowflake.worker.allocator} that selects this allocator. */
	Allocator kind();

	/**
	 * Whether this allocator is selected when {@code snowflake.worker.allocator} is not
	 * set, instead of the documented default ({@code redis}); the in-memory allocator is,
	 * inside Spring Boot's test slices.
	 */
	default boolean isDefault() {
		return false;
	}

	/**
	 * Whether the store can be made in this application at all, such as whether a Redis
	 * connection is configured; when the selected allocator cannot, startup fails with an
	 * analysis that says what is missing.
	 */
	default boolean isAvailable() {
		return true;
	}

	/**
	 * What this allocator's store adds to the lease timing; called on the selected
	 * allocator only, before {@link #leaseStore}, and before anything connects.
	 * @throws InvalidSnowflakeConfigurationException naming the property to change when
	 * one of this allocator's timing settings is invalid
	 */
	default StoreTiming storeTiming() {
		return StoreTiming.NONE;
	}

	/**
	 * Makes the lease store; called once, and only on the selected allocator.
	 * @param timing the lease timing of the properties and {@link #storeTiming()}
	 * @param startupWaitBudget how long startup may wait for a first grant
	 * @throws InvalidSnowflakeConfigurationException naming the property to change when
	 * this allocator's own settings are missing or invalid
	 */
	WorkerLeaseStore leaseStore(LeaseTiming timing, Duration startupWaitBudget);

	/**
	 * The instances whose worker codes {@code store}, made by
	 * {@link #leaseStore(LeaseTiming, Duration)}, keeps apart.
	 */
	UniquenessDomain domain(WorkerLeaseStore store);

	/**
	 * Makes the lease store of the named generator {@code name}
	 * ({@code snowflake.generators.<name>.*}): the domain of {@code store} (made by
	 * {@link #leaseStore(LeaseTiming, Duration)}) in another region of the same format,
	 * leasing through the same connection. Called on the selected allocator only, once
	 * per named generator, after its region passed the rules. By default the allocator
	 * has no named generators, and startup fails naming the generator.
	 * @param region the named generator's region, which no other generator of this
	 * application uses
	 * @throws InvalidSnowflakeConfigurationException naming the property to change when
	 * this allocator cannot serve a named generator
	 */
	default WorkerLeaseStore leaseStore(WorkerLeaseStore store, String name, int region, LeaseTiming timing) {
		throw new InvalidSnowflakeConfigurationException("snowflake.generators." + name,
				"the " + kind().name().toLowerCase(Locale.ROOT).replace('_', '-')
						+ " allocator does not serve named generators",
				"Remove snowflake.generators." + name + ".*, or select snowflake.worker.allocator=redis, jdbc, "
						+ "static or kubernetes.");
	}

}
