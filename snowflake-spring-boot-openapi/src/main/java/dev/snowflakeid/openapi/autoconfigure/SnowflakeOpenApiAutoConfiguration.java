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
package dev.snowflakeid.openapi.autoconfigure;

import dev.snowflakeid.autoconfigure.ConditionalOnSnowflakeEnabled;
import dev.snowflakeid.autoconfigure.SnowflakeFormatProperties;
import dev.snowflakeid.jackson.autoconfigure.SnowflakeJacksonProperties;
import dev.snowflakeid.openapi.LongBodiesOperationCustomizer;
import dev.snowflakeid.openapi.SnowflakeIdParameterCustomizer;
import dev.snowflakeid.openapi.SnowflakeIdPropertyCustomizer;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the springdoc-openapi customizers that document Snowflake IDs as
 * digit strings, as the Jackson modules write them. Configured when springdoc-openapi is
 * on the classpath; nothing is configured when {@code snowflake.enabled} or
 * {@code snowflake.jackson.enabled} is {@code false}, since IDs are then written as
 * numbers. With {@code snowflake.jackson.write-all-longs-as-strings} every other
 * {@code long} of a JSON body is documented as a string too, as the Jackson modules then
 * write it.
 */
@AutoConfiguration
@ConditionalOnClass(name = "org.springdoc.core.customizers.PropertyCustomizer")
@ConditionalOnSnowflakeEnabled
@ConditionalOnBooleanProperty(name = "snowflake.jackson.enabled", matchIfMissing = true)
@EnableConfigurationProperties({ SnowflakeJacksonProperties.class, SnowflakeFormatProperties.class })
public final class SnowflakeOpenApiAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SnowflakeIdPropertyCustomizer snowflakeIdPropertyCustomizer(SnowflakeJacksonProperties properties,
			SnowflakeFormatProperties format) {
		return new SnowflakeIdPropertyCustomizer(properties.isWriteAllLongsAsStrings(), format.getString(),
				properties.getWriteAs() == SnowflakeJacksonProperties.WriteAs.NUMBER_WHEN_SAFE);
	}

	@Bean
	@ConditionalOnMissingBean
	SnowflakeIdParameterCustomizer snowflakeIdParameterCustomizer(SnowflakeFormatProperties format) {
		return new SnowflakeIdParameterCustomizer(format.getString());
	}

	/**
	 * Registered whatever the property says, so that AOT processing does not fix it at
	 * build time.
	 */
	@Bean
	@ConditionalOnMissingBean
	LongBodiesOperationCustomizer snowflakeLongBodiesOperationCustomizer(SnowflakeJacksonProperties properties) {
		return new LongBodiesOperationCustomizer(properties.isWriteAllLongsAsStrings());
	}

}
