package dev.snowflakeid.redis;

import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.lease.ClockBehindException;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.StoreMismatchException;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each way the lease store can refuse a starting application, against real {@code redis-server}
 * processes: the context fails for that reason, and the failure analysis Spring Boot prints names the
 * property to change and the fix. (A clock farther from Redis's than the allowed skew needs a stepped
 * clock: {@code ClockStepProcessTests}.)
 */
@RealProcesses
class LeaseStartupFailureAnalysisTests {

	private RedisServer redis;

	@AfterEach
	void stopRedis() {
		if (this.redis != null) {
			this.redis.close();
		}
	}

	private ApplicationContextRunner runner(RedisServer server) {
		return LeaseApplications.runner(false).withPropertyValues("spring.data.redis.port=" + server.port());
	}

	@Test
	void unreachableRedis() {
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.port=" + FreePorts.loopback(),
					"snowflake.worker.lease.startup-wait-budget=" + LeaseApplications.SHORTEST_BUDGET)
			.run((context) -> {
				FailureAnalysis analysis = LeaseApplications.analyze(context, LeaseStoreUnavailableException.class);
				assertThat(analysis.getDescription()).contains("could not be reached at startup");
				assertThat(analysis.getAction()).contains("spring.data.redis.*", "snowflake.worker.redis.command-timeout",
						"snowflake.worker.allocator=static");
			});
	}

	@Test
	void noFreeWorkerCode() {
		this.redis = RedisServer.start();
		// two worker codes: worker-bits 1, the sequence takes what the layout leaves
		ApplicationContextRunner twoCodes = runner(this.redis).withPropertyValues("snowflake.layout.worker-bits=1",
				"snowflake.layout.sequence-bits=19");
		twoCodes.run((first) -> twoCodes.run((second) -> {
			assertThat(first).hasNotFailed();
			assertThat(second).hasNotFailed();
			twoCodes.withPropertyValues("snowflake.worker.lease.startup-wait-budget=" + LeaseApplications.SHORTEST_BUDGET)
				.run((third) -> {
				FailureAnalysis analysis = LeaseApplications.analyze(third, NoFreeWorkerCodeException.class);
				assertThat(analysis.getDescription()).contains("No free worker code")
					.contains("snowflake.worker.lease.startup-wait-budget");
				assertThat(analysis.getAction()).contains("region 0", "snowflake.layout.worker-bits",
						"snowflake.worker.lease.startup-wait-budget", "snowflake.worker.redis.namespace");
			});
		}));
	}

	@Test
	void aStartupBudgetShorterThanTheQuarantineIsRefusedBeforeTheFirstClaim() {
		// A first start on an empty Redis is a detected data loss: the floor lies the quarantine ahead, so a
		// budget that cannot wait it out is a configuration error, reported before anything is written.
		this.redis = RedisServer.start();
		runner(this.redis).withPropertyValues("snowflake.worker.lease.startup-wait-budget=500ms").run((context) -> {
			FailureAnalysis analysis = LeaseApplications.analyze(context, InvalidSnowflakeConfigurationException.class);
			assertThat(analysis.getDescription()).contains("startup wait budget PT0.5S is shorter than the PT5S")
				.contains("(property 'snowflake.worker.lease.startup-wait-budget')");
			assertThat(analysis.getAction()).startsWith(
					"Set snowflake.worker.lease.startup-wait-budget to " + LeaseApplications.SHORTEST_BUDGET + " or more");
		});
		assertThat(this.redis.call("DBSIZE")).isEqualTo(0L);
	}

	@Test
	void aClockBehindTheFloorIsExplained() {
		// a clock stepped back below a code's high-water mark, further than the budget lets it wait
		FailureAnalysis analysis = LeaseApplications
			.analyze(new ClockBehindException("wall clock is 40001 ms behind the floor", 40_001));
		assertThat(analysis.getDescription()).contains("behind the high-water mark of the worker code");
		assertThat(analysis.getAction()).contains("NTP", "40001 ms must pass", "snowflake.worker.lease.startup-wait-budget");
	}

	@Test
	void anotherLayoutInTheSameNamespace() {
		this.redis = RedisServer.start();
		runner(this.redis).run((first) -> {
			assertThat(first).hasNotFailed();
			runner(this.redis)
				.withPropertyValues("snowflake.layout.timestamp-bits=40", "snowflake.layout.worker-bits=9",
						"snowflake.layout.required-lifetime=30y")
				.run((second) -> {
					FailureAnalysis analysis = LeaseApplications.analyze(second, StoreMismatchException.class);
					assertThat(analysis.getDescription()).contains("disagrees with this instance");
					assertThat(analysis.getAction()).contains("snowflake.layout.*", "snowflake.epoch",
							"snowflake.worker.redis.command-timeout", "snowflake.worker.redis.namespace")
						.contains("together with a snowflake.region no instance uses")
						.contains("stop every instance of the old namespace before the first one starts");
				});
		});
	}

}
