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

import org.springframework.core.env.PropertyResolver;

/**
 * {@code snowflake.worker.allocator=kubernetes}: the pod ordinal of a StatefulSet (plus
 * {@code snowflake.worker.kubernetes.code-offset}) as the worker code, with its
 * high-water mark in {@code snowflake.worker.state-file} on the pod's persistent volume.
 * No call to the Kubernetes API: the ordinal comes from the pod's environment.
 *
 * <p>
 * The store is the static store named {@code kubernetes}: the state file's lock refuses a
 * second process on the same volume, and its mark starts every restart above the ceilings
 * the pod's previous run wrote. A state file is required, since a pod that starts on
 * another node without its volume would otherwise forget them.
 */
final class KubernetesWorkerCodeAllocator implements WorkerCodeAllocator {

	static final String NAME = "kubernetes";

	private final SnowflakeProperties properties;

	private final SnowflakeLayout layout;

	private final String owner;

	private final PropertyResolver environment;

	/**
	 * @param owner who holds the code while the store is open, named to a second claimant
	 * @param environment where the ordinal variable is read: the application's
	 * environment, which holds the process environment
	 */
	KubernetesWorkerCodeAllocator(SnowflakeProperties properties, SnowflakeLayout layout, String owner,
			PropertyResolver environment) {
		this.properties = properties;
		this.layout = layout;
		this.owner = owner;
		this.environment = environment;
	}

	@Override
	public Allocator kind() {
		return Allocator.KUBERNETES;
	}

	/**
	 * Reads the ordinal and claims the state file's lock and the code and region within
	 * this JVM, until the store is closed with its application context.
	 */
	@Override
	public StaticWorkerLeaseStore leaseStore(LeaseTiming timing, Duration startupWaitBudget) {
		SnowflakeProperties.Worker worker = this.properties.getWorker();
		if (worker.getCode() != null) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.code",
					"the kubernetes allocator takes the worker code from the pod ordinal, but snowflake.worker.code is "
							+ "set to " + worker.getCode(),
					"Remove snowflake.worker.code, or use snowflake.worker.allocator=static to fix the code by "
							+ "configuration.");
		}
		if (worker.getStateFile() == null) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.state-file",
					"the kubernetes allocator is selected but no state file is configured: a pod restarted elsewhere "
							+ "would not know the ceilings its code was used up to",
					"Set snowflake.worker.state-file to a file on the pod's persistent volume (a volumeClaimTemplates "
							+ "mount), for example /var/lib/snowflake/worker.state.");
		}
		PodOrdinal ordinal = PodOrdinal.read(worker.getKubernetes().getOrdinalVariable(), this.environment);
		int code = ordinal.workerCode(worker.getKubernetes().getCodeOffset(), this.layout);
		return StaticWorkerCodeAllocator.builder(code, this.properties, timing, this.owner + ", " + ordinal)
			.name(NAME)
			.share();
	}

	/**
	 * The pod's code in {@code region}, with a state file of the generator's own beside
	 * the configured one.
	 */
	@Override
	public StaticWorkerLeaseStore leaseStore(WorkerLeaseStore store, String name, int region, LeaseTiming timing) {
		return StaticWorkerCodeAllocator
			.named((StaticWorkerLeaseStore) store, name, region, this.properties, timing, this.owner)
			.name(NAME)
			.share();
	}

	@Override
	public UniquenessDomain domain(WorkerLeaseStore store) {
		return ((StaticWorkerLeaseStore) store).domain();
	}

}
