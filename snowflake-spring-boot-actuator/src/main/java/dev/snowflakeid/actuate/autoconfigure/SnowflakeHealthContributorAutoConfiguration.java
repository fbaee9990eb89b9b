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

import java.util.LinkedHashMap;
import java.util.Map;

import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.actuate.SnowflakeHealthIndicator;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators;
import dev.snowflakeid.lease.UniquenessDomain;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code snowflake} health contributor
 * ({@code /actuator/health/snowflake}). Turned off by
 * {@code management.health.snowflake.enabled=false}.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class)
@ConditionalOnClass(name = { "org.springframework.boot.health.contributor.HealthIndicator",
		"org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator" })
@ConditionalOnBean(SnowflakeWorker.class)
public final class SnowflakeHealthContributorAutoConfiguration {

	// The health conditions sit on the method: they are evaluated only once the class
	// conditions
	// found the health library on the classpath.
	@Bean
	@ConditionalOnEnabledHealthIndicator("snowflake")
	@ConditionalOnMissingBean(name = { "snowflakeHealthIndicator", "snowflakeHealthContributor" })
	SnowflakeHealthIndicator snowflakeHealthIndicator(SnowflakeWorker worker, ObjectProvider<UniquenessDomain> domain) {
		return new SnowflakeHealthIndicator(worker, domain.getIfAvailable());
	}

	/**
	 * A health component per named generator, under {@code snowflakeGenerators}
	 * ({@code /actuator/health/snowflakeGenerators/<name>}); absent without named
	 * generators, so that an application without them reports as before.
	 */
	@Bean
	@ConditionalOnEnabledHealthIndicator("snowflake")
	@ConditionalOnMissingBean(name = "snowflakeGeneratorsHealthContributor")
	@ConditionalOnBean(SnowflakeGenerators.class)
	@Nullable CompositeHealthContributor snowflakeGeneratorsHealthContributor(SnowflakeGenerators generators) {
		if (generators.names().isEmpty()) {
			return null;
		}
		Map<String, HealthContributor> components = new LinkedHashMap<>();
		for (String name : generators.names()) {
			components.put(name, new SnowflakeHealthIndicator(generators.worker(name), generators.domain(name)));
		}
		return CompositeHealthContributor.fromMap(components);
	}

}
