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
package dev.snowflakeid.test.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

import dev.snowflakeid.autoconfigure.ConditionalOnSnowflakeEnabled;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration of the in-memory worker-code allocator for tests: a fixed code held
 * in memory with no state file, so the generator starts at once and needs no Redis.
 * Selected with {@code snowflake.worker.allocator=in-memory}
 * ({@link AutoConfigureSnowflake} sets it), and in the JPA and JDBC test slices when the
 * application chose no allocator. This library is meant for the test classpath only;
 * without it, {@code in-memory} fails startup.
 *
 * <p>
 * Each application context takes the next code of the region (modulo 2^worker-bits), so
 * contexts that a test run caches side by side never issue the same ID;
 * {@code snowflake.worker.code} fixes the code. {@code snowflake.test.clock} also fixes
 * the clock, for IDs that are the same in every run.
 */
@AutoConfiguration(before = SnowflakeAutoConfiguration.class,
		beforeName = "dev.snowflakeid.redis.autoconfigure.SnowflakeRedisAutoConfiguration")
@ConditionalOnSnowflakeEnabled
@EnableConfigurationProperties({ SnowflakeProperties.class, SnowflakeTestProperties.class })
@Import(SnowflakeTestAutoConfiguration.FixedClockConfiguration.class)
public final class SnowflakeTestAutoConfiguration {

	private static final AtomicInteger nextCode = new AtomicInteger();

	/**
	 * Registered whatever {@code snowflake.worker.allocator} says; the generator's
	 * auto-configuration selects it when the context starts.
	 */
	@Bean
	@ConditionalOnMissingBean
	InMemoryWorkerCodeAllocator inMemoryWorkerCodeAllocator(SnowflakeProperties properties, SnowflakeLayout layout,
			Environment environment) {
		return new InMemoryWorkerCodeAllocator(properties, layout,
				OnInMemoryAllocatorCondition.inTestSlice(environment));
	}

	static int code(SnowflakeProperties properties, SnowflakeLayout layout) {
		Integer fixed = properties.getWorker().getCode();
		int code = (fixed != null) ? fixed : Math.floorMod(nextCode.getAndIncrement(), layout.maxWorkers());
		return InvalidSnowflakeConfigurationException.check("snowflake.worker.code",
				() -> layout.requireWorkerCode(code),
				"Set snowflake.worker.code below 2^snowflake.layout.worker-bits, or leave it unset so that each "
						+ "test application context takes a code of its own.");
	}

	/**
	 * With {@code snowflake.test.clock} and the in-memory allocator, a generator whose
	 * clock stands still at that instant: no lease, so no lease store, keeper or worker
	 * either, and the same IDs in every run. Both are settings of the test (its
	 * annotations and properties), so the conditions see the same values whether or not
	 * the test context is AOT-processed.
	 */
	@Configuration(proxyBeanMethods = false)
	@Conditional(OnInMemoryAllocatorCondition.class)
	@ConditionalOnProperty("snowflake.test.clock")
	@Import(FixedClockGeneratorRegistrar.class)
	static class FixedClockConfiguration {

		/**
		 * Primary, as the default generator is beside named ones without the fixed clock.
		 */
		@Bean
		@Primary
		@ConditionalOnMissingBean(IdGenerator.class)
		SnowflakeIdGenerator fixedClockIdGenerator(SnowflakeProperties properties, SnowflakeTestProperties test,
				SnowflakeLayout layout) {
			return fixed(layout, properties.getRegion(), code(properties, layout), clock(test, layout));
		}

		/**
		 * The named generators, each in its region, checked as without the fixed clock;
		 * their worker code is {@code snowflake.worker.code}, or one of their own.
		 */
		@Bean(FixedClockGenerators.BEAN)
		// only beside the fixed-clock generator, not beside a generator of the
		// application's
		@ConditionalOnBean(name = "fixedClockIdGenerator")
		FixedClockGenerators snowflakeFixedClockGenerators(SnowflakeProperties properties, SnowflakeTestProperties test,
				SnowflakeLayout layout) {
			Map<String, SnowflakeIdGenerator> generators = new LinkedHashMap<>();
			int code = code(properties, layout);
			SnowflakeGenerators.regions(properties, layout)
				.forEach((name, region) -> generators.put(name, fixed(layout, region, code, clock(test, layout))));
			return new FixedClockGenerators(generators);
		}

		private static Instant clock(SnowflakeTestProperties test, SnowflakeLayout layout) {
			Instant clock = Objects.requireNonNull(test.getClock(), "snowflake.test.clock, which the condition found");
			if (!clock.isAfter(layout.epoch())) {
				throw new InvalidSnowflakeConfigurationException("snowflake.test.clock",
						"fixed clock " + clock + " is not after the epoch " + layout.epoch(),
						"Set snowflake.test.clock to an instant after snowflake.epoch.");
			}
			return clock;
		}

		private static SnowflakeIdGenerator fixed(SnowflakeLayout layout, int region, int code, Instant clock) {
			return SnowflakeIdGenerator.builder(layout)
				.region(region)
				.workerCode(code)
				.wallClock(InstantSource.fixed(clock))
				.exhaustionWaitBudget(Duration.ZERO)
				.build();
		}

	}

}
