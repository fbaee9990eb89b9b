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
package dev.snowflakeid.persistence;

import java.util.Map;
import java.util.UUID;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.app.JpaOrder;
import dev.snowflakeid.persistence.app.JpaOrderRepository;
import org.junit.jupiter.api.Test;

import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

class GeneratedSnowflakeIdH2Tests extends AbstractGeneratedSnowflakeIdTests {

	@Override
	Map<String, Object> databaseProperties() {
		return h2();
	}

	private static Map<String, Object> h2() {
		return Map.of("spring.datasource.url", "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
	}

	@Test
	void twoApplicationsInOneJvmEachUseTheirOwnGenerator() {
		try (ConfigurableApplicationContext first = application(h2()).properties("test.worker-code=1").run();
				ConfigurableApplicationContext second = application(h2()).properties("test.worker-code=2").run()) {
			long firstId = first.getBean(JpaOrderRepository.class).save(new JpaOrder("a")).getId();
			long secondId = second.getBean(JpaOrderRepository.class).save(new JpaOrder("b")).getId();
			assertThat(first.getBean(IdGenerator.class).decode(firstId).worker()).isEqualTo(1);
			assertThat(second.getBean(IdGenerator.class).decode(secondId).worker()).isEqualTo(2);
			long again = first.getBean(JpaOrderRepository.class).save(new JpaOrder("c")).getId();
			assertThat(first.getBean(IdGenerator.class).decode(again).worker()).isEqualTo(1);
		}
	}

	@Test
	void reflectiveCreationWithoutCdiExtensionsFindsTheSameBean() {
		try (ConfigurableApplicationContext context = application(h2())
			.properties("spring.jpa.properties.hibernate.cdi.extensions=false", "test.worker-code=5")
			.run()) {
			long id = context.getBean(JpaOrderRepository.class).save(new JpaOrder("d")).getId();
			assertThat(context.getBean(IdGenerator.class).decode(id).worker()).isEqualTo(5);
		}
	}

}
