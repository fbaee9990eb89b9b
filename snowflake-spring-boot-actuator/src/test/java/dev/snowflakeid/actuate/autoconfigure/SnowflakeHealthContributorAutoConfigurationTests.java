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

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.actuate.SnowflakeHealthIndicator;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.lease.UniquenessDomain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthContributors;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class SnowflakeHealthContributorAutoConfigurationTests {

	private static final AutoConfigurations HEALTH_REGISTRY = AutoConfigurations
		.of(HealthContributorAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class,
				SnowflakeHealthContributorAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=7");

	@TempDir
	Path directory;

	@Test
	void registersTheSnowflakeContributorThatIsUpWithItsDetails() {
		this.runner.withConfiguration(HEALTH_REGISTRY).run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeHealthIndicator.class);
			assertThat(context.getBean(HealthContributorRegistry.class).getContributor("snowflake"))
				.isSameAs(context.getBean(SnowflakeHealthIndicator.class));
			Health health = context.getBean(SnowflakeHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("allocator", "static")
				.containsEntry("region", 0)
				.containsEntry("workerCode", 7)
				.containsEntry("generation", 0L)
				.containsEntry("leaseRemaining", "unlimited")
				.containsEntry("ceiling", "none")
				.containsEntry("domain", UniquenessDomain.staticCode(null, 7, 0).details())
				.doesNotContainKeys("reason", "borrowLead");
			assertThat((String) health.getDetails().get("epochRemaining")).matches("\\d+y \\d+d");
		});
	}

	@Test
	void registersAHealthComponentPerNamedGenerator() {
		this.runner.withConfiguration(HEALTH_REGISTRY)
			.withPropertyValues("snowflake.generators.orders.region=2", "snowflake.generators.billing.region=3")
			.run((context) -> {
				HealthContributorRegistry registry = context.getBean(HealthContributorRegistry.class);
				assertThat(registry.getContributor("snowflake"))
					.isSameAs(context.getBean(SnowflakeHealthIndicator.class));
				CompositeHealthContributor named = (CompositeHealthContributor) registry
					.getContributor("snowflakeGenerators");
				assertThat(named.stream().map(HealthContributors.Entry::name)).containsExactly("orders", "billing");
				Health orders = ((HealthIndicator) named.getContributor("orders")).health();
				assertThat(orders.getStatus()).isEqualTo(Status.UP);
				assertThat(orders.getDetails()).containsEntry("region", 2)
					.containsEntry("domain", UniquenessDomain.staticCode(null, 7, 2).details());
			});
	}

	@Test
	void registersNoNamedGeneratorComponentWithoutNamedGenerators() {
		this.runner.withConfiguration(HEALTH_REGISTRY)
			.run((context) -> assertThat(
					context.getBean(HealthContributorRegistry.class).getContributor("snowflakeGenerators"))
				.isNull());
	}

	@Test
	void showsThePersistedCeilingAndTheBorrowLeadInBurstMode() {
		Path stateFile = this.directory.resolve("worker.hwm");
		// no renewal during the test, so the ceiling the health shows is the one the
		// keeper holds
		this.runner
			.withPropertyValues("snowflake.worker.state-file=" + stateFile, "snowflake.clock.borrow-ahead=100ms",
					"snowflake.worker.lease.renew-interval=1h")
			.run((context) -> {
				Health health = context.getBean(SnowflakeHealthIndicator.class).health();
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				long ceiling = context.getBean(SnowflakeWorker.class).keeper().currentLease().highestCeilingMillis();
				assertThat(ceiling).as("persisted, so bounded").isLessThan(Long.MAX_VALUE);
				assertThat(health.getDetails()).containsEntry("ceiling", Instant.ofEpochMilli(ceiling).toString())
					.containsEntry("leaseRemaining", "unlimited")
					.containsEntry("domain",
							Map.of("stateFile", stateFile.toAbsolutePath().normalize().toString(), "workerCode", 7,
									"region", 0))
					.as("no ID issued yet, so nothing borrowed")
					.containsEntry("borrowLead", "0ms");
			});
	}

	@Test
	void isDownWithTheReasonOnceTheGeneratorStopped() {
		this.runner.run((context) -> {
			context.getBean(SnowflakeWorker.class).close();
			Health health = context.getBean(SnowflakeHealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.getDetails()).containsEntry("reason", "generator is stopped")
				.containsEntry("allocator", "static")
				.containsEntry("region", 0);
		});
	}

	@Test
	void backsOffToAUserIndicatorOfTheSameName() {
		this.runner.withConfiguration(HEALTH_REGISTRY)
			.withUserConfiguration(UserIndicatorConfiguration.class)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(SnowflakeHealthIndicator.class);
				assertThat(context.getBean(HealthContributorRegistry.class).getContributor("snowflake"))
					.isSameAs(context.getBean("snowflakeHealthIndicator"));
			});
	}

	@Test
	void canBeDisabled() {
		this.runner.withConfiguration(HEALTH_REGISTRY)
			.withPropertyValues("management.health.snowflake.enabled=false")
			.run((context) -> {
				assertThat(context).doesNotHaveBean(SnowflakeHealthIndicator.class).hasSingleBean(IdGenerator.class);
				assertThat(context.getBean(HealthContributorRegistry.class).getContributor("snowflake")).isNull();
			});
	}

	@Test
	void followsTheDefaultOfAllHealthIndicators() {
		this.runner.withPropertyValues("management.health.defaults.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeHealthIndicator.class));
	}

	@Test
	void needsNoActuatorOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.health"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(IdGenerator.class)
				.doesNotHaveBean(SnowflakeHealthIndicator.class));
	}

	@Test
	void staysAwayWhenTheGeneratorIsDisabled() {
		this.runner.withPropertyValues("snowflake.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeHealthIndicator.class));
	}

	@Configuration(proxyBeanMethods = false)
	static class UserIndicatorConfiguration {

		@Bean
		HealthIndicator snowflakeHealthIndicator() {
			return () -> Health.up().withDetail("custom", true).build();
		}

	}

}
