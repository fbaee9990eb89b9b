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
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.SnowflakeWorker.SharedWorkers;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators.Named;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseListener;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.jspecify.annotations.Nullable;

/**
 * Makes the workers of the default generator and of the named generators alike: the
 * generator settings of {@code snowflake.*}, a lease keeper on the application context's
 * one renewal thread (a static code shared by several contexts keeps the thread of its
 * own), started unless the process is checkpointed on refresh.
 */
final class GeneratorAssembly {

	private GeneratorAssembly() {
	}

	/**
	 * A worker issuing in {@code region} with codes of {@code store}, not started yet
	 * (one sharing a static code joins the others, started).
	 * @param owner who holds a static code, named to a second claimant
	 */
	static SnowflakeWorker unstarted(SnowflakeProperties properties, SnowflakeLayout layout, int region,
			WorkerLeaseStore store, LeaseTiming timing, List<WorkerLeaseListener> listeners, String owner,
			SnowflakeLeaseThreads threads) {
		LeaseTimingMapper.checkBorrowAhead(properties, timing, store);
		Duration startupWaitBudget = LeaseTimingMapper.startupWaitBudget(properties, timing);
		SnowflakeProperties.Lease lease = properties.getWorker().getLease();
		SnowflakeProperties.Clock clock = properties.getClock();
		boolean randomStart = properties.getSequence().getStart() == SequenceStart.RANDOM;
		if (store instanceof StaticWorkerLeaseStore staticStore && staticStore.shared()) {
			SharedWorkers.Builder shared = SharedWorkers.builder(staticStore, layout)
				.renewInterval(lease.getRenewInterval())
				.startupWaitBudget(startupWaitBudget)
				.rollbackWaitBudget(clock.getRollbackWaitBudget())
				.exhaustionWaitBudget(properties.getSequence().getExhaustionWaitBudget())
				.randomSequenceStart(randomStart)
				.borrowAhead(clock.getBorrowAhead())
				.forwardJumpAlert(clock.getForwardJumpAlert())
				.owner(owner);
			listeners.forEach(shared::listener);
			return shared.join();
		}
		WorkerLeaseKeeper.Builder keeper = WorkerLeaseKeeper.builder(store)
			.tick(layout.tick())
			.renewInterval(lease.getRenewInterval())
			.startupWaitBudget(startupWaitBudget)
			.scheduler(threads.renewals())
			.eventExecutor(threads.events());
		listeners.forEach(keeper::listener);
		WorkerLeaseKeeper built = keeper.build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(layout)
			.region(region)
			.leaseSource(built)
			.rollbackWaitBudget(clock.getRollbackWaitBudget())
			.exhaustionWaitBudget(properties.getSequence().getExhaustionWaitBudget())
			.randomSequenceStart(randomStart)
			.borrowAhead(clock.getBorrowAhead())
			.forwardJumpAlert(clock.getForwardJumpAlert())
			.build();
		return new SnowflakeWorker(generator, built, InstantSource.system());
	}

	/** As {@link #unstarted}, started unless the process is checkpointed on refresh. */
	static SnowflakeWorker worker(SnowflakeProperties properties, SnowflakeLayout layout, int region,
			WorkerLeaseStore store, LeaseTiming timing, List<WorkerLeaseListener> listeners, String owner,
			SnowflakeLeaseThreads threads) {
		SnowflakeWorker worker = unstarted(properties, layout, region, store, timing, listeners, owner, threads);
		return SnowflakeWorkerLifecycle.claimsAtStart() ? worker : worker.start();
	}

	/**
	 * The named generators of {@code snowflake.generators.*}, each with a store of the
	 * selected allocator in its own region, started together; on a failure all of them
	 * are closed again.
	 * @param listeners the listeners of one generator's keeper, by name
	 */
	static SnowflakeGenerators named(SnowflakeProperties properties, SnowflakeLayout layout,
			@Nullable WorkerCodeAllocator allocator, WorkerLeaseStore defaultStore, LeaseTiming timing,
			Map<String, List<WorkerLeaseListener>> listeners, String owner, SnowflakeLeaseThreads threads) {
		Map<String, Integer> regions = GeneratorRegions.check(properties, layout);
		if (regions.isEmpty()) {
			return new SnowflakeGenerators(Map.of());
		}
		if (allocator == null) {
			String name = regions.keySet().iterator().next();
			throw new InvalidSnowflakeConfigurationException("snowflake.generators." + name,
					"named generators lease their codes through the configured allocator, but the application "
							+ "supplies a lease store of its own",
					"Remove snowflake.generators." + name + ".*, or remove the application's WorkerLeaseStore bean.");
		}
		Map<String, Named> made = new LinkedHashMap<>();
		try {
			for (Map.Entry<String, Integer> entry : regions.entrySet()) {
				String name = entry.getKey();
				int region = entry.getValue();
				WorkerLeaseStore store = allocator.leaseStore(defaultStore, name, region, timing);
				UniquenessDomain domain = allocator.domain(store);
				List<WorkerLeaseListener> own = new ArrayList<>(listeners.getOrDefault(name, List.of()));
				own.add(new SnowflakeLeaseLogger(region, domain));
				Named named;
				try {
					named = new Named(unstarted(properties, layout, region, store, timing, own,
							owner + ", generator '" + name + "'", threads), store, domain);
				}
				catch (RuntimeException ex) {
					Named.closeStore(store);
					throw ex;
				}
				made.put(name, named);
			}
			if (!SnowflakeWorkerLifecycle.claimsAtStart()) {
				NamedGeneratorStarts.startAll(made);
			}
		}
		catch (RuntimeException ex) {
			new SnowflakeGenerators(made).closeAfter(ex);
			throw ex;
		}
		return new SnowflakeGenerators(made);
	}

}
