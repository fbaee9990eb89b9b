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

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Named generators ({@code snowflake.generators.<name>.*}): each issues in its own region
 * under its own qualifier beside the primary default generator, with its own state file;
 * a name or region that would break uniqueness is refused at startup, naming the property
 * and a free region.
 */
class NamedGeneratorsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=3", "snowflake.region=1");

	@TempDir
	Path directory;

	@Test
	void eachNamedGeneratorIssuesInItsOwnRegionUnderItsQualifier() {
		this.runner
			.withPropertyValues("snowflake.generators.orders.region=2", "snowflake.generators.invoice-lines.region=3")
			.withUserConfiguration(Consumers.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				SnowflakeLayout layout = context.getBean(SnowflakeLayout.class);
				Consumers consumers = context.getBean(Consumers.class);
				assertThat(layout.decode(consumers.standard.nextId()).region()).isEqualTo(1);
				assertThat(layout.decode(consumers.orders.nextId()).region()).isEqualTo(2);
				assertThat(layout.decode(consumers.lines.nextId()).region()).isEqualTo(3);
				assertThat(context.getBean(IdGenerator.class)).isSameAs(consumers.standard);
				assertThat(context.getBeansOfType(SnowflakeIdGenerator.class)).containsOnlyKeys("idGenerator", "orders",
						"invoice-lines");
				SnowflakeGenerators generators = context.getBean(SnowflakeGenerators.class);
				assertThat(generators.names()).containsExactly("orders", "invoice-lines");
				assertThat(generators.generator("orders")).isSameAs(consumers.orders);
				assertThat(generators.domain("orders")).hasToString("static worker code 3, region 2, no state file");
			});
	}

	@Test
	void closingTheContextStopsEveryNamedGenerator() {
		SnowflakeIdGenerator[] orders = new SnowflakeIdGenerator[1];
		this.runner.withPropertyValues("snowflake.generators.orders.region=2")
			.run((context) -> orders[0] = context.getBean("orders", SnowflakeIdGenerator.class));
		assertThat(orders[0].isStopped()).isTrue();
	}

	@Test
	void eachNamedGeneratorKeepsAStateFileOfItsOwn() {
		Path stateFile = this.directory.resolve("worker.state");
		this.runner
			.withPropertyValues("snowflake.worker.state-file=" + stateFile, "snowflake.generators.orders.region=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				context.getBean("orders", IdGenerator.class).nextId();
			});
		assertThat(stateFile).exists();
		assertThat(this.directory.resolve("worker-orders.state")).exists();
		assertThat(StaticWorkerCodeAllocator.stateFile(Path.of("/var/lib/worker"), "orders"))
			.isEqualTo(Path.of("/var/lib/worker-orders"));
	}

	@Test
	void withoutNamedGeneratorsTheDefaultGeneratorIsTheOnlyOne() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(IdGenerator.class);
			assertThat(context.getBean(SnowflakeGenerators.class).names()).isEmpty();
		});
	}

	@Test
	void aNamedGeneratorInTheDefaultRegionIsRefusedNamingAFreeRegion() {
		this.runner.withPropertyValues("snowflake.generators.orders.region=1", "snowflake.generators.billing.region=0")
			.run((context) -> assertThat(analysis(context)).satisfies((analysis) -> {
				assertThat(analysis.getDescription()).contains(
						"generator 'orders' would lease the same worker codes as " + "snowflake.region (region 1)",
						"snowflake.generators.orders.region");
				assertThat(analysis.getAction()).startsWith("Set snowflake.generators.orders.region to 2,");
			}));
	}

	@Test
	void twoNamedGeneratorsInOneRegionAreRefused() {
		this.runner.withPropertyValues("snowflake.generators.orders.region=2", "snowflake.generators.billing.region=2")
			.run((context) -> assertThat(analysis(context).getDescription()).contains(
					"generator 'billing' would lease the same worker codes as snowflake.generators.orders.region"));
	}

	@Test
	void aRegionBeyondTheLayoutIsRefused() {
		this.runner.withPropertyValues("snowflake.generators.orders.region=4")
			.run((context) -> assertThat(analysis(context).getDescription())
				.contains("property 'snowflake.generators.orders.region'"));
	}

	@Test
	void theDefaultGeneratorsNameIsRefused() {
		this.runner.withPropertyValues("snowflake.generators.default.region=2")
			.run((context) -> assertThat(analysis(context).getDescription())
				.contains("'default' is not a generator name", "property 'snowflake.generators.default'"));
	}

	@Test
	void aNameThatIsNoBeanNameIsRefused() {
		this.runner.withPropertyValues("snowflake.generators[orders.v2].region=2")
			.run((context) -> assertThat(analysis(context).getDescription()).contains("orders.v2",
					"is not a generator name"));
	}

	private static FailureAnalysis analysis(AssertableApplicationContext context) {
		assertThat(context).hasFailed();
		FailureAnalysis analysis = new InvalidSnowflakeConfigurationFailureAnalyzer()
			.analyze(context.getStartupFailure());
		assertThat(analysis).isNotNull();
		return analysis;
	}

	@Configuration(proxyBeanMethods = false)
	static class Consumers {

		final IdGenerator standard;

		final IdGenerator orders;

		final IdGenerator lines;

		Consumers(IdGenerator standard, @Qualifier("orders") IdGenerator orders,
				@Qualifier("invoice-lines") IdGenerator lines) {
			this.standard = standard;
			this.orders = orders;
			this.lines = lines;
		}

	}

}
