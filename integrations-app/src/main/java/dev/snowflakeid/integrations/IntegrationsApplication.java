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
package dev.snowflakeid.integrations;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * Tickets through MyBatis, receipts through Spring Data R2DBC and previews of MongoDB
 * notes, each with an ID from the application's generator, which leases its worker code
 * from the JDBC lease store in the same PostgreSQL database.
 * <p>
 * Spring Boot's {@code DataSource} auto-configuration backs off when an R2DBC
 * {@code ConnectionFactory} is present; importing it, as Spring Boot's documentation
 * advises, keeps the {@code DataSource} (for MyBatis) and its connection details (for the
 * lease store) beside R2DBC.
 */
@SpringBootApplication
@Import(DataSourceAutoConfiguration.class)
public class IntegrationsApplication {

	public static void main(String[] args) {
		SpringApplication.run(IntegrationsApplication.class, args);
	}

}
