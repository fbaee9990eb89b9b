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
package dev.snowflakeid.webmvc.autoconfigure;

import dev.snowflakeid.autoconfigure.SnowflakeFormatProperties;
import dev.snowflakeid.webmvc.SnowflakeIdArgumentResolver;
import dev.snowflakeid.webmvc.SnowflakeIdFormatterFactory;
import dev.snowflakeid.webmvc.SnowflakeIdWebMvcConfigurer;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the binding of {@code @SnowflakeId} path variables, request
 * parameters and headers in the configured string form ({@code snowflake.format.string}),
 * and of its formatter for the conversion service.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = "org.springframework.web.servlet.config.annotation.WebMvcConfigurer")
@EnableConfigurationProperties(SnowflakeFormatProperties.class)
public final class SnowflakeIdWebMvcAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SnowflakeIdFormatterFactory snowflakeIdFormatterFactory(SnowflakeFormatProperties format) {
		return new SnowflakeIdFormatterFactory(format.getString());
	}

	@Bean
	static BeanPostProcessor snowflakeIdArgumentResolverInstaller(SnowflakeFormatProperties format) {
		return SnowflakeIdArgumentResolver.installer(new SnowflakeIdFormatterFactory(format.getString()));
	}

	@Bean
	SnowflakeIdWebMvcConfigurer snowflakeIdWebMvcConfigurer(SnowflakeIdFormatterFactory formatters) {
		return new SnowflakeIdWebMvcConfigurer(formatters);
	}

}
