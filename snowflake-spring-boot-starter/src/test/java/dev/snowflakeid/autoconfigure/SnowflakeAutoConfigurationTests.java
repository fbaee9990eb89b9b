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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.snowflakeid.DecodedId;
import dev.snowflakeid.SnowflakeIdGenerator.GeneratorStatistics;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout.InvalidLayoutException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.actuate.autoconfigure.SnowflakeEndpointAutoConfiguration;
import dev.snowflakeid.actuate.autoconfigure.SnowflakeHealthContributorAutoConfiguration;
import dev.snowflakeid.actuate.autoconfigure.SnowflakeMetricsAutoConfiguration;
import dev.snowflakeid.jackson.autoconfigure.SnowflakeJacksonAutoConfiguration;
import dev.snowflakeid.jdbc.autoconfigure.SnowflakeJdbcAutoConfiguration;
import dev.snowflakeid.jdbc.lease.autoconfigure.SnowflakeJdbcLeaseAutoConfiguration;
import dev.snowflakeid.mongodb.autoconfigure.SnowflakeMongoAutoConfiguration;
import dev.snowflakeid.mybatis.autoconfigure.SnowflakeMyBatisAutoConfiguration;
import dev.snowflakeid.openapi.autoconfigure.SnowflakeOpenApiAutoConfiguration;
import dev.snowflakeid.webmvc.autoconfigure.SnowflakePublicIdAutoConfiguration;
import dev.snowflakeid.r2dbc.autoconfigure.SnowflakeR2dbcAutoConfiguration;
import dev.snowflakeid.redis.autoconfigure.SnowflakeRedisAutoConfiguration;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=7");

	@TempDir
	Path directory;

	@Test
	void staticAllocatorGivesAWorkingGeneratorWithTheDefaultLayout() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(IdGenerator.class)
				.hasSingleBean(SnowflakeWorker.class)
				.hasSingleBean(StaticWorkerLeaseStore.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.layout()).isEqualTo(SnowflakeLayout.defaults());
			long id = ids.nextId();
			assertThat(ids.decode(id).worker()).isEqualTo(7);
			assertThat(ids.decode(id).region()).isZero();
		});
	}

	@Test
	void readinessFollowsTheGeneratorEvenWithoutALeaseEvent() {
		List<ReadinessState> published = new CopyOnWriteArrayList<>();
		this.runner
			.withBean("readinessRecorder", ApplicationListener.class,
					() -> (ApplicationListener<AvailabilityChangeEvent<ReadinessState>>) (event) -> published
						.add(event.getState()))
			.run((context) -> {
				SnowflakeReadinessListener readiness = context.getBean(SnowflakeReadinessListener.class);
				assertThat(readiness.isRunning()).isTrue();
				context.getBean(SnowflakeIdGenerator.class).stop();
				// The listener marks itself refusing just before it publishes: wait for
				// the event itself.
				Awaitility.await()
					.atMost(SnowflakeReadinessListener.EVALUATION_PERIOD.multipliedBy(10))
					.until(() -> !published.isEmpty());
				assertThat(readiness.refusing()).isTrue();
				assertThat(published).containsExactly(ReadinessState.REFUSING_TRAFFIC);
			});
	}

	@Test
	void readinessFollowsEveryNamedGeneratorToo() {
		List<ReadinessState> published = new CopyOnWriteArrayList<>();
		this.runner.withPropertyValues("snowflake.generators.orders.region=1")
			.withBean("readinessRecorder", ApplicationListener.class,
					() -> (ApplicationListener<AvailabilityChangeEvent<ReadinessState>>) (event) -> published
						.add(event.getState()))
			.run((context) -> {
				context.getBean("orders", SnowflakeIdGenerator.class).stop();
				Awaitility.await()
					.atMost(SnowflakeReadinessListener.EVALUATION_PERIOD.multipliedBy(10))
					.until(() -> !published.isEmpty());
				assertThat(published).containsExactly(ReadinessState.REFUSING_TRAFFIC);
				assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
			});
	}

	// The wait budgets are covered where their waits can be seen: the exhaustion budget
	// by the two-IDs-a-tick
	// tests below, the rollback budget by ClockStepProcessTests, whose application's
	// clock steps back.
	@Test
	void propertiesShapeTheLayoutRegionRequiredLifetimeAndRenewInterval() {
		// 40 bits of milliseconds last about 34 years: the default required lifetime (60
		// years) refuses them
		ApplicationContextRunner shortLayout = this.runner.withPropertyValues("snowflake.region=5",
				"snowflake.layout.timestamp-bits=40", "snowflake.layout.region-bits=3",
				"snowflake.layout.worker-bits=7", "snowflake.layout.sequence-bits=13",
				"snowflake.epoch=2025-06-01T00:00:00Z");
		shortLayout.run((context) -> assertThat(analyze(context, new InvalidLayoutFailureAnalyzer()).getDescription())
			.contains("snowflake.layout.required-lifetime"));
		shortLayout
			.withPropertyValues("snowflake.layout.required-lifetime=30y", "snowflake.worker.lease.renew-interval=2s")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				SnowflakeIdGenerator ids = context.getBean(SnowflakeIdGenerator.class);
				assertThat(ids.layout().toString()).isEqualTo("40/3/7/13 tick=PT0.001S epoch=2025-06-01T00:00:00Z");
				assertThat(ids.region()).isEqualTo(5);
				assertThat(ids.decode(ids.nextId()).region()).isEqualTo(5);
				assertThat(context.getBean(WorkerLeaseKeeper.class).renewInterval()).hasSeconds(2);
			});
	}

	@Test
	void theTickPropertySetsTheTimestampUnit() {
		this.runner.withPropertyValues("snowflake.layout.tick=10ms").run((context) -> {
			SnowflakeIdGenerator ids = context.getBean(SnowflakeIdGenerator.class);
			assertThat(ids.layout().tick()).isEqualTo(Duration.ofMillis(10));
			long first = ids.nextId();
			long firstTick = ids.layout().tickAt(ids.decode(first).timestamp().toEpochMilli());
			Awaitility.await("the next 10 ms tick")
				.atMost(Duration.ofSeconds(5))
				.until(() -> ids.layout().tickAt(System.currentTimeMillis()) > firstTick);
			long second = ids.nextId();
			long millis = ids.decode(second).timestamp().toEpochMilli() - ids.decode(first).timestamp().toEpochMilli();
			assertThat(millis).as("IDs in different ticks are whole ticks apart").isPositive();
			assertThat(millis % 10).isZero();
			assertThat((ids.decode(second).timestamp().toEpochMilli() - ids.layout().epoch().toEpochMilli()) % 10)
				.as("timestamps count 10 ms ticks from the epoch")
				.isZero();
		});
	}

	@Test
	void theSequenceStartPropertyStartsTicksAtRandomBelow256() {
		// the loop exhausts ticks: a budget that a descheduled thread cannot overrun
		ApplicationContextRunner runner = this.runner
			.withPropertyValues("snowflake.sequence.exhaustion-wait-budget=10s");
		runner
			.run((context) -> assertThat(firstSequences(context.getBean(SnowflakeIdGenerator.class))).containsOnly(0));
		runner.withPropertyValues("snowflake.sequence.start=random").run((context) -> {
			List<Integer> starts = firstSequences(context.getBean(SnowflakeIdGenerator.class));
			assertThat(starts).allSatisfy((start) -> assertThat(start).isBetween(0, 255));
			// each start is 0 with probability 1/256
			assertThat(starts.stream().filter((start) -> start != 0).count()).isGreaterThan(50);
		});
	}

	/** The sequence of the first ID of each of 64 ticks, on the real clock. */
	private static List<Integer> firstSequences(SnowflakeIdGenerator ids) {
		List<Integer> starts = new ArrayList<>();
		long lastTick = -1;
		while (starts.size() < 64) {
			DecodedId decoded = ids.decode(ids.nextId());
			long tick = decoded.timestamp().toEpochMilli();
			if (tick != lastTick) {
				starts.add(decoded.sequence());
				lastTick = tick;
			}
		}
		return starts;
	}

	@Test
	void withoutAnExhaustionWaitBudgetAFullTickIsRefusedAtOnce() {
		// the default budget (5 ms) would always wait for the next 1 ms tick
		twoIdsPerTick("1ms", "0").run((context) -> {
			SnowflakeIdGenerator ids = context.getBean(SnowflakeIdGenerator.class);
			// the wall clock is real: issue until the third ID of one tick is asked for
			IdGenerationException refusal = null;
			for (int i = 0; i < 1_000 && refusal == null; i++) {
				try {
					ids.nextId();
				}
				catch (IdGenerationException ex) {
					refusal = ex;
				}
			}
			assertThat(refusal).as("a refusal once a tick is full").isNotNull();
			assertThat(refusal.reason()).isEqualTo(Reason.SEQUENCE_EXHAUSTED);
			GeneratorStatistics statistics = ids.statistics();
			assertThat(statistics.sequenceExhaustions()).as("the first full tick was refused").isEqualTo(1);
			assertThat(statistics.refusals(Reason.SEQUENCE_EXHAUSTED)).isEqualTo(1);
			assertThat(statistics.waits(Reason.SEQUENCE_EXHAUSTED)).as("refused without waiting").isZero();
		});
	}

	@Test
	void withAnExhaustionWaitBudgetTheNextIdWaitsForTheNextTick() {
		// 1s covers the 10 ms tick; the default budget (5 ms) would refuse an ID asked
		// for early in a tick
		twoIdsPerTick("10ms", "1s").run((context) -> {
			SnowflakeIdGenerator ids = context.getBean(SnowflakeIdGenerator.class);
			long[] batch = ids.nextIds(9);
			List<DecodedId> decoded = Arrays.stream(batch).mapToObj(ids::decode).toList();
			for (int i = 1; i < decoded.size(); i++) {
				DecodedId previous = decoded.get(i - 1);
				DecodedId next = decoded.get(i);
				if (next.timestamp().equals(previous.timestamp())) {
					assertThat(next.sequence()).isEqualTo(previous.sequence() + 1);
				}
				else {
					assertThat(next.timestamp()).isAfter(previous.timestamp());
					assertThat(next.sequence()).isZero();
				}
			}
			assertThat(decoded.stream().map(DecodedId::timestamp).distinct()).as("at most two IDs a tick")
				.hasSizeGreaterThanOrEqualTo(5);
			GeneratorStatistics statistics = ids.statistics();
			assertThat(statistics.sequenceExhaustions()).isPositive();
			assertThat(statistics.waits(Reason.SEQUENCE_EXHAUSTED)).as("every full tick waited for the next")
				.isEqualTo(statistics.sequenceExhaustions());
			assertThat(statistics.refusals(Reason.SEQUENCE_EXHAUSTED)).isZero();
		});
	}

	@Test
	void theStateFileHoldsTheHighWaterMarkAndShutdownStopsIssuing() throws Exception {
		Path stateFile = this.directory.resolve("worker.hwm");
		SnowflakeIdGenerator[] kept = new SnowflakeIdGenerator[1];
		this.runner.withPropertyValues("snowflake.worker.state-file=" + stateFile).run((context) -> {
			kept[0] = context.getBean(SnowflakeIdGenerator.class);
			long id = kept[0].nextId();
			long mark = Long.parseLong(Files.readString(stateFile).trim());
			assertThat(kept[0].decode(id).timestamp().toEpochMilli()).isLessThan(mark);
		});
		assertThat(kept[0].isStopped()).isTrue();
	}

	@Test
	void backsOffToAUserGenerator() {
		this.runner.withUserConfiguration(UserGenerator.class).run((context) -> {
			assertThat(context).hasSingleBean(IdGenerator.class)
				.doesNotHaveBean(SnowflakeWorker.class)
				.doesNotHaveBean(WorkerLeaseKeeper.class);
			assertThat(context.getBean(IdGenerator.class).decode(context.getBean(IdGenerator.class).nextId()).worker())
				.isEqualTo(99);
		});
	}

	@Test
	void aLeaseStoreOfTheApplicationReplacesTheSelectedAllocator() {
		this.runner.withUserConfiguration(UserLeaseStore.class).run((context) -> {
			assertThat(context).hasSingleBean(WorkerLeaseStore.class).doesNotHaveBean(UniquenessDomain.class);
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.decode(ids.nextId()).worker()).isEqualTo(99);
		});
	}

	/**
	 * Every module's auto-configurations, read from their imports files as Spring Boot
	 * reads them.
	 */
	@Test
	void everyAutoConfigurationStartsWithNoOptionalLibraryPresent() {
		List<String> ours = ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader())
			.getCandidates()
			.stream()
			.filter((name) -> name.startsWith("dev.snowflakeid."))
			.toList();
		assertThat(ours).hasSizeGreaterThanOrEqualTo(14)
			.contains(SnowflakeRedisAutoConfiguration.class.getName(),
					SnowflakeJacksonAutoConfiguration.class.getName(),
					SnowflakeHealthContributorAutoConfiguration.class.getName(),
					SnowflakeMetricsAutoConfiguration.class.getName(),
					SnowflakeEndpointAutoConfiguration.class.getName(), SnowflakeJdbcAutoConfiguration.class.getName(),
					SnowflakePublicIdAutoConfiguration.class.getName(),
					SnowflakeOpenApiAutoConfiguration.class.getName(),
					SnowflakeMyBatisAutoConfiguration.class.getName(), SnowflakeR2dbcAutoConfiguration.class.getName(),
					SnowflakeMongoAutoConfiguration.class.getName());
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations
				.of(ours.stream().map(SnowflakeAutoConfigurationTests::load).toArray(Class<?>[]::new)))
			.withClassLoader(new FilteredClassLoader("org.hibernate", "jakarta.persistence", "tools.jackson",
					"com.fasterxml.jackson", "org.springframework.boot.actuate", "org.springframework.boot.health",
					"io.micrometer", "org.springframework.data.redis", "io.lettuce", "org.springframework.data.jdbc",
					"org.springframework.data.relational", "org.bouncycastle", "org.springframework.web.servlet",
					"org.springdoc", "io.swagger", "org.apache.ibatis", "org.mybatis", "org.springframework.data.r2dbc",
					"io.r2dbc", "org.springframework.data.mongodb", "com.mongodb"))
			.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=3")
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(IdGenerator.class);
				assertThat(
						context.getBean(IdGenerator.class).decode(context.getBean(IdGenerator.class).nextId()).worker())
					.isEqualTo(3);
			});
	}

	@Test
	void disabledConfiguresNothing() {
		this.runner.withPropertyValues("snowflake.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(IdGenerator.class)
				.doesNotHaveBean(SnowflakeLayout.class)
				.doesNotHaveBean(WorkerLeaseKeeper.class));
	}

	@Test
	void bitWidthsThatDoNotSumTo63FailNamingTheProperties() {
		this.runner.withPropertyValues("snowflake.layout.sequence-bits=13").run((context) -> {
			FailureAnalysis analysis = analyze(context, new InvalidLayoutFailureAnalyzer());
			assertThat(analysis.getDescription()).contains("bit widths must sum to 63")
				.contains("snowflake.layout.*-bits");
			assertThat(analysis.getAction()).contains("sum to exactly 63");
		});
	}

	@Test
	void anEpochInTheFutureFailsNamingTheProperty() {
		this.runner.withPropertyValues("snowflake.epoch=2999-01-01T00:00:00Z").run((context) -> {
			FailureAnalysis analysis = analyze(context, new InvalidLayoutFailureAnalyzer());
			assertThat(analysis.getDescription()).contains("is not in the past").contains("'snowflake.epoch'");
		});
	}

	@Test
	void aLifetimeShorterThanRequiredFailsNamingTheProperty() {
		this.runner.withPropertyValues("snowflake.layout.required-lifetime=80y").run((context) -> {
			FailureAnalysis analysis = analyze(context, new InvalidLayoutFailureAnalyzer());
			assertThat(analysis.getDescription()).contains("snowflake.layout.required-lifetime");
			assertThat(analysis.getAction()).contains("snowflake.layout.timestamp-bits");
		});
	}

	@Test
	void aRegionOutOfRangeFailsNamingTheProperty() {
		this.runner.withPropertyValues("snowflake.region=4").run((context) -> {
			FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
			assertThat(analysis.getDescription()).contains("region 4 is outside 0..3").contains("'snowflake.region'");
		});
	}

	@Test
	void aStaticCodeOutOfRangeOrMissingFailsNamingTheProperty() {
		this.runner.withPropertyValues("snowflake.worker.code=256").run((context) -> {
			FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
			assertThat(analysis.getDescription()).contains("worker code 256 is outside 0..255")
				.contains("'snowflake.worker.code'");
		});
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker.allocator=static")
			.run((context) -> assertThat(
					analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer()).getDescription())
				.contains("no worker code is configured"));
	}

	@Test
	void theRedisAllocatorWithoutRedisFailsNamingTheFix() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader("org.springframework.data.redis", "io.lettuce"))
			.run((context) -> {
				FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
				assertThat(analysis.getDescription()).contains("no Redis connection is available")
					.contains("'snowflake.worker.allocator'");
				assertThat(analysis.getAction()).contains("spring-boot-starter-data-redis")
					.contains("snowflake.worker.allocator=static");
			});
	}

	@Test
	void theRedisAllocatorWithoutTheRedisModuleNamesTheModule() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader("dev.snowflakeid.redis"))
			.run((context) -> {
				FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
				assertThat(analysis.getDescription()).contains("redis allocator is selected")
					.contains(MissingLeaseStore.REDIS_MODULE + " is not on the classpath");
				assertThat(analysis.getAction()).contains("add " + MissingLeaseStore.REDIS_MODULE)
					.contains("snowflake.worker.allocator=static");
			});
	}

	@Test
	void theRedisAllocatorWithoutRedisAutoConfigurationExplainsTheTestLibrary() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
			.run((context) -> {
				FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
				assertThat(analysis.getDescription()).contains("Redis auto-configuration did not run")
					.contains("test slice");
				assertThat(analysis.getAction()).startsWith("In tests, add " + MissingLeaseStore.TEST_LIBRARY)
					.contains("@AutoConfigureSnowflake")
					.contains("let DataRedisAutoConfiguration run")
					.doesNotContain("add spring-boot-starter-data-redis");
			});
	}

	@Test
	void theJdbcAllocatorWithoutItsModuleNamesTheModule() {
		new ApplicationContextRunner().withClassLoader(new FilteredClassLoader("dev.snowflakeid.jdbc.lease"))
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker.allocator=jdbc")
			.run((context) -> {
				FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
				assertThat(analysis.getDescription()).contains("jdbc allocator is selected")
					.contains(MissingLeaseStore.JDBC_MODULE + " is not on the classpath");
				assertThat(analysis.getAction()).contains("add " + MissingLeaseStore.JDBC_MODULE)
					.contains("snowflake.worker.allocator=redis");
			});
	}

	@Test
	void theJdbcAllocatorWithoutSpringJdbcNamesTheStarterToAdd() {
		new ApplicationContextRunner().withClassLoader(new FilteredClassLoader("org.springframework.jdbc"))
			.withConfiguration(
					AutoConfigurations.of(SnowflakeJdbcLeaseAutoConfiguration.class, SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker.allocator=jdbc", "snowflake.worker.jdbc.url=jdbc:postgresql://db/app")
			.run((context) -> {
				FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
				assertThat(analysis.getDescription()).contains("jdbc allocator is selected")
					.contains("Spring JDBC or HikariCP is not on the classpath");
				assertThat(analysis.getAction()).contains("add spring-boot-starter-jdbc")
					.contains("snowflake.worker.allocator=redis");
			});
	}

	@Test
	void theInMemoryAllocatorWithoutTheTestLibraryRefusesToStart() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker.allocator=in-memory")
			.run((context) -> {
				FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
				assertThat(analysis.getDescription()).contains("in-memory allocator is selected, but it is for tests")
					.contains(MissingLeaseStore.TEST_LIBRARY);
				assertThat(analysis.getAction()).contains("snowflake.worker.allocator=redis");
			});
	}

	@Test
	void leaseTimingRelationsAreChecked() {
		assertTimingFailure("snowflake.worker.lease.outage-tolerance", "snowflake.worker.lease.outage-tolerance=0s");
		assertTimingFailure("snowflake.worker.lease.renew-interval", "snowflake.worker.lease.renew-interval=0s");
		assertTimingFailure("snowflake.worker.lease.max-clock-skew", "snowflake.worker.lease.max-clock-skew=-1s");
		assertTimingFailure("snowflake.worker.lease.startup-wait-budget",
				"snowflake.worker.lease.startup-wait-budget=1500us");
		assertTimingFailure("snowflake.worker.lease.ttl", "snowflake.worker.lease.ttl=0s");
	}

	@Test
	void theRemovedMinReplicasPropertyFailsStartupNamingItsReplacement() {
		// the Redis allocator's timing rules run before it connects: nothing listens on
		// port 1
		ApplicationContextRunner redis = this.runner
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("snowflake.worker.allocator=redis", "spring.data.redis.port=1");
		redis.withPropertyValues("snowflake.worker.redis.min-replicas=1").run((context) -> {
			FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
			assertThat(analysis.getDescription()).contains("min-replicas 1 is no longer read");
			assertThat(analysis.getAction()).contains("set snowflake.worker.redis.replicas to the number of replicas");
		});
	}

	@Test
	void leaseIntervalsFailWithTheCoreRuleNamingTheProperty() {
		assertLeaseIntervalFailure("snowflake.worker.lease.ttl=0s",
				"snowflake.worker.lease.ttl must be positive but was PT0S",
				"Set snowflake.worker.lease.ttl to a positive duration in whole milliseconds.");
		assertLeaseIntervalFailure("snowflake.worker.lease.max-clock-skew=-1s",
				"snowflake.worker.lease.max-clock-skew must be zero or positive but was PT-1S",
				"Set snowflake.worker.lease.max-clock-skew to zero or a positive duration in whole milliseconds.");
		assertLeaseIntervalFailure("snowflake.worker.lease.startup-wait-budget=1500us",
				"snowflake.worker.lease.startup-wait-budget must be a whole number of milliseconds but was PT0.0015S",
				"Set snowflake.worker.lease.startup-wait-budget to zero or a positive duration in whole milliseconds.");
	}

	private void assertLeaseIntervalFailure(String value, String description, String action) {
		this.runner.withPropertyValues(value).run((context) -> {
			FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
			assertThat(analysis.getDescription()).contains(description);
			assertThat(analysis.getAction()).isEqualTo(action);
		});
	}

	@Test
	void borrowAheadNeedsAPersistedCeilingBelowTheLead() {
		assertTimingFailure("snowflake.clock.borrow-ahead", "snowflake.clock.borrow-ahead=100ms");
		Path stateFile = this.directory.resolve("borrow.hwm");
		assertTimingFailure("snowflake.clock.borrow-ahead", "snowflake.clock.borrow-ahead=12s",
				"snowflake.worker.state-file=" + stateFile);
		this.runner.withPropertyValues("snowflake.clock.borrow-ahead=1s", "snowflake.worker.state-file=" + stateFile)
			.run((context) -> assertThat(context.getBean(SnowflakeIdGenerator.class).borrowAhead()).hasSeconds(1));
	}

	/** One sequence bit: two IDs a tick. */
	private ApplicationContextRunner twoIdsPerTick(String tick, String exhaustionWaitBudget) {
		return this.runner.withPropertyValues("snowflake.layout.timestamp-bits=44", "snowflake.layout.region-bits=8",
				"snowflake.layout.worker-bits=10", "snowflake.layout.sequence-bits=1", "snowflake.layout.tick=" + tick,
				"snowflake.sequence.exhaustion-wait-budget=" + exhaustionWaitBudget);
	}

	private void assertTimingFailure(String property, String... values) {
		this.runner.withPropertyValues(values).run((context) -> {
			FailureAnalysis analysis = analyze(context, new InvalidSnowflakeConfigurationFailureAnalyzer());
			assertThat(analysis.getDescription()).contains("'" + property + "'");
			assertThat(analysis.getAction()).contains(property.substring(0, property.lastIndexOf('.')));
		});
	}

	private static FailureAnalysis analyze(AssertableApplicationContext context, FailureAnalyzer analyzer) {
		assertThat(context).hasFailed();
		FailureAnalysis analysis = analyzer.analyze(context.getStartupFailure());
		assertThat(analysis).as("analysis of %s", context.getStartupFailure()).isNotNull();
		return analysis;
	}

	@Configuration(proxyBeanMethods = false)
	static class UserLeaseStore {

		@Bean
		StaticWorkerLeaseStore userLeaseStore() {
			return StaticWorkerLeaseStore.builder(99).owner("a user lease store").build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserGenerator {

		@Bean
		IdGenerator userIdGenerator() {
			return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).workerCode(99).build();
		}

	}

	private static Class<?> load(String name) {
		try {
			return Class.forName(name);
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
