package dev.snowflakeid.test.autoconfigure;

import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicInteger;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseStore;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * Auto-configuration of the in-memory worker-code allocator for tests: a fixed code held in memory with no
 * state file, so the generator starts at once and needs no Redis. Active with
 * {@code snowflake.worker.allocator=in-memory} ({@link AutoConfigureSnowflake} sets it), and in the JPA and
 * JDBC test slices when the application chose no allocator. This library is meant for the test classpath
 * only; without it, {@code in-memory} fails startup.
 *
 * <p>Each application context takes the next code of the region (modulo 2^worker-bits), so contexts that
 * a test run caches side by side never issue the same ID; {@code snowflake.worker.code} fixes the code.
 */
@AutoConfiguration(before = SnowflakeAutoConfiguration.class,
		beforeName = "dev.snowflakeid.autoconfigure.redis.SnowflakeRedisAutoConfiguration")
@ConditionalOnBooleanProperty(name = "snowflake.enabled", matchIfMissing = true)
@Conditional(OnInMemoryAllocatorCondition.class)
@EnableConfigurationProperties(SnowflakeProperties.class)
public final class SnowflakeTestAutoConfiguration {

	private static final AtomicInteger nextCode = new AtomicInteger();

	@Bean
	@ConditionalOnMissingBean({ WorkerLeaseStore.class, IdGenerator.class })
	StaticWorkerLeaseStore inMemoryWorkerLeaseStore(SnowflakeProperties properties, SnowflakeLayout layout) {
		Integer fixed = properties.getWorker().getCode();
		int code = (fixed != null) ? fixed : Math.floorMod(nextCode.getAndIncrement(), layout.maxWorkers());
		if (code < 0 || code >= layout.maxWorkers()) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.code",
					"worker code " + code + " is outside 0.." + (layout.maxWorkers() - 1) + " (" + layout.workerBits()
							+ " worker bits)",
					"Set snowflake.worker.code below 2^snowflake.layout.worker-bits, or leave it unset so that each "
							+ "test application context takes a code of its own.");
		}
		return new StaticWorkerLeaseStore(code, null, properties.getWorker().getLease().getCeilingLead(),
				InstantSource.system());
	}

}
