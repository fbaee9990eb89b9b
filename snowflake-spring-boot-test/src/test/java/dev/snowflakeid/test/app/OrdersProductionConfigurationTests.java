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
package dev.snowflakeid.test.app;

import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.testsupport.FreePorts;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The application's own configuration, started as in production on the same classpath as
 * its tests (this library included): without a Redis it refuses to start instead of
 * quietly using the in-memory allocator.
 */
class OrdersProductionConfigurationTests {

	@Test
	void refusesToStartWithoutRedis() {
		int port = FreePorts.loopback();
		SpringApplication application = new SpringApplication(OrdersApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		// Short lease timings, so that the startup wait budget for an unreachable Redis
		// may be short too (it must
		// cover a first start's quarantine of 1.9 s, plus skew, a tick and three command
		// timeouts: 3 s).
		Throwable failure = catchThrowable(() -> application.run("--spring.data.redis.port=" + port,
				"--spring.main.banner-mode=off", "--snowflake.worker.lease.outage-tolerance=300ms",
				"--snowflake.worker.lease.renew-interval=400ms", "--snowflake.worker.lease.max-clock-skew=100ms",
				"--snowflake.worker.lease.fleet-lead-limit=1500ms", "--snowflake.worker.lease.startup-wait-budget=3s"));
		List<Throwable> causes = new ArrayList<>();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			causes.add(cause);
		}
		assertThat(causes).as("causes of the startup failure")
			.hasAtLeastOneElementOfType(LeaseStoreUnavailableException.class);
	}

}
