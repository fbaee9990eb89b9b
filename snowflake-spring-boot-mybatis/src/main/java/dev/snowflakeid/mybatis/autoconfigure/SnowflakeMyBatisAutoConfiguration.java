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
package dev.snowflakeid.mybatis.autoconfigure;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.GeneratedSnowflakeIdForm;
import dev.snowflakeid.autoconfigure.ConditionalOnSnowflakeEnabled;
import dev.snowflakeid.mybatis.SnowflakeIdInterceptor;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the MyBatis interceptor that assigns
 * {@code @GeneratedSnowflakeId} properties from the {@link IdGenerator} bean. Configured
 * when MyBatis is on the classpath; MyBatis's Spring Boot starter adds every
 * {@code Interceptor} bean to the {@code SqlSessionFactory} it builds. Nothing is
 * configured when {@code snowflake.enabled} is {@code false}.
 */
@AutoConfiguration(afterName = "dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration",
		beforeName = "org.mybatis.spring.boot.autoconfigure.MybatisAutoConfiguration")
@ConditionalOnClass(name = "org.apache.ibatis.plugin.Interceptor")
@ConditionalOnSnowflakeEnabled
public final class SnowflakeMyBatisAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SnowflakeIdInterceptor snowflakeIdInterceptor(ObjectProvider<IdGenerator> ids,
			ObjectProvider<GeneratedSnowflakeIdForm> form, BeanFactory beans) {
		return new SnowflakeIdInterceptor(ids, form.getIfAvailable(() -> GeneratedSnowflakeIdForm.DECIMAL).form(),
				beans);
	}

}
