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

import java.nio.file.Path;
import java.time.Instant;

import dev.snowflakeid.DecodedId;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.redis.SnowflakeRedisAutoConfiguration;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeTestAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeTestAutoConfiguration.class,
				SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class));

	@Test
	void inMemoryAllocatorGivesAGeneratorWithoutRedis() {
		this.runner.withPropertyValues("snowflake.worker.allocator=in-memory").run((context) -> {
			assertThat(context).hasSingleBean(StaticWorkerLeaseStore.class).hasSingleBean(IdGenerator.class);
			assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
		});
	}

	@Test
	void relaxedSpellingsSelectTheInMemoryAllocator() {
		this.runner.withPropertyValues("snowflake.worker.allocator=IN_MEMORY")
			.run((context) -> assertThat(context).hasSingleBean(StaticWorkerLeaseStore.class));
	}

	@Test
	void eachContextTakesACodeOfItsOwn() {
		int[] codes = new int[2];
		ApplicationContextRunner inMemory = this.runner.withPropertyValues("snowflake.worker.allocator=in-memory");
		inMemory.run((first) -> inMemory.run((second) -> {
			IdGenerator a = first.getBean(IdGenerator.class);
			IdGenerator b = second.getBean(IdGenerator.class);
			codes[0] = a.decode(a.nextId()).worker();
			codes[1] = b.decode(b.nextId()).worker();
		}));
		assertThat(codes[0]).isNotEqualTo(codes[1]);
	}

	@Test
	void aConfiguredCodeIsKept() {
		this.runner.withPropertyValues("snowflake.worker.allocator=in-memory", "snowflake.worker.code=42")
			.run((context) -> {
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.decode(ids.nextId()).worker()).isEqualTo(42);
			});
	}

	@Test
	void aNamedGeneratorTakesTheContextsCodeInItsOwnRegion() {
		this.runner
			.withPropertyValues("snowflake.worker.allocator=in-memory", "snowflake.worker.code=42",
					"snowflake.generators.orders.region=3")
			.run((context) -> {
				IdGenerator orders = context.getBean("orders", IdGenerator.class);
				DecodedId decoded = orders.decode(orders.nextId());
				assertThat(decoded.region()).isEqualTo(3);
				assertThat(decoded.worker()).isEqualTo(42);
				assertThat(
						context.getBean(IdGenerator.class).decode(context.getBean(IdGenerator.class).nextId()).region())
					.isZero();
			});
	}

	@Test
	void theDomainIsTheCodeInTheConfiguredRegion() {
		this.runner
			.withPropertyValues("snowflake.worker.allocator=in-memory", "snowflake.worker.code=42",
					"snowflake.region=2")
			.run((context) -> assertThat(context.getBean(UniquenessDomain.class))
				.isEqualTo(UniquenessDomain.staticCode(null, 42, 2)));
	}

	@Test
	void theAllocatorIsSelectedAtRunTimeFromTheSameBeanDefinitions() {
		ApplicationContextRunner inMemory = this.runner.withPropertyValues("snowflake.worker.allocator=in-memory",
				"snowflake.worker.code=8");
		ApplicationContextRunner fixed = this.runner.withPropertyValues("snowflake.worker.allocator=static",
				"snowflake.worker.code=9");
		inMemory.run((a) -> fixed.run((b) -> {
			assertThat(a).hasNotFailed();
			assertThat(b).hasNotFailed();
			assertThat(a.getBeanDefinitionNames())
				.contains("inMemoryWorkerCodeAllocator", "staticWorkerCodeAllocator", "redisWorkerCodeAllocator",
						"snowflakeWorkerLeaseStore")
				.containsExactlyInAnyOrder(b.getBeanDefinitionNames());
		}));
	}

	@Test
	void aCodeOutsideTheLayoutFailsNamingTheProperty() {
		this.runner.withPropertyValues("snowflake.worker.allocator=in-memory", "snowflake.worker.code=256")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidSnowflakeConfigurationException.class)
				.hasMessageContaining("worker code 256 is outside 0..255"));
	}

	@Test
	void withAutoConfigurationOnAndNoAllocatorChosenRedisStaysTheAllocator() {
		this.runner.run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidSnowflakeConfigurationException.class)
				.hasMessageContaining("the redis allocator is selected");
		});
	}

	@Test
	void inATestSliceWithNoAllocatorChosenTheInMemoryAllocatorIsUsed() {
		this.runner.withPropertyValues("spring.boot.enableautoconfiguration=false")
			.run((context) -> assertThat(context).hasSingleBean(StaticWorkerLeaseStore.class));
	}

	@Test
	void anAllocatorChosenByTheApplicationIsKeptInATestSlice(@TempDir Path directory) {
		this.runner
			.withPropertyValues("spring.boot.enableautoconfiguration=false", "snowflake.worker.allocator=static",
					"snowflake.worker.code=9", "snowflake.worker.state-file=" + directory.resolve("worker.hwm"))
			.run((context) -> {
				assertThat(context).hasSingleBean(WorkerLeaseStore.class);
				assertThat(context.getBean(StaticWorkerLeaseStore.class).persistent())
					.as("the static allocator's store, with its state file")
					.isTrue();
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.decode(ids.nextId()).worker()).isEqualTo(9);
			});
	}

	@Test
	void aFixedClockGivesTheSameIdsInEveryContext() {
		long[][] ids = new long[2][];
		ApplicationContextRunner fixed = this.runner.withPropertyValues("snowflake.worker.allocator=in-memory",
				"snowflake.worker.code=5", "snowflake.test.clock=2026-06-01T00:00:00Z");
		for (int run = 0; run < 2; run++) {
			int r = run;
			fixed.run((context) -> {
				assertThat(context).doesNotHaveBean(SnowflakeWorker.class).doesNotHaveBean(WorkerLeaseStore.class);
				IdGenerator generator = context.getBean(IdGenerator.class);
				ids[r] = new long[] { generator.nextId(), generator.nextId() };
			});
		}
		assertThat(ids[1]).containsExactly(ids[0]);
		DecodedId first = SnowflakeLayout.defaults().decode(ids[0][0]);
		assertThat(first.timestamp()).isEqualTo(Instant.parse("2026-06-01T00:00:00Z"));
		assertThat(first.worker()).isEqualTo(5);
		assertThat(first.sequence()).isZero();
		assertThat(SnowflakeLayout.defaults().decode(ids[0][1]).sequence()).isEqualTo(1);
	}

	@Test
	void aFixedClockMakesTheNamedGeneratorsEachInItsRegion() {
		this.runner
			.withPropertyValues("snowflake.worker.allocator=in-memory", "snowflake.worker.code=5",
					"snowflake.test.clock=2026-06-01T00:00:00Z", "snowflake.generators.order-numbers.region=1")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(WorkerLeaseStore.class);
				DecodedId named = SnowflakeLayout.defaults()
					.decode(context.getBean("order-numbers", IdGenerator.class).nextId());
				assertThat(named.region()).isEqualTo(1);
				assertThat(named.worker()).isEqualTo(5);
				assertThat(named.timestamp()).isEqualTo(Instant.parse("2026-06-01T00:00:00Z"));
				assertThat(named.sequence()).isZero();
				DecodedId primary = SnowflakeLayout.defaults().decode(context.getBean(IdGenerator.class).nextId());
				assertThat(primary.region()).isZero();
				assertThat(primary.sequence()).isZero();
			});
	}

	@Test
	void aFixedClockRefusesANamedGeneratorInTheDefaultRegion() {
		this.runner
			.withPropertyValues("snowflake.worker.allocator=in-memory", "snowflake.test.clock=2026-06-01T00:00:00Z",
					"snowflake.generators.order-numbers.region=0")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOfSatisfying(InvalidSnowflakeConfigurationException.class,
						(ex) -> assertThat(ex.property()).isEqualTo("snowflake.generators.order-numbers.region")));
	}

	@Test
	void aFixedClockRefusesAtOnceWhenTheTickIsUsedUp() {
		this.runner
			.withPropertyValues("snowflake.worker.allocator=in-memory", "snowflake.test.clock=2026-06-01T00:00:00Z",
					"snowflake.layout.sequence-bits=12")
			.run((context) -> {
				IdGenerator generator = context.getBean(IdGenerator.class);
				generator.nextIds(4096);
				assertThatExceptionOfType(IdGenerationException.class).isThrownBy(generator::nextId)
					.satisfies(
							(ex) -> assertThat(ex.reason()).isEqualTo(IdGenerationException.Reason.SEQUENCE_EXHAUSTED));
			});
	}

	@Test
	void aFixedClockBeforeTheEpochFailsNamingTheProperty() {
		this.runner
			.withPropertyValues("snowflake.worker.allocator=in-memory", "snowflake.test.clock=2025-06-01T00:00:00Z")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidSnowflakeConfigurationException.class)
				.hasMessageContaining("fixed clock 2025-06-01T00:00:00Z is not after the epoch"));
	}

	@Test
	void backsOffWhenTheGeneratorIsDisabled() {
		this.runner.withPropertyValues("snowflake.enabled=false", "snowflake.worker.allocator=in-memory")
			.run((context) -> assertThat(context).doesNotHaveBean(WorkerLeaseStore.class)
				.doesNotHaveBean(IdGenerator.class));
	}

}
