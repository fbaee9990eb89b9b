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
package dev.snowflakeid.persistence.app;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.persistence.autoconfigure.GeneratedSnowflakeIdAutoConfiguration;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;

/**
 * JPA application with its own {@code IdGenerator} (and one named {@code invoices}) and
 * the {@code @GeneratedSnowflakeId} string form of {@code snowflake.format.string}:
 * worker code and region from {@code test.worker-code} and {@code test.region}; epoch
 * 1990, so that IDs use the high bits of the 64-bit value.
 */
@Configuration(proxyBeanMethods = false)
@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class,
		TransactionAutoConfiguration.class, GeneratedSnowflakeIdAutoConfiguration.class })
@EntityScan(basePackageClasses = JpaOrder.class)
@EnableJpaRepositories(basePackageClasses = JpaOrder.class)
public class JpaTestApplication {

	public static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.epoch(java.time.Instant.parse("1990-01-01T00:00:00Z"))
		.build();

	/** Region of the {@code invoices} generator. */
	public static final int INVOICES_REGION = 1;

	@Bean
	@Primary
	SnowflakeIdGenerator idGenerator(@Value("${test.worker-code:7}") int workerCode,
			@Value("${test.region:3}") int region) {
		return SnowflakeIdGenerator.builder(LAYOUT).region(region).workerCode(workerCode).build();
	}

	/**
	 * The generator that {@code @GeneratedSnowflakeId(generator = "invoices")} names, in
	 * region {@value #INVOICES_REGION}: a bean of that name, as a named generator of
	 * {@code snowflake.generators.invoices.*} is.
	 */
	@Bean
	SnowflakeIdGenerator invoices(@Value("${test.worker-code:7}") int workerCode) {
		return SnowflakeIdGenerator.builder(LAYOUT).region(INVOICES_REGION).workerCode(workerCode).build();
	}

}
