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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.actuate.LeaseEventCounters;
import dev.snowflakeid.actuate.SnowflakeMetrics;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.testsupport.Polling;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.search.RequiredSearch;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeMetricsAutoConfigurationTests {

	private static final AutoConfigurations METRICS = AutoConfigurations.of(MetricsAutoConfiguration.class,
			SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakeMetricsAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=7", "snowflake.region=2");

	@TempDir
	Path directory;

	@Test
	void bindsEveryMeterTaggedWithTheRegion() {
		this.runner.withConfiguration(METRICS).run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeMetrics.class).hasSingleBean(LeaseEventCounters.class);
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			List<String> names = registry.getMeters()
				.stream()
				.map((meter) -> meter.getId().getName())
				.filter((name) -> name.startsWith("snowflake."))
				.distinct()
				.sorted()
				.toList();
			assertThat(names).containsExactly("snowflake.clock.forward.jumps", "snowflake.clock.forward.jumps.max",
					"snowflake.clock.rollback", "snowflake.clock.rollback.max", "snowflake.epoch.remaining",
					"snowflake.ids.issued", "snowflake.ids.refused", "snowflake.issuable", "snowflake.lease.claims",
					"snowflake.lease.losses", "snowflake.lease.remaining", "snowflake.lease.renewals",
					"snowflake.sequence.exhausted", "snowflake.wait");
			assertThat(registry.getMeters()).filteredOn((meter) -> meter.getId().getName().startsWith("snowflake."))
				.allSatisfy((meter) -> assertThat(meter.getId().getTags()).contains(Tag.of("region", "2"),
						Tag.of("generator", "default")));
			assertThat(search(registry, "snowflake.ids.refused").meters()).extracting((m) -> m.getId().getTag("reason"))
				.containsExactlyInAnyOrder("clock_moved_backwards", "sequence_exhausted", "lease_unavailable",
						"epoch_exhausted");
			assertThat(search(registry, "snowflake.wait").meters()).extracting((m) -> m.getId().getTag("reason"))
				.containsExactlyInAnyOrder("clock_moved_backwards", "sequence_exhausted");
			assertThat(search(registry, "snowflake.lease.renewals").meters())
				.extracting((m) -> m.getId().getTag("result"))
				.containsExactlyInAnyOrder("renewed", "failed", "rejected");
			assertThat(search(registry, "snowflake.lease.losses").meters())
				.extracting((m) -> m.getId().getTag("reason"))
				.containsExactlyInAnyOrder("expired", "fenced");
			assertThat(search(registry, "snowflake.ids.issued").meter().getId().getType())
				.isEqualTo(Meter.Type.COUNTER);
			assertThat(search(registry, "snowflake.epoch.remaining").timeGauge().value(TimeUnit.DAYS))
				.isGreaterThan(60 * 365);
			// a fixed static code never expires
			assertThat(search(registry, "snowflake.lease.remaining").timeGauge().value()).isNaN();
		});
	}

	@Test
	void eachNamedGeneratorHasTheMetersOfItsOwnTaggedWithItsName() {
		this.runner.withConfiguration(METRICS)
			.withPropertyValues("snowflake.generators.orders.region=3")
			.run((context) -> {
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				context.getBean("orders", IdGenerator.class).nextIds(3);
				context.getBean(IdGenerator.class).nextId();
				assertThat(registry.get("snowflake.ids.issued").tag("generator", "orders").functionCounter().count())
					.isEqualTo(3.0);
				assertThat(
						search(registry, "snowflake.ids.issued").tag("generator", "default").functionCounter().count())
					.isEqualTo(1.0);
				assertThat(registry.getMeters())
					.filteredOn((meter) -> "orders".equals(meter.getId().getTag("generator")))
					.allSatisfy((meter) -> assertThat(meter.getId().getTag("region")).isEqualTo("3"))
					.extracting((meter) -> meter.getId().getName())
					.contains("snowflake.issuable", "snowflake.lease.renewals", "snowflake.lease.remaining");
				context.getBean(SnowflakeGenerators.class).worker("orders").keeper().renewNow();
				Awaitility.await()
					.atMost(Duration.ofSeconds(10))
					.untilAsserted(() -> assertThat(registry.get("snowflake.lease.renewals")
						.tag("generator", "orders")
						.tag("result", "renewed")
						.functionCounter()
						.count()).isGreaterThanOrEqualTo(1.0));
			});
	}

	@Test
	void countersFollowTheGeneratorAndTheLeaseKeeper() {
		this.runner.withConfiguration(METRICS).run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(search(registry, "snowflake.issuable").gauge().value()).isEqualTo(1.0);
			ids.nextId();
			ids.nextIds(3);
			assertThat(search(registry, "snowflake.ids.issued").functionCounter().count()).isEqualTo(4.0);
			context.getBean(WorkerLeaseKeeper.class).renewNow();
			// Lease events reach their listeners on the keeper's event thread.
			Awaitility.await()
				.atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(
						search(registry, "snowflake.lease.renewals").tag("result", "renewed").functionCounter().count())
					.isGreaterThanOrEqualTo(1.0));
			context.getBean(SnowflakeWorker.class).close();
			assertThatExceptionOfType(IdGenerationException.class).isThrownBy(ids::nextId);
			double refused = registry.find("snowflake.ids.refused")
				.functionCounters()
				.stream()
				.mapToDouble(FunctionCounter::count)
				.sum();
			assertThat(refused).isEqualTo(1.0);
			assertThat(search(registry, "snowflake.lease.remaining").timeGauge().value()).isZero();
			assertThat(search(registry, "snowflake.issuable").gauge().value()).isZero();
		});
	}

	@Test
	void leaseRemainingFollowsThePersistedCeilingAndBurstModeAddsTheBorrowMeters() {
		Path stateFile = this.directory.resolve("worker.hwm");
		// No renewal round runs during the test, so the ceiling in the file stays the one
		// the generator holds.
		this.runner.withConfiguration(METRICS)
			.withPropertyValues("snowflake.worker.state-file=" + stateFile, "snowflake.clock.borrow-ahead=100ms",
					"snowflake.worker.lease.renew-interval=1h")
			.run((context) -> {
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				long ceiling = Long.parseLong(Files.readString(stateFile).strip());
				long before = System.currentTimeMillis();
				double remaining = search(registry, "snowflake.lease.remaining").timeGauge()
					.value(TimeUnit.MILLISECONDS);
				long after = System.currentTimeMillis();
				assertThat(remaining).isBetween((double) (ceiling - after), (double) (ceiling - before));
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(search(registry, "snowflake.clock.borrowed.ticks").functionCounter().count()).isZero();
				// Full ticks back to back, faster than the wall clock moves once the code
				// is compiled: the
				// generator moves on to ticks ahead of it instead of waiting, here until
				// the last ID's tick
				// starts 5 ms ahead (borrow-ahead allows 100 ms; a machine busy with
				// other work may not get
				// further within the deadline).
				int perTick = (int) ids.layout().maxIdsPerTick();
				long[] last = new long[1];
				Polling.await("a tick borrowed 5 ms ahead of the wall clock", Duration.ofSeconds(10)).until(() -> {
					for (int batch = 0; batch < 1_000; batch++) {
						long[] issued = ids.nextIds(perTick);
						last[0] = issued[issued.length - 1];
						if (ids.decode(last[0]).timestamp().toEpochMilli() - System.currentTimeMillis() >= 5) {
							return true;
						}
					}
					return false;
				});
				assertThat(search(registry, "snowflake.clock.borrowed.ticks").functionCounter().count()).isPositive();
				long tickStart = ids.decode(last[0]).timestamp().toEpochMilli();
				before = System.currentTimeMillis();
				double borrowed = search(registry, "snowflake.clock.borrowed").timeGauge().value(TimeUnit.MILLISECONDS);
				after = System.currentTimeMillis();
				// the gauge reads how far the last tick lies ahead of the clock now: on a
				// busy machine the clock
				// may have caught up with it since the loop ended, and then it reads 0
				assertThat(borrowed).isNotNegative()
					.isLessThanOrEqualTo(100.0)
					.isBetween((double) Math.max(0, tickStart - after), (double) Math.max(0, tickStart - before));
			});
	}

	@Test
	void theStaticAllocatorHasNoFreeCodeGauge() {
		this.runner.withConfiguration(METRICS)
			.run((context) -> assertThat(
					context.getBean(MeterRegistry.class).find("snowflake.worker.codes.available").meter())
				.isNull());
	}

	@Test
	void backsOffToAUserBinder() {
		this.runner.withConfiguration(METRICS).withUserConfiguration(UserMetricsConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeMetrics.class);
			assertThat(context.getBean(SnowflakeMetrics.class)).isSameAs(context.getBean("userMetrics"));
			assertThat(context.getBean(MeterRegistry.class).find("snowflake.lease.renewals").meter()).isNull();
		});
	}

	@Test
	void needsAMeterRegistry() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(IdGenerator.class)
			.doesNotHaveBean(SnowflakeMetrics.class)
			.doesNotHaveBean(LeaseEventCounters.class));
	}

	@Test
	void needsNoMicrometerOnTheClasspath() {
		this.runner.withConfiguration(METRICS)
			.withClassLoader(new FilteredClassLoader("io.micrometer"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(IdGenerator.class)
				.doesNotHaveBean(SnowflakeMetrics.class));
	}

	private static RequiredSearch search(MeterRegistry registry, String name) {
		return registry.get(name).tag("region", "2");
	}

	@Configuration(proxyBeanMethods = false)
	static class UserMetricsConfiguration {

		@Bean
		SnowflakeMetrics userMetrics(SnowflakeWorker worker) {
			return new SnowflakeMetrics(worker, null);
		}

	}

}
