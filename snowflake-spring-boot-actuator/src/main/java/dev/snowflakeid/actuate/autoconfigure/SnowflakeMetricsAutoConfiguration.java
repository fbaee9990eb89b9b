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
package dev.snowflakeid.actuate.autoconfigure;

import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.actuate.LeaseEventCounters;
import dev.snowflakeid.actuate.NamedLeaseEventCounters;
import dev.snowflakeid.actuate.SnowflakeMetrics;
import dev.snowflakeid.autoconfigure.NamedGeneratorListeners;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code snowflake.*} meters: a {@link SnowflakeMetrics} binder
 * over the generator's counters and a {@link LeaseEventCounters} listener that the lease
 * keeper reports to.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(
		name = { "io.micrometer.core.instrument.MeterRegistry", "io.micrometer.core.instrument.binder.MeterBinder" })
@ConditionalOnBean(type = "io.micrometer.core.instrument.MeterRegistry", value = SnowflakeWorker.class)
public final class SnowflakeMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LeaseEventCounters snowflakeLeaseEventCounters() {
		return new LeaseEventCounters();
	}

	@Bean
	@ConditionalOnMissingBean
	SnowflakeMetrics snowflakeMetrics(SnowflakeWorker worker, ObjectProvider<LeaseEventCounters> leaseEvents) {
		return new SnowflakeMetrics(worker, leaseEvents.getIfAvailable());
	}

	@Bean
	@ConditionalOnMissingBean
	NamedLeaseEventCounters snowflakeNamedLeaseEventCounters() {
		return new NamedLeaseEventCounters();
	}

	/**
	 * Gives each named generator's lease keeper its counters; one bean of this name,
	 * whichever of this and the endpoint's configuration makes it, so that no event is
	 * counted twice.
	 */
	@Bean
	@ConditionalOnMissingBean(name = "snowflakeNamedGeneratorListeners")
	NamedGeneratorListeners snowflakeNamedGeneratorListeners(NamedLeaseEventCounters counters) {
		return counters::listener;
	}

	/**
	 * The meters of each named generator, tagged with its name as {@code generator}, as
	 * the default generator's are tagged {@code default}.
	 */
	@Bean
	@ConditionalOnBean(SnowflakeGenerators.class)
	@ConditionalOnMissingBean(name = "snowflakeGeneratorsMetrics")
	MeterBinder snowflakeGeneratorsMetrics(SnowflakeGenerators generators,
			ObjectProvider<NamedLeaseEventCounters> leaseEvents) {
		return (registry) -> {
			NamedLeaseEventCounters counters = leaseEvents.getIfAvailable();
			for (String name : generators.names()) {
				new SnowflakeMetrics(generators.worker(name), (counters != null) ? counters.counters(name) : null, name)
					.bindTo(registry);
			}
		};
	}

}
