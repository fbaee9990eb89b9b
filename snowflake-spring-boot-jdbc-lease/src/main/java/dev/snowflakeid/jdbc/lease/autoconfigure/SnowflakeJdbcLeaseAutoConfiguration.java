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
package dev.snowflakeid.jdbc.lease.autoconfigure;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.ConditionalOnSnowflakeEnabled;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;

import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of the JDBC worker-code allocator. The database is the one
 * {@code spring.datasource.*} (or any {@link JdbcConnectionDetails}) selects unless
 * {@code snowflake.worker.jdbc.url} names a separate one; either way the store takes its
 * connections from a small pool of its own, never from the application's pool.
 *
 * <p>
 * Nothing here depends on {@code snowflake.worker.allocator} at build time: the allocator
 * is a bean either way, and connects only when the jdbc allocator is selected.
 */
@AutoConfiguration(before = SnowflakeAutoConfiguration.class,
		afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
// Spring JDBC, Boot's JDBC support and HikariCP are optional dependencies, which an
// application brings with spring-boot-starter-jdbc or -data-jpa
@ConditionalOnClass(name = { "org.springframework.jdbc.core.JdbcTemplate",
		"org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails",
		"org.springframework.boot.sql.init.DatabaseInitializationMode", "com.zaxxer.hikari.HikariDataSource" })
@ConditionalOnSnowflakeEnabled
@ConditionalOnMissingBean(IdGenerator.class)
@EnableConfigurationProperties({ SnowflakeProperties.class, SnowflakeJdbcLeaseProperties.class })
public final class SnowflakeJdbcLeaseAutoConfiguration {

	/** Closes the store's pool, once the worker has released its lease through it. */
	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	JdbcWorkerCodeAllocator jdbcWorkerCodeAllocator(SnowflakeProperties properties,
			SnowflakeJdbcLeaseProperties jdbcProperties, ObjectProvider<SnowflakeLayout> layout,
			ObjectProvider<JdbcConnectionDetails> applicationDatabase, ObjectProvider<LeasePoolMetrics> metrics) {
		return new JdbcWorkerCodeAllocator(properties, jdbcProperties, layout, applicationDatabase, metrics);
	}

	/**
	 * The store's pool in the application's meter registry ({@code hikaricp.*} meters
	 * tagged {@code pool=snowflake-lease}), looked up when the pool is made: with
	 * Micrometer, which is optional here.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
	static class LeasePoolMetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		LeasePoolMetrics snowflakeLeasePoolMetrics(ObjectProvider<MeterRegistry> registry) {
			return () -> {
				MeterRegistry meters = registry.getIfUnique();
				return (meters != null) ? new MicrometerMetricsTrackerFactory(meters) : null;
			};
		}

	}

}
