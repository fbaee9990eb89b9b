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
package dev.snowflakeid.sample;

import org.springframework.boot.SpringApplication;

/**
 * The sample application for a machine without Redis, as the quick start runs it
 * ({@code ./mvnw -B -q -pl sample-app -am -Pdev process-test-classes}, Spring Boot's
 * {@code test-run}): when nothing answers at the Redis its settings name (localhost:6379
 * by default), it leases its worker code from the JDBC lease store in its own database,
 * an embedded PostgreSQL server unless {@code spring.datasource.url} names one, and says
 * so in the log. {@link SampleApplication} itself only uses the starter and leases from
 * Redis unless told otherwise.
 */
public final class TestSampleApplication {

	private TestSampleApplication() {
	}

	public static void main(String[] args) {
		SpringApplication application = new SpringApplication(SampleApplication.class,
				EmbeddedPostgresConfiguration.class);
		application.addListeners(new JdbcLeaseFallback());
		application.run(args);
	}

}
