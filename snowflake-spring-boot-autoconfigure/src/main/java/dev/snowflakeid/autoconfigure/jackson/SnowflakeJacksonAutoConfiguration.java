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
package dev.snowflakeid.autoconfigure.jackson;

import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.jackson.SnowflakeJacksonModule;
import dev.snowflakeid.jackson2.SnowflakeJackson2Module;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Auto-configuration of the Jackson modules that write Snowflake IDs as JSON strings: a Jackson 3
 * {@code JacksonModule} and, when Jackson 2 is on the classpath, a Jackson 2 {@code Module}, with identical
 * behaviour. Spring Boot registers module beans with the mappers it builds. Nothing is configured when
 * {@code snowflake.enabled} or {@code snowflake.jackson.enabled} is {@code false}.
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = { "snowflake.enabled", "snowflake.jackson.enabled" }, matchIfMissing = true)
@EnableConfigurationProperties(SnowflakeProperties.class)
@Import({ SnowflakeJacksonAutoConfiguration.Jackson3Configuration.class,
		SnowflakeJacksonAutoConfiguration.Jackson2Configuration.class })
public final class SnowflakeJacksonAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "tools.jackson.databind.json.JsonMapper")
	static class Jackson3Configuration {

		@Bean
		@ConditionalOnMissingBean
		SnowflakeJacksonModule snowflakeJacksonModule(SnowflakeProperties properties) {
			return new SnowflakeJacksonModule(properties.getJackson().isWriteAllLongsAsStrings());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "com.fasterxml.jackson.databind.ObjectMapper")
	static class Jackson2Configuration {

		@Bean
		@ConditionalOnMissingBean
		SnowflakeJackson2Module snowflakeJackson2Module(SnowflakeProperties properties) {
			return new SnowflakeJackson2Module(properties.getJackson().isWriteAllLongsAsStrings());
		}

	}

}
