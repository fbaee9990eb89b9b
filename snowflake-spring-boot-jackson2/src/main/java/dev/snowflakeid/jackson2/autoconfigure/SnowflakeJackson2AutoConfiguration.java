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
package dev.snowflakeid.jackson2.autoconfigure;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.ConditionalOnSnowflakeEnabled;
import dev.snowflakeid.autoconfigure.LayoutPreset;
import dev.snowflakeid.autoconfigure.SnowflakeFormatProperties;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.jackson2.PublicIdJackson2Module;
import dev.snowflakeid.jackson2.SnowflakeJackson2Module;
import dev.snowflakeid.publicid.PublicIds;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Auto-configuration of the Jackson 2 modules, when Jackson 2 is on the classpath: the
 * twin of the Jackson 3 module of Snowflake IDs (gated by {@code snowflake.enabled} and
 * {@code snowflake.jackson.enabled}) and of public IDs (always, as for Jackson 3).
 *
 * @deprecated with Spring Boot's Jackson 2 support; use Jackson 3 and
 * snowflake-spring-boot-jackson
 */
@Deprecated(since = "0.1.0", forRemoval = true)
@AutoConfiguration(afterName = "dev.snowflakeid.webmvc.autoconfigure.SnowflakePublicIdAutoConfiguration")
@ConditionalOnClass(name = "com.fasterxml.jackson.databind.ObjectMapper")
@Import({ SnowflakeJackson2AutoConfiguration.IdConfiguration.class,
		SnowflakeJackson2AutoConfiguration.PublicIdConfiguration.class })
public final class SnowflakeJackson2AutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnSnowflakeEnabled
	@ConditionalOnBooleanProperty(name = "snowflake.jackson.enabled", matchIfMissing = true)
	@EnableConfigurationProperties({ SnowflakeJackson2Properties.class, SnowflakeFormatProperties.class })
	static class IdConfiguration {

		@Bean
		@ConditionalOnMissingBean
		SnowflakeJackson2Module snowflakeJackson2Module(SnowflakeJackson2Properties properties,
				SnowflakeFormatProperties format, ObjectProvider<SnowflakeLayout> layout,
				ObjectProvider<SnowflakeProperties> core) {
			boolean numbers = properties.getWriteAs() == SnowflakeJackson2Properties.WriteAs.NUMBER_WHEN_SAFE;
			if (numbers) {
				LayoutPreset.requireJsSafe(layout.getIfAvailable(), core.getIfAvailable(),
						"snowflake.jackson.write-as");
			}
			return new SnowflakeJackson2Module(properties.isWriteAllLongsAsStrings(), format.getString(), numbers);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class PublicIdConfiguration {

		@Bean
		@ConditionalOnMissingBean
		PublicIdJackson2Module snowflakePublicIdJackson2Module(ObjectProvider<PublicIds> publicIds) {
			return new PublicIdJackson2Module(publicIds::getIfAvailable);
		}

	}

}
