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
package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;

import org.springframework.util.ClassUtils;

/**
 * Explains why the selected allocator has no lease store, with advice that fits the
 * situation: the in-memory allocator outside tests, the Redis module or Spring Data Redis
 * missing, Spring Boot's Redis auto-configuration left out (excluded, or a test slice
 * such as {@code @DataJpaTest}), or the JDBC lease module or a database missing.
 */
final class MissingLeaseStore {

	static final String TEST_LIBRARY = "dev.snowflakeid:snowflake-spring-boot-starter-test";

	static final String REDIS_MODULE = "dev.snowflakeid:snowflake-spring-boot-redis";

	static final String JDBC_MODULE = "dev.snowflakeid:snowflake-spring-boot-jdbc-lease";

	private static final String JDBC_MODULE_CLASS = "dev.snowflakeid.jdbc.lease.autoconfigure.SnowflakeJdbcLeaseAutoConfiguration";

	private static final String SPRING_JDBC_CLASS = "org.springframework.jdbc.core.JdbcTemplate";

	private static final String BOOT_JDBC_CLASS = "org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails";

	private static final String HIKARI_CLASS = "com.zaxxer.hikari.HikariDataSource";

	private static final String REDIS_MODULE_CLASS = "dev.snowflakeid.redis.autoconfigure.SnowflakeRedisAutoConfiguration";

	private static final String TEST_ADVICE = "In tests, add " + TEST_LIBRARY + " with test scope and annotate "
			+ "the test with @AutoConfigureSnowflake (or set snowflake.worker.allocator=in-memory); ";

	private MissingLeaseStore() {
	}

	static InvalidSnowflakeConfigurationException exception(Allocator allocator) {
		ClassLoader classLoader = ClassUtils.getDefaultClassLoader();
		if (allocator == Allocator.IN_MEMORY) {
			return new InvalidSnowflakeConfigurationException("snowflake.worker.allocator",
					"the in-memory allocator is selected, but it is for tests and " + TEST_LIBRARY
							+ " is not on the classpath",
					"Add " + TEST_LIBRARY + " with test scope to use the in-memory allocator in tests; in the "
							+ "application, set snowflake.worker.allocator=redis (the default) or static.");
		}
		boolean inTest = ClassUtils.isPresent("org.springframework.boot.test.context.SpringBootTest", classLoader);
		String tests = inTest ? TEST_ADVICE + "in the application, " : "";
		if (allocator == Allocator.JDBC) {
			return jdbc(ClassUtils.isPresent(JDBC_MODULE_CLASS, classLoader),
					ClassUtils.isPresent(SPRING_JDBC_CLASS, classLoader)
							&& ClassUtils.isPresent(BOOT_JDBC_CLASS, classLoader)
							&& ClassUtils.isPresent(HIKARI_CLASS, classLoader),
					tests);
		}
		if (!ClassUtils.isPresent(REDIS_MODULE_CLASS, classLoader)) {
			return new InvalidSnowflakeConfigurationException("snowflake.worker.allocator",
					"the redis allocator is selected but " + REDIS_MODULE + " is not on the classpath",
					capitalize(tests + "add " + REDIS_MODULE + " (snowflake-spring-boot-starter brings it) and point "
							+ "spring.data.redis.* at your Redis, or set snowflake.worker.allocator=static with "
							+ "snowflake.worker.code (and snowflake.worker.state-file) for fixed deployment slots."));
		}
		if (!ClassUtils.isPresent("org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory",
				classLoader) || !ClassUtils.isPresent("io.lettuce.core.RedisClient", classLoader)) {
			return new InvalidSnowflakeConfigurationException("snowflake.worker.allocator",
					"the redis allocator is selected but no Redis connection is available for worker leases: Spring "
							+ "Data Redis with Lettuce is not on the classpath",
					capitalize(tests + "add spring-boot-starter-data-redis and point spring.data.redis.* at your "
							+ "Redis, or set snowflake.worker.allocator=static with snowflake.worker.code (and "
							+ "snowflake.worker.state-file) for fixed deployment slots."));
		}
		return new InvalidSnowflakeConfigurationException("snowflake.worker.allocator",
				"the redis allocator is selected but no Redis connection is available for worker leases: Spring "
						+ "Boot's Redis auto-configuration did not run (it is excluded, or a test slice such as "
						+ "@DataJpaTest leaves it out)",
				capitalize(tests + "let DataRedisAutoConfiguration run and point spring.data.redis.* at your Redis, "
						+ "or set snowflake.worker.allocator=static with snowflake.worker.code (and "
						+ "snowflake.worker.state-file) for fixed deployment slots."));
	}

	private static InvalidSnowflakeConfigurationException jdbc(boolean modulePresent, boolean springJdbcPresent,
			String tests) {
		if (!modulePresent) {
			return new InvalidSnowflakeConfigurationException("snowflake.worker.allocator",
					"the jdbc allocator is selected but " + JDBC_MODULE + " is not on the classpath",
					capitalize(tests + "add " + JDBC_MODULE + " (snowflake-spring-boot-starter brings it), "
							+ "spring-boot-starter-jdbc and a JDBC driver, or set snowflake.worker.allocator=redis "
							+ "(the default) or static."));
		}
		if (!springJdbcPresent) {
			return new InvalidSnowflakeConfigurationException("snowflake.worker.allocator",
					"the jdbc allocator is selected but Spring JDBC or HikariCP is not on the classpath",
					capitalize(tests + "add spring-boot-starter-jdbc (or spring-boot-starter-data-jpa) and a JDBC "
							+ "driver, and point spring.datasource.* or snowflake.worker.jdbc.url at the database, "
							+ "or set snowflake.worker.allocator=redis (the default) or static."));
		}
		return new InvalidSnowflakeConfigurationException("snowflake.worker.allocator",
				"the jdbc allocator is selected but no database is configured for worker leases: "
						+ "snowflake.worker.jdbc.url is not set, and the application has no JDBC DataSource "
						+ "(spring.datasource.url is not set, DataSourceAutoConfiguration is excluded, or Spring Boot "
						+ "left the DataSource out because an R2DBC ConnectionFactory is present)",
				capitalize(tests + "set spring.datasource.url (the application's database) or "
						+ "snowflake.worker.jdbc.url (a database for leases only, also the way beside R2DBC), or set "
						+ "snowflake.worker.allocator=redis (the default) or static."));
	}

	private static String capitalize(String text) {
		return Character.toUpperCase(text.charAt(0)) + text.substring(1);
	}

}
