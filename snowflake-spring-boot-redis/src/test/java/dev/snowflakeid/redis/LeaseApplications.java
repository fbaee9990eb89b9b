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

import java.util.List;

import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.redis.autoconfigure.SnowflakeRedisAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Applications whose generator leases its worker code from Redis through the
 * auto-configuration, as a user's application would: Spring Boot's Redis and SSL
 * auto-configuration, then the starter's. And the failure analysis a failed startup would
 * print, from the analyzers registered in {@code META-INF/spring.factories}.
 */
final class LeaseApplications {

	private LeaseApplications() {
	}

	/** The short lease timings of {@link #runner(boolean)}, for reports. */
	static final String SHORT_TIMINGS = "outage-tolerance 1s, renew-interval 500ms, max-clock-skew 300ms, "
			+ "max-replica-lag 1s";

	/**
	 * The shortest startup wait budget the short timings allow, the quarantine of a first
	 * start (3.4 s) plus the skew, a tick and three command timeouts, in whole seconds:
	 * for tests that wait for a failure.
	 */
	static final String SHORTEST_BUDGET = "5s";

	/**
	 * The auto-configurations, with short lease timings unless {@code defaultTimings}.
	 */
	static ApplicationContextRunner runner(boolean defaultTimings) {
		ApplicationContextRunner runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, DataRedisAutoConfiguration.class,
					SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class));
		if (defaultTimings) {
			return runner;
		}
		return runner.withPropertyValues("snowflake.worker.lease.ttl=5s", "snowflake.worker.lease.renew-interval=500ms",
				"snowflake.worker.lease.outage-tolerance=1s", "snowflake.worker.lease.max-clock-skew=300ms",
				"snowflake.worker.lease.startup-wait-budget=10s", "snowflake.worker.redis.command-timeout=400ms",
				"snowflake.worker.lease.fleet-lead-limit=2700ms");
	}

	/**
	 * A standalone Redis (a test server or a fault proxy in front of one) on the loopback
	 * port {@code port}.
	 */
	static RedisStandaloneConfiguration loopback(int port) {
		return new RedisStandaloneConfiguration("127.0.0.1", port);
	}

	/** The failure analysis Spring Boot would print for {@code failure}. */
	static FailureAnalysis analyze(Throwable failure) {
		// Spring Boot's own analyzers that need the bean factory are skipped: none of
		// them explains our failures.
		List<FailureAnalyzer> analyzers = SpringFactoriesLoader
			.forDefaultResourceLocation(LeaseApplications.class.getClassLoader())
			.load(FailureAnalyzer.class, SpringFactoriesLoader.FailureHandler.handleMessage((message, ex) -> {
			}));
		for (FailureAnalyzer analyzer : analyzers) {
			FailureAnalysis analysis = analyzer.analyze(failure);
			if (analysis != null) {
				return analysis;
			}
		}
		assertThat(failure).as("a failure some analyzer explains").isNull();
		return null;
	}

	/**
	 * The failure analysis Spring Boot would print for the startup of {@code context},
	 * which must have failed because of a {@code reason}.
	 */
	static FailureAnalysis analyze(AssertableApplicationContext context, Class<? extends Throwable> reason) {
		cause(context, reason);
		return analyze(context.getStartupFailure());
	}

	/**
	 * The {@code reason} the startup of {@code context} failed for, which it must have.
	 */
	static <T extends Throwable> T cause(AssertableApplicationContext context, Class<T> reason) {
		assertThat(context).hasFailed();
		for (Throwable cause = context.getStartupFailure(); cause != null; cause = cause.getCause()) {
			if (reason.isInstance(cause)) {
				return reason.cast(cause);
			}
		}
		throw new AssertionError("startup failed for another reason than " + reason.getSimpleName(),
				context.getStartupFailure());
	}

}
