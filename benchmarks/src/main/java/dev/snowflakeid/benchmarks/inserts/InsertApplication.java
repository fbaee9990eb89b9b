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
package dev.snowflakeid.benchmarks.inserts;

import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes;

/**
 * The application each strategy runs in: the starter's generator (static allocator) and
 * Spring Boot's DataSource, Hibernate and transaction auto-configuration, as an
 * application has them, with one entity: {@code insert-benchmark.entity}.
 */
@Configuration(proxyBeanMethods = false)
@ImportAutoConfiguration({ SnowflakeAutoConfiguration.class, DataSourceAutoConfiguration.class,
		HibernateJpaAutoConfiguration.class, TransactionAutoConfiguration.class })
class InsertApplication {

	@Bean
	static PersistenceManagedTypes persistenceManagedTypes(@Value("${insert-benchmark.entity}") String entity) {
		return PersistenceManagedTypes.of(entity);
	}

}
