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

import dev.snowflakeid.jackson.PublicIdJacksonModule;
import dev.snowflakeid.publicid.PublicIds;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the Jackson 3 module of public IDs ({@code @PublicId}),
 * registered whenever Jackson is present, key ring or not, so that a {@code @PublicId}
 * property never falls back to its internal form: without a key ring
 * ({@code snowflake.public-ids.*}) it fails on first use. Independent of
 * {@code snowflake.enabled} and {@code snowflake.jackson.enabled}: public IDs need no
 * generator.
 */
@AutoConfiguration(afterName = "dev.snowflakeid.webmvc.autoconfigure.SnowflakePublicIdAutoConfiguration")
@ConditionalOnClass(name = "tools.jackson.databind.json.JsonMapper")
public final class SnowflakePublicIdJacksonAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	PublicIdJacksonModule snowflakePublicIdJacksonModule(ObjectProvider<PublicIds> publicIds) {
		return new PublicIdJacksonModule(publicIds::getIfAvailable);
	}

}
