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

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class RedisRepositoriesOffByDefaultTests {

	private final RedisRepositoriesOffByDefault postProcessor = new RedisRepositoriesOffByDefault();

	@Test
	void repositoriesAreOffWhenNothingSaysOtherwise() {
		MockEnvironment environment = new MockEnvironment();
		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());
		assertThat(environment.getProperty(RedisRepositoriesOffByDefault.PROPERTY, Boolean.class)).isFalse();
	}

	@Test
	void theApplicationCanTurnThemOn() {
		MockEnvironment environment = new MockEnvironment();
		environment.getPropertySources()
			.addFirst(new MapPropertySource("application", Map.of(RedisRepositoriesOffByDefault.PROPERTY, "true")));
		this.postProcessor.postProcessEnvironment(environment, new SpringApplication());
		assertThat(environment.getProperty(RedisRepositoriesOffByDefault.PROPERTY, Boolean.class)).isTrue();
	}

	@Test
	void nothingIsAddedWithoutSpringDataRedis() {
		MockEnvironment environment = new MockEnvironment();
		SpringApplication application = new SpringApplication();
		application
			.setResourceLoader(new DefaultResourceLoader(new FilteredClassLoader("org.springframework.data.redis")));
		this.postProcessor.postProcessEnvironment(environment, application);
		assertThat(environment.containsProperty(RedisRepositoriesOffByDefault.PROPERTY)).isFalse();
	}

}
