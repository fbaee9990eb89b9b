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
package dev.snowflakeid.mybatis.app;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import org.mybatis.spring.annotation.MapperScan;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * MyBatis application with its own {@code IdGenerator} on worker code
 * {@value #WORKER_CODE}.
 */
@Configuration(proxyBeanMethods = false)
@MapperScan(basePackageClasses = MyBatisOrderMapper.class)
public class MyBatisTestApplication {

	public static final int WORKER_CODE = 13;

	@Bean
	SnowflakeIdGenerator idGenerator() {
		return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).workerCode(WORKER_CODE).build();
	}

}
