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

import dev.snowflakeid.publicid.PublicIds;
import dev.snowflakeid.webmvc.PublicIdArgumentResolver;
import dev.snowflakeid.webmvc.PublicIdBindingAdvice;
import dev.snowflakeid.webmvc.PublicIdFormatterFactory;
import dev.snowflakeid.webmvc.PublicIdHandlerMethodCheck;
import dev.snowflakeid.webmvc.PublicIdWebMvcConfigurer;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Auto-configuration of public IDs ({@code @PublicId}): the {@link PublicIds} key ring
 * from {@code snowflake.public-ids.*}, and the Spring MVC conversion that uses it (the
 * Jackson modules that use it come with the Jackson modules). The key ring needs nothing
 * beyond the JDK (its FF1 runs on the JDK's AES).
 *
 * <p>
 * The MVC conversion is registered whenever Spring MVC is present, key ring or not, so
 * that a {@code @PublicId} property never falls back to its internal form: without a key
 * ring it fails, at startup for controller parameters and on first use for JSON.
 * Independent of {@code snowflake.enabled} and {@code snowflake.jackson.enabled}: public
 * IDs need no generator.
 */
@AutoConfiguration
@EnableConfigurationProperties(SnowflakePublicIdProperties.class)
@Import({ SnowflakePublicIdAutoConfiguration.KeyRingConfiguration.class,
		SnowflakePublicIdAutoConfiguration.WebMvcConfiguration.class })
public final class SnowflakePublicIdAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@Conditional(OnPublicIdsConfiguredCondition.class)
	static class KeyRingConfiguration {

		@Bean
		@ConditionalOnMissingBean
		PublicIds snowflakePublicIds(SnowflakePublicIdProperties properties) {
			return PublicIdKeyRingFactory.create(properties);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass(name = "org.springframework.web.servlet.config.annotation.WebMvcConfigurer")
	static class WebMvcConfiguration {

		@Bean
		PublicIdWebMvcConfigurer snowflakePublicIdWebMvcConfigurer(ObjectProvider<PublicIds> publicIds) {
			return new PublicIdWebMvcConfigurer(new PublicIdFormatterFactory(publicIds::getIfAvailable));
		}

		@Bean
		PublicIdBindingAdvice snowflakePublicIdBindingAdvice(ObjectProvider<PublicIds> publicIds) {
			return new PublicIdBindingAdvice(publicIds::getIfAvailable);
		}

		@Bean
		PublicIdHandlerMethodCheck snowflakePublicIdHandlerMethodCheck(
				ObjectProvider<RequestMappingHandlerMapping> mappings, ObjectProvider<PublicIds> publicIds) {
			return new PublicIdHandlerMethodCheck(mappings, publicIds::getIfAvailable);
		}

		@Bean
		static BeanPostProcessor snowflakePublicIdArgumentResolverInstaller(ObjectProvider<PublicIds> publicIds) {
			return PublicIdArgumentResolver.installer(publicIds::getIfAvailable);
		}

	}

}
