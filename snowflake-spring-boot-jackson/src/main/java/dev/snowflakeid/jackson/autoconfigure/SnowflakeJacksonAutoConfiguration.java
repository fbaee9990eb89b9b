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
package dev.snowflakeid.jackson.autoconfigure;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.ConditionalOnSnowflakeEnabled;
import dev.snowflakeid.autoconfigure.LayoutPreset;
import dev.snowflakeid.autoconfigure.SnowflakeFormatProperties;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.jackson.SnowflakeJacksonModule;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the Jackson 3 module that writes Snowflake IDs as JSON strings;
 * Spring Boot registers module beans with the mappers it builds. Nothing is configured
 * when {@code snowflake.enabled} or {@code snowflake.jackson.enabled} is {@code false}.
 */
@AutoConfiguration
@ConditionalOnClass(name = "tools.jackson.databind.json.JsonMapper")
@ConditionalOnSnowflakeEnabled
@ConditionalOnBooleanProperty(name = "snowflake.jackson.enabled", matchIfMissing = true)
@EnableConfigurationProperties({ SnowflakeJacksonProperties.class, SnowflakeFormatProperties.class })
public final class SnowflakeJacksonAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SnowflakeJacksonModule snowflakeJacksonModule(SnowflakeJacksonProperties properties,
			SnowflakeFormatProperties format, ObjectProvider<SnowflakeLayout> layout,
			ObjectProvider<SnowflakeProperties> core) {
		boolean numbers = properties.getWriteAs() == SnowflakeJacksonProperties.WriteAs.NUMBER_WHEN_SAFE;
		if (numbers) {
			LayoutPreset.requireJsSafe(layout.getIfAvailable(), core.getIfAvailable(), "snowflake.jackson.write-as");
		}
		return new SnowflakeJacksonModule(properties.isWriteAllLongsAsStrings(), format.getString(), numbers);
	}

}
