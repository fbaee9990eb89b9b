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
package dev.snowflakeid.redis.autoconfigure;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.ClassUtils;

/**
 * Turns Spring Data Redis repositories off unless the application turns them on. The
 * starter brings Spring Data Redis for the lease connection only; without this, adding it
 * to an application with another Spring Data module (JPA, JDBC) would make Spring Data
 * Redis scan the application's repositories too and log a store-assignment line for every
 * one. (Strict repository configuration mode itself follows from the jars on the class
 * path, not from what is enabled: this cannot prevent it.) The default has the lowest
 * precedence: {@code spring.data.redis.repositories.enabled=true} anywhere (or
 * {@code @EnableRedisRepositories}) brings them back.
 */
class RedisRepositoriesOffByDefault implements EnvironmentPostProcessor {

	static final String PROPERTY = "spring.data.redis.repositories.enabled";

	static final String SOURCE = "snowflakeRedisRepositoriesDefault";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (!ClassUtils.isPresent("org.springframework.data.redis.repository.configuration.EnableRedisRepositories",
				application.getClassLoader()) || environment.getPropertySources().contains(SOURCE)) {
			return;
		}
		environment.getPropertySources().addLast(new MapPropertySource(SOURCE, Map.of(PROPERTY, "false")));
	}

}
