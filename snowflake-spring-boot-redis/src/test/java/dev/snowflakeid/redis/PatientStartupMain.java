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

import java.io.IOException;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A web application with Actuator and the starter's Redis allocator, for
 * {@link PatientStartupTests}: runs with the arguments it is given until its standard
 * input closes; a failed start exits with status 1 once Spring Boot has printed its
 * failure analysis.
 */
public final class PatientStartupMain {

	private PatientStartupMain() {
	}

	public static void main(String[] args) throws IOException {
		ConfigurableApplicationContext context;
		try {
			context = SpringApplication.run(Application.class, args);
		}
		catch (RuntimeException ex) {
			System.exit(1);
			return;
		}
		while (System.in.read() >= 0) {
			// run until the test closes our input
		}
		context.close();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration(excludeName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
			"org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
			"org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration" })
	static class Application {

	}

}
