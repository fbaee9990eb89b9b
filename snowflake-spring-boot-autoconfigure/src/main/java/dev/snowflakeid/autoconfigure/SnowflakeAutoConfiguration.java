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

import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseListener;
import dev.snowflakeid.lease.WorkerLeaseStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;

/**
 * Auto-configuration of the {@link IdGenerator}: the layout, the lease keeper over the
 * configured allocator's {@link WorkerLeaseStore}, and the generator, started during
 * context refresh (the lease is claimed and its floor passed before the bean is handed
 * out) and closed on shutdown (the generator stops before the code is released).
 *
 * <p>
 * Everything is validated before the first ID: the layout and its lifetime, the region
 * and static code ranges, the lease timing relations and where borrow-ahead is allowed.
 * Each failure names the property to change.
 */
@AutoConfiguration
@ConditionalOnSnowflakeEnabled
@EnableConfigurationProperties(SnowflakeProperties.class)
@Import({ SnowflakeAutoConfiguration.SelectedAllocatorConfiguration.class,
		SnowflakeAutoConfiguration.StaticAllocatorConfiguration.class,
		SnowflakeAutoConfiguration.KubernetesAllocatorConfiguration.class, NamedGeneratorRegistrar.class })
public final class SnowflakeAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SnowflakeLayout snowflakeLayout(SnowflakeProperties properties) {
		SnowflakeProperties.Layout layout = properties.getLayout();
		SnowflakeLayout built = layout.getPreset().layout(properties);
		built.requireLifetime(layout.getRequiredLifetime(), InstantSource.system());
		InvalidSnowflakeConfigurationException.check("snowflake.region",
				() -> built.requireRegion(properties.getRegion()),
				"Set snowflake.region to a code below 2^snowflake.layout.region-bits; each region's instances "
						+ "must use their own code.");
		return built;
	}

	/**
	 * The lease timing of {@code snowflake.worker.lease.*} and what the selected
	 * allocator's store adds (nothing for a lease store of the application's own). Made
	 * before the store, so that a wrong setting is reported before an unreachable server.
	 */
	@Bean
	@ConditionalOnMissingBean({ LeaseTiming.class, IdGenerator.class })
	LeaseTiming snowflakeLeaseTiming(SnowflakeProperties properties, ObjectProvider<StoreTiming> storeTiming) {
		return LeaseTimingMapper.leaseTiming(properties, () -> storeTiming.getIfAvailable(() -> StoreTiming.NONE));
	}

	/**
	 * The generator and its lease keeper, started (or, where the process is checkpointed
	 * on refresh, started by {@link SnowflakeWorkerLifecycle}). On a static code
	 * ({@code snowflake.worker.allocator=static}) every application context of this JVM
	 * with the same settings shares one generator, which the last of them to close stops;
	 * a context with other settings on the same code and region is refused.
	 */
	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(IdGenerator.class)
	SnowflakeWorker snowflakeWorker(SnowflakeProperties properties, SnowflakeLayout layout, WorkerLeaseStore store,
			LeaseTiming timing, ObjectProvider<WorkerLeaseListener> listeners, ApplicationContext context,
			SnowflakeLeaseThreads snowflakeLeaseThreads) {
		return GeneratorAssembly.worker(properties, layout, properties.getRegion(), store, timing,
				listeners.orderedStream().toList(), owner(context), snowflakeLeaseThreads);
	}

	/**
	 * The one renewal thread and listener thread of every generator's lease keeper; made
	 * before the keepers, so destroyed after them.
	 */
	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(IdGenerator.class)
	SnowflakeLeaseThreads snowflakeLeaseThreads() {
		return new SnowflakeLeaseThreads();
	}

	/**
	 * The named generators of {@code snowflake.generators.<name>.*}, made after the
	 * default generator and with its settings, each in its own region with a store of the
	 * same allocator; empty when none is configured. Each one's generator is also a bean
	 * named after it.
	 */
	@Bean(name = NamedGeneratorRegistrar.GENERATORS_BEAN, destroyMethod = "close")
	@ConditionalOnMissingBean(IdGenerator.class)
	SnowflakeGenerators snowflakeGenerators(SnowflakeProperties properties, SnowflakeLayout layout,
			SnowflakeWorker worker, LeaseTiming timing, ObjectProvider<WorkerCodeAllocator> allocators,
			ObjectProvider<StoreTiming> selection, ObjectProvider<NamedGeneratorListeners> listeners,
			ObjectProvider<SnowflakeReadinessListener> readiness, ApplicationContext context,
			SnowflakeLeaseThreads snowflakeLeaseThreads) {
		if (properties.getGenerators().isEmpty()) {
			return new SnowflakeGenerators(Map.of());
		}
		// Only a selected allocator adds a store timing: none with a store of the
		// application's own
		WorkerCodeAllocator allocator = (selection.getIfAvailable() != null)
				? SelectedAllocatorConfiguration.selected(properties, allocators) : null;
		Map<String, List<WorkerLeaseListener>> named = new LinkedHashMap<>();
		for (String name : properties.getGenerators().keySet()) {
			List<WorkerLeaseListener> own = new ArrayList<>();
			listeners.orderedStream().forEach((factory) -> own.add(factory.listener(name)));
			readiness.ifAvailable(own::add);
			named.put(name, own);
		}
		return GeneratorAssembly.named(properties, layout, allocator, worker.keeper().store(), timing, named,
				owner(context), snowflakeLeaseThreads);
	}

	/**
	 * Gives each named generator's lease back as {@link SnowflakeWorkerLifecycle} does.
	 */
	@Bean
	@ConditionalOnMissingBean(IdGenerator.class)
	NamedGeneratorsLifecycle snowflakeGeneratorsLifecycle(SnowflakeGenerators generators, ApplicationContext context) {
		return new NamedGeneratorsLifecycle(generators, context);
	}

	/**
	 * Gives the lease back while the context is stopped, and before a checkpoint of the
	 * process.
	 */
	@Bean
	@ConditionalOnMissingBean(IdGenerator.class)
	SnowflakeWorkerLifecycle snowflakeWorkerLifecycle(SnowflakeWorker worker, ApplicationContext context) {
		return new SnowflakeWorkerLifecycle(worker, context);
	}

	/**
	 * The worker's keeper; closed by the worker, which may be shared with other contexts.
	 */
	@Bean(destroyMethod = "")
	@ConditionalOnMissingBean(IdGenerator.class)
	WorkerLeaseKeeper snowflakeLeaseKeeper(SnowflakeWorker worker) {
		return worker.keeper();
	}

	/** How a context is named to another that is refused its worker code. */
	static String owner(ApplicationContext context) {
		return "application context '" + context.getId() + "'";
	}

	/**
	 * The default generator; primary, so that an {@code IdGenerator} without a qualifier
	 * is this one when named generators are beans too.
	 */
	@Bean
	@Primary
	@ConditionalOnMissingBean(IdGenerator.class)
	SnowflakeIdGenerator idGenerator(SnowflakeWorker worker) {
		return worker.generator();
	}

	@Bean
	@ConditionalOnMissingBean
	SnowflakeLeaseLogger snowflakeLeaseLogger(SnowflakeProperties properties, ObjectProvider<UniquenessDomain> domain) {
		return new SnowflakeLeaseLogger(properties.getRegion(), domain.getIfAvailable());
	}

	@Bean
	@ConditionalOnMissingBean
	SnowflakeReadinessListener snowflakeReadinessListener(ObjectProvider<SnowflakeWorker> worker,
			ObjectProvider<SnowflakeGenerators> generators, ApplicationEventPublisher events) {
		return new SnowflakeReadinessListener(worker, generators, events);
	}

	/**
	 * The lease store of the allocator that {@code snowflake.worker.allocator} selects,
	 * chosen when the application starts: every allocator on the classpath is a bean,
	 * whichever the property names, so an AOT-processed application follows the property
	 * it is started with. A lease store of the application's own replaces the selection.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBean({ WorkerLeaseStore.class, IdGenerator.class })
	static class SelectedAllocatorConfiguration {

		/**
		 * What the selected allocator's store adds to the lease timing; its rules run
		 * before the store is made.
		 */
		@Bean
		StoreTiming snowflakeStoreTiming(SnowflakeProperties properties,
				ObjectProvider<WorkerCodeAllocator> allocators) {
			return selected(properties, allocators).storeTiming();
		}

		@Bean
		WorkerLeaseStore snowflakeWorkerLeaseStore(SnowflakeProperties properties,
				ObjectProvider<WorkerCodeAllocator> allocators, LeaseTiming timing) {
			return selected(properties, allocators).leaseStore(timing,
					LeaseTimingMapper.startupWaitBudget(properties, timing));
		}

		@Bean
		@ConditionalOnMissingBean
		UniquenessDomain snowflakeUniquenessDomain(SnowflakeProperties properties,
				ObjectProvider<WorkerCodeAllocator> allocators, WorkerLeaseStore store) {
			return selected(properties, allocators).domain(store);
		}

		/**
		 * The allocator {@code snowflake.worker.allocator} names; when it is not set, one
		 * that claims the default in this application (the in-memory allocator in a test
		 * slice), otherwise redis.
		 */
		static WorkerCodeAllocator selected(SnowflakeProperties properties,
				ObjectProvider<WorkerCodeAllocator> allocators) {
			Allocator configured = properties.getWorker().getAllocator();
			List<WorkerCodeAllocator> candidates = allocators.orderedStream().toList();
			if (configured == null) {
				for (WorkerCodeAllocator candidate : candidates) {
					if (candidate.isDefault()) {
						return candidate;
					}
				}
			}
			Allocator kind = (configured != null) ? configured : Allocator.DEFAULT;
			for (WorkerCodeAllocator candidate : candidates) {
				if (candidate.kind() == kind && candidate.isAvailable()) {
					return candidate;
				}
			}
			throw MissingLeaseStore.exception(kind);
		}

	}

	/** {@code snowflake.worker.allocator=static}, selected or not. */
	@Configuration(proxyBeanMethods = false)
	static class StaticAllocatorConfiguration {

		/** The owner named to a second claimant of the code is this context. */
		@Bean
		@ConditionalOnMissingBean
		StaticWorkerCodeAllocator staticWorkerCodeAllocator(SnowflakeProperties properties, SnowflakeLayout layout,
				ApplicationContext context) {
			return new StaticWorkerCodeAllocator(properties, layout, owner(context));
		}

	}

	/** {@code snowflake.worker.allocator=kubernetes}, selected or not. */
	@Configuration(proxyBeanMethods = false)
	static class KubernetesAllocatorConfiguration {

		/**
		 * The ordinal is read from this context's environment (the process environment,
		 * or a property of the same name), only once the allocator is selected.
		 */
		@Bean
		@ConditionalOnMissingBean
		KubernetesWorkerCodeAllocator kubernetesWorkerCodeAllocator(SnowflakeProperties properties,
				SnowflakeLayout layout, ApplicationContext context) {
			return new KubernetesWorkerCodeAllocator(properties, layout, owner(context), context.getEnvironment());
		}

	}

}
