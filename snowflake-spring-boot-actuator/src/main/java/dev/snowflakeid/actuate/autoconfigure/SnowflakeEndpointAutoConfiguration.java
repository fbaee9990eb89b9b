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

import java.util.List;

import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.actuate.LeaseEventCounters;
import dev.snowflakeid.actuate.NamedLeaseEventCounters;
import dev.snowflakeid.actuate.SnowflakeEndpoint;
import dev.snowflakeid.actuate.SnowflakeEndpointWebExtension;
import dev.snowflakeid.actuate.SnowflakeGeneratorsEndpoint;
import dev.snowflakeid.autoconfigure.NamedGeneratorListeners;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeFormatProperties;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators;
import dev.snowflakeid.publicid.PublicIds;
import dev.snowflakeid.lease.UniquenessDomain;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.endpoint.expose.EndpointExposure;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code snowflake} endpoint ({@code /actuator/snowflake} once
 * exposed, for example with
 * {@code management.endpoints.web.exposure.include=health,snowflake}). Lease renewal and
 * loss counts are counted here too when the metrics auto-configuration has not set them
 * up.
 */
@AutoConfiguration(after = { SnowflakeAutoConfiguration.class, SnowflakeMetricsAutoConfiguration.class },
		afterName = "dev.snowflakeid.webmvc.autoconfigure.SnowflakePublicIdAutoConfiguration")
@ConditionalOnClass(name = { "org.springframework.boot.actuate.endpoint.annotation.Endpoint",
		"org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint" })
@ConditionalOnBean(SnowflakeWorker.class)
@EnableConfigurationProperties(SnowflakeFormatProperties.class)
public final class SnowflakeEndpointAutoConfiguration {

	// The endpoint conditions sit on the methods: they are evaluated only once the class
	// conditions
	// found Actuator on the classpath.
	@Bean
	@ConditionalOnAvailableEndpoint(SnowflakeEndpoint.class)
	@ConditionalOnMissingBean
	LeaseEventCounters snowflakeLeaseEventCounters() {
		return new LeaseEventCounters();
	}

	@Bean
	@ConditionalOnAvailableEndpoint(SnowflakeEndpoint.class)
	@ConditionalOnMissingBean
	SnowflakeEndpoint snowflakeEndpoint(SnowflakeWorker worker, ObjectProvider<LeaseEventCounters> leaseEvents,
			ObjectProvider<PublicIds> publicIds, ObjectProvider<UniquenessDomain> domain,
			SnowflakeFormatProperties format) {
		return new SnowflakeEndpoint(worker, leaseEvents.getIfAvailable(), publicIds.getIfAvailable(),
				domain.getIfAvailable(), format.getString());
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(SnowflakeEndpoint.class)
	@ConditionalOnAvailableEndpoint(endpoint = SnowflakeEndpoint.class, exposure = EndpointExposure.WEB)
	SnowflakeEndpointWebExtension snowflakeEndpointWebExtension(SnowflakeEndpoint endpoint) {
		return new SnowflakeEndpointWebExtension(endpoint);
	}

	@Bean
	@ConditionalOnAvailableEndpoint(SnowflakeGeneratorsEndpoint.class)
	@ConditionalOnMissingBean
	NamedLeaseEventCounters snowflakeNamedLeaseEventCounters() {
		return new NamedLeaseEventCounters();
	}

	/** As the metrics' configuration has it, when metrics are off. */
	@Bean
	@ConditionalOnAvailableEndpoint(SnowflakeGeneratorsEndpoint.class)
	@ConditionalOnMissingBean(name = "snowflakeNamedGeneratorListeners")
	NamedGeneratorListeners snowflakeNamedGeneratorListeners(NamedLeaseEventCounters counters) {
		return counters::listener;
	}

	@Bean
	@ConditionalOnAvailableEndpoint(SnowflakeGeneratorsEndpoint.class)
	@ConditionalOnBean(SnowflakeGenerators.class)
	@ConditionalOnMissingBean
	SnowflakeGeneratorsEndpoint snowflakeGeneratorsEndpoint(SnowflakeGenerators generators,
			ObjectProvider<NamedLeaseEventCounters> leaseEvents) {
		return new SnowflakeGeneratorsEndpoint(new NamedGenerators(generators), leaseEvents.getIfAvailable());
	}

	/** The application's named generators, as the endpoint reads them. */
	private record NamedGenerators(SnowflakeGenerators generators) implements SnowflakeGeneratorsEndpoint.Generators {

		@Override
		public List<String> names() {
			return this.generators.names();
		}

		@Override
		public SnowflakeWorker worker(String name) {
			return this.generators.worker(name);
		}

		@Override
		public @Nullable UniquenessDomain domain(String name) {
			return this.generators.domain(name);
		}

	}

}
