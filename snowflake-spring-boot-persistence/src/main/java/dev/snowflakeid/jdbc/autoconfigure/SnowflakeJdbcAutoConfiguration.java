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
package dev.snowflakeid.jdbc.autoconfigure;

import dev.snowflakeid.autoconfigure.ConditionalOnSnowflakeEnabled;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.jdbc.SnowflakeIdBeforeConvertCallback;
import dev.snowflakeid.persistence.GeneratedSnowflakeIdForm;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;

/**
 * Auto-configuration of the Spring Data JDBC callback that assigns
 * {@code @GeneratedSnowflakeId} attributes from the {@link IdGenerator} bean. Configured
 * when Spring Data JDBC is on the classpath and a {@link JdbcMappingContext} bean exists
 * (Spring Data JDBC is set up); nothing is configured when {@code snowflake.enabled} is
 * {@code false}. The JDBC mapping context is asked for by its own type, since Spring Data
 * R2DBC's is a relational mapping context too.
 */
@AutoConfiguration(afterName = { "dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration",
		"org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration" })
@ConditionalOnClass(name = { "org.springframework.data.relational.core.mapping.event.BeforeConvertCallback",
		"org.springframework.data.jdbc.core.mapping.JdbcMappingContext" })
@ConditionalOnSnowflakeEnabled
public final class SnowflakeJdbcAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(JdbcMappingContext.class)
	SnowflakeIdBeforeConvertCallback snowflakeIdBeforeConvertCallback(JdbcMappingContext mappingContext,
			ObjectProvider<IdGenerator> ids, ObjectProvider<GeneratedSnowflakeIdForm> form, BeanFactory beans) {
		return new SnowflakeIdBeforeConvertCallback(mappingContext, ids,
				form.getIfAvailable(() -> GeneratedSnowflakeIdForm.DECIMAL).form(), beans);
	}

}
