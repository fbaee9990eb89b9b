package dev.snowflakeid.redis;

import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relations between lease timings that the README's properties table states for
 * {@code snowflake.worker.allocator=redis}, each violated by exactly its boundary value (equality is a
 * violation: the table says "below"), in an application that reaches a real, suitable Redis: nothing but
 * the relation stops it, and the analysis Spring Boot prints (from the registered analyzers) names the
 * property and the fix. The rules are checked before the first claim, so the server is never written to.
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

	/** The README's default timings (ttl 10s, renew-interval 1s, outage-tolerance 10s, command-timeout 300ms). */
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
	void aWrongTimingIsReportedEvenWhenTheServerCannotBeReached() {
		// nothing listens on a free port: the timing rule, checked before connecting, is what startup reports
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
