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
package dev.snowflakeid.actuate;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.actuate.SnowflakeMetricValuesTests.ScriptedStore;
import dev.snowflakeid.lease.ScheduledRounds;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The values of the health details docs/operations.md lists, on a real generator and
 * lease keeper over a fake clock (a store that grants ceilings 12 s above its clock,
 * renewal rounds never run), so each value is exact.
 */
class SnowflakeHealthIndicatorTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.defaults();

	// 333.5 days after the default epoch 2026-01-01T00:00:00Z
	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z").freezeWall();

	private SnowflakeWorker worker;

	@AfterEach
	void closeWorker() {
		if (this.worker != null) {
			this.worker.close();
		}
	}

	@Test
	void aRenewedLeaseShowsItsCodeGenerationCeilingAndWhatRemains() {
		Map<String, Object> details = health(start(Duration.ZERO), null).getDetails();
		assertThat(details).containsOnlyKeys("allocator", "region", "workerCode", "generation", "leaseRemaining",
				"ceiling", "epochRemaining");
		assertThat(details).containsEntry("allocator", "scripted")
			.containsEntry("region", 0)
			.containsEntry("workerCode", 0)
			.containsEntry("generation", 1L)
			.containsEntry("leaseRemaining", "12.000s")
			.containsEntry("ceiling", "2026-11-30T12:00:12Z")
			// 2^41 ms after the epoch less 333.5 days: 25,118.16 days, in years of 365
			// days
			.containsEntry("epochRemaining", "68y 298d");
		this.time.stepWall(Duration.ofMillis(2_500));
		assertThat(health(this.worker, null).getDetails()).containsEntry("leaseRemaining", "9.500s")
			.containsEntry("ceiling", "2026-11-30T12:00:12Z");
	}

	@Test
	void burstModeShowsHowFarIssuedTicksRunAheadOfTheWallClock() {
		SnowflakeIdGenerator ids = start(Duration.ofMillis(100)).generator();
		assertThat(health(this.worker, null).getDetails()).containsEntry("borrowLead", "0ms");
		// three ticks' worth of IDs on a standing wall clock: the current tick and two
		// borrowed
		ids.nextIds(3 * (1 << LAYOUT.sequenceBits()));
		assertThat(health(this.worker, null).getDetails()).containsEntry("borrowLead", "2ms");
		this.time.stepWall(Duration.ofMillis(1));
		assertThat(health(this.worker, null).getDetails()).containsEntry("borrowLead", "1ms");
	}

	@Test
	void aClusterDomainIsNamedByItsNodesKeysAndRegion() {
		UniquenessDomain cluster = UniquenessDomain.redisCluster(List.of("c1:7000", "c2:7001"), "snowflake", "default",
				0);
		assertThat(health(start(Duration.ZERO), cluster).getDetails().get("domain")).isEqualTo(Map.of("redisCluster",
				List.of("c1:7000", "c2:7001"), "keyPrefix", "snowflake", "namespace", "default", "region", 0));
	}

	@Test
	void durationsInDetailsReadAsPeopleWriteThem() {
		assertThat(Durations.format(0)).isEqualTo("0ms");
		assertThat(Durations.format(640)).isEqualTo("640ms");
		assertThat(Durations.format(8_912)).isEqualTo("8.912s");
		assertThat(Durations.format(60_000)).isEqualTo("1m 00s");
		assertThat(Durations.format(245_999)).isEqualTo("4m 05s");
		assertThat(Durations.format(3 * 3_600_000L + 12 * 60_000L + 59_999)).isEqualTo("3h 12m");
		assertThat(Durations.format(2 * 86_400_000L + 5 * 3_600_000L)).isEqualTo("2d 5h");
		assertThat(Durations.format((69L * 365 + 112) * 86_400_000L + 1)).isEqualTo("69y 112d");
		assertThat(Durations.format(-1_500)).isEqualTo("-1.500s");
	}

	private SnowflakeWorker start(Duration borrowAhead) {
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(new ScriptedStore(this.time))
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.scheduler(new ScheduledRounds((round, firstDelayNanos, periodNanos) -> () -> {
			}))
			.eventExecutor(Runnable::run)
			.build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(LAYOUT)
			.leaseSource(keeper)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.borrowAhead(borrowAhead)
			.build();
		this.worker = new SnowflakeWorker(generator, keeper, this.time).start();
		return this.worker;
	}

	private static Health health(SnowflakeWorker worker, UniquenessDomain domain) {
		Health health = new SnowflakeHealthIndicator(worker, domain).health();
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		return health;
	}

}
