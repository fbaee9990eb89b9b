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
package dev.snowflakeid.persistence.autoconfigure;

import dev.snowflakeid.autoconfigure.SnowflakeFormatProperties;
import dev.snowflakeid.persistence.GeneratedSnowflakeIdForm;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the string form in which {@code @GeneratedSnowflakeId} fills
 * {@code String} attributes: {@code snowflake.format.string}, the form JSON and request
 * paths use, so that a stored ID reads the same everywhere.
 */
@AutoConfiguration
@EnableConfigurationProperties(SnowflakeFormatProperties.class)
public final class GeneratedSnowflakeIdAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	GeneratedSnowflakeIdForm generatedSnowflakeIdForm(SnowflakeFormatProperties format) {
		return new GeneratedSnowflakeIdForm(format.getString());
	}

}
