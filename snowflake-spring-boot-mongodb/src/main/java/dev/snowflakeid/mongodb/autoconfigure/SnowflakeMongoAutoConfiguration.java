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
package dev.snowflakeid.mongodb.autoconfigure;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.GeneratedSnowflakeIdForm;
import dev.snowflakeid.autoconfigure.ConditionalOnSnowflakeEnabled;
import dev.snowflakeid.mongodb.SnowflakeIdMongoBeforeConvertCallback;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;

/**
 * Auto-configuration of the Spring Data MongoDB callback that assigns
 * {@code @GeneratedSnowflakeId} attributes from the {@link IdGenerator} bean. Configured
 * when Spring Data MongoDB is on the classpath and a {@link MongoMappingContext} bean
 * exists (Spring Data MongoDB is set up); nothing is configured when
 * {@code snowflake.enabled} is {@code false}.
 */
@AutoConfiguration(afterName = { "dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration",
		"org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration" })
@ConditionalOnClass(name = "org.springframework.data.mongodb.core.mapping.event.BeforeConvertCallback")
@ConditionalOnSnowflakeEnabled
public final class SnowflakeMongoAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(MongoMappingContext.class)
	SnowflakeIdMongoBeforeConvertCallback snowflakeIdMongoBeforeConvertCallback(MongoMappingContext mappingContext,
			ObjectProvider<IdGenerator> ids, ObjectProvider<GeneratedSnowflakeIdForm> form, BeanFactory beans) {
		return new SnowflakeIdMongoBeforeConvertCallback(mappingContext, ids,
				form.getIfAvailable(() -> GeneratedSnowflakeIdForm.DECIMAL).form(), beans);
	}

}
