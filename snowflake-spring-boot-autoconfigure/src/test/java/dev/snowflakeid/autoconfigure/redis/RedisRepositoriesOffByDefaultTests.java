package dev.snowflakeid.autoconfigure.redis;

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
		application.setResourceLoader(
				new DefaultResourceLoader(new FilteredClassLoader("org.springframework.data.redis")));
		this.postProcessor.postProcessEnvironment(environment, application);
		assertThat(environment.containsProperty(RedisRepositoriesOffByDefault.PROPERTY)).isFalse();
	}

}
