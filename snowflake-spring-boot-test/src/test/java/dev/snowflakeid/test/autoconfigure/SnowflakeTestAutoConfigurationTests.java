package dev.snowflakeid.test.autoconfigure;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.redis.SnowflakeRedisAutoConfiguration;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class SnowflakeTestAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations
		.of(SnowflakeTestAutoConfiguration.class, SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class));

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
	void anAllocatorChosenByTheApplicationIsKeptInATestSlice() {
		this.runner
			.withPropertyValues("spring.boot.enableautoconfiguration=false", "snowflake.worker.allocator=static",
					"snowflake.worker.code=9")
			.run((context) -> {
				assertThat(context).hasSingleBean(WorkerLeaseStore.class).doesNotHaveBean("inMemoryWorkerLeaseStore");
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.decode(ids.nextId()).worker()).isEqualTo(9);
			});
	}

	@Test
	void backsOffWhenTheGeneratorIsDisabled() {
		this.runner.withPropertyValues("snowflake.enabled=false", "snowflake.worker.allocator=in-memory")
			.run((context) -> assertThat(context).doesNotHaveBean(WorkerLeaseStore.class)
				.doesNotHaveBean(IdGenerator.class));
	}

}
