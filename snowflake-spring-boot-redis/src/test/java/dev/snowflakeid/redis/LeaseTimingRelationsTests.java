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
package dev.snowflakeid.redis;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import dev.snowflakeid.lease.LeaseTiming;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relations between lease timings that docs/configuration.md states for
 * {@code snowflake.worker.allocator=redis}, each violated by exactly its boundary value
 * (equality is a violation: the table says "below"), in an application that reaches a
 * real, suitable Redis: nothing but the relation stops it, and the analysis Spring Boot
 * prints (from the registered analyzers) names the property and the fix. The rules are
 * checked before the first claim, so the server is never written to.
 */
@RealProcesses
class LeaseTimingRelationsTests {

	private static RedisServer redis;

	@BeforeAll
	static void startRedis() {
		redis = RedisServer.start();
	}

	@AfterAll
	static void stopRedis() {
		redis.close();
	}

	/**
	 * The documented default timings (ttl 10s, renew-interval 1s, outage-tolerance 10s,
	 * command-timeout 300ms).
	 */
	private final ApplicationContextRunner runner = LeaseApplications.runner(true)
		.withPropertyValues("snowflake.worker.allocator=redis", "spring.data.redis.host=127.0.0.1",
				"spring.data.redis.port=" + redis.port());

	@Test
	void theCommandTimeoutMustBeBelowTheRenewInterval() {
		assertRefused(new String[] { "snowflake.worker.redis.command-timeout=1s" },
				"Invalid Snowflake ID configuration: lease command timeout PT1S is not shorter than the renew interval "
						+ "PT1S (property 'snowflake.worker.redis.command-timeout').",
				"Set snowflake.worker.redis.command-timeout well inside the renew interval, such as 300ms for 1s.");
	}

	@Test
	void theRenewIntervalPlusTheCommandTimeoutMustBeBelowTheTtl() {
		assertRefused(new String[] { "snowflake.worker.lease.renew-interval=9700ms" },
				"Invalid Snowflake ID configuration: renew interval PT9.7S plus the command timeout PT0.3S is not "
						+ "shorter than the lease ttl PT10S, so the lease would expire in Redis between two renewals "
						+ "(property 'snowflake.worker.lease.renew-interval').",
				"Make snowflake.worker.lease.renew-interval a fraction of snowflake.worker.lease.ttl, such as 1s for 10s.");
	}

	@Test
	void borrowAheadMustBeBelowTheCeilingLead() {
		// ceiling lead = outage tolerance 10 s + 2 x renew interval 1 s = 12 s
		assertRefused(new String[] { "snowflake.clock.borrow-ahead=12s" },
				"Invalid Snowflake ID configuration: borrow-ahead PT12S is not below the ceiling lead PT12S (outage "
						+ "tolerance plus two renew intervals), so borrowing would run into the ceiling "
						+ "(property 'snowflake.clock.borrow-ahead').",
				"Set snowflake.clock.borrow-ahead below PT12S, or raise snowflake.worker.lease.outage-tolerance.");
	}

	@Test
	void theStartupWaitBudgetMustCoverAFirstStartOnAnEmptyRedis() {
		// quarantine = fleet lead limit 13.3 s + skew 1 s + 300 ms = 14.6 s, whatever
		// this instance's outage
		// tolerance; + skew 1 s + tick 1 ms + 3 x 300 ms = 16.501 s, in whole seconds 17
		// s
		assertRefused(
				new String[] { "snowflake.worker.lease.outage-tolerance=1s",
						"snowflake.worker.lease.startup-wait-budget=16s" },
				"Invalid Snowflake ID configuration: startup wait budget PT16S is shorter than the PT17S a first start "
						+ "on an empty lease store may wait: the quarantine PT14.6S plus the max clock skew PT1S, one "
						+ "tick and 3 command timeouts, in whole seconds "
						+ "(property 'snowflake.worker.lease.startup-wait-budget').",
				"Set snowflake.worker.lease.startup-wait-budget to 17s or more, or leave it unset (it then covers the "
						+ "quarantine).");
	}

	@Test
	void theReplicaLagLimitIsAtLeastOneSecond() {
		// an idle, healthy replica reports lag 1 in about half of all INFO samples
		assertRefused(new String[] { "snowflake.worker.redis.max-replica-lag=0s" },
				"Invalid Snowflake ID configuration: max replica lag must be a whole number of seconds, at least 1 s "
						+ "(Redis reports replica lag in seconds, and an idle, healthy replica reports lag 1 in about "
						+ "half of all samples) but was PT0S (property 'snowflake.worker.redis.max-replica-lag').",
				"Set snowflake.worker.redis.max-replica-lag to whole seconds, at least 1s (the default).");
	}

	/**
	 * An outage tolerance of 26 s needs a fleet lead limit of 29.3 s, which makes the
	 * quarantine 30.6 s, longer than the 30 s budget of the default timing: left unset,
	 * the budget covers it (33 s), and a first start on an empty Redis issues IDs.
	 */
	@Test
	void aLongOutageToleranceStartsOnAnEmptyRedisWithoutAConfiguredBudget() {
		try (RedisServer empty = RedisServer.start()) {
			LeaseApplications.runner(true)
				.withPropertyValues("snowflake.worker.allocator=redis", "spring.data.redis.host=127.0.0.1",
						"spring.data.redis.port=" + empty.port(), "snowflake.worker.lease.outage-tolerance=26s",
						"snowflake.worker.lease.fleet-lead-limit=29300ms")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					SnowflakeProperties properties = context.getBean(SnowflakeProperties.class);
					assertThat(properties.getWorker().getLease().getStartupWaitBudget()).isNull();
					assertThat(context.getBean(LeaseTiming.class)
						.defaultStartupWaitBudget(properties.getLayout().getTick())).hasSeconds(33);
					long id = context.getBean(IdGenerator.class).nextId();
					assertThat(id).isPositive();
					// the first range starts the quarantine above the first claim
					assertThat(System.currentTimeMillis() - context.getStartupDate()).isGreaterThan(30_000);
				});
		}
	}

	@Test
	void aWrongTimingIsReportedEvenWhenTheServerCannotBeReached() {
		// nothing listens on a free port: the timing rule, checked before connecting, is
		// what startup reports
		LeaseApplications.runner(true)
			.withPropertyValues("snowflake.worker.allocator=redis", "spring.data.redis.host=127.0.0.1",
					"spring.data.redis.port=" + FreePorts.loopback(), "snowflake.worker.redis.command-timeout=1s")
			.run((context) -> assertThat(
					LeaseApplications.analyze(context, InvalidSnowflakeConfigurationException.class).getDescription())
				.isEqualTo("Invalid Snowflake ID configuration: lease command timeout PT1S is not shorter than the "
						+ "renew interval PT1S (property 'snowflake.worker.redis.command-timeout')."));
	}

	private void assertRefused(String[] properties, String description, String action) {
		this.runner.withPropertyValues(properties).run((context) -> {
			FailureAnalysis analysis = LeaseApplications.analyze(context, InvalidSnowflakeConfigurationException.class);
			assertThat(analysis.getDescription()).isEqualTo(description);
			assertThat(analysis.getAction()).isEqualTo(action);
		});
		assertThat(redis.call("DBSIZE")).as("refused before the first claim").isEqualTo(0L);
	}

}
