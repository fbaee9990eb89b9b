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

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.app.JpaInvoice;
import dev.snowflakeid.persistence.app.JpaOrder;
import dev.snowflakeid.persistence.app.JpaOrderRepository;
import dev.snowflakeid.persistence.app.JpaTestApplication;
import dev.snowflakeid.persistence.app.JpaTextOrder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.transaction.support.TransactionTemplate;

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
	void anAttributeNamingAGeneratorTakesItsIdsFromThatGenerator() {
		try (ConfigurableApplicationContext context = application(h2()).run()) {
			TransactionTemplate transaction = context.getBean(TransactionTemplate.class);
			EntityManager entityManager = SharedEntityManagerCreator
				.createSharedEntityManager(context.getBean(EntityManagerFactory.class));
			JpaInvoice invoice = transaction.execute((status) -> {
				JpaInvoice created = JpaInvoice.create();
				entityManager.persist(created);
				return created;
			});
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.decode(invoice.getId()).region()).isEqualTo(JpaTestApplication.INVOICES_REGION);
			assertThat(ids.decode(invoice.getReference()).region()).isEqualTo(REGION);
		}
	}

	@ParameterizedTest
	@EnumSource(value = IdFormats.Form.class, names = { "BASE62", "CROCKFORD32" })
	void stringIdAndColumnAreWrittenInTheConfiguredForm(IdFormats.Form form) {
		try (ConfigurableApplicationContext context = application(h2())
			.properties("snowflake.format.string=" + form.name().toLowerCase(Locale.ROOT))
			.run()) {
			TransactionTemplate transaction = context.getBean(TransactionTemplate.class);
			EntityManager entityManager = SharedEntityManagerCreator
				.createSharedEntityManager(context.getBean(EntityManagerFactory.class));
			IdGenerator ids = context.getBean(IdGenerator.class);
			List<JpaTextOrder> orders = transaction.execute((status) -> {
				List<JpaTextOrder> created = List.of(new JpaTextOrder("mug"), new JpaTextOrder("jug"));
				created.forEach(entityManager::persist);
				return created;
			});
			for (JpaTextOrder order : orders) {
				for (String text : List.of(order.getId(), order.getOrderNumber())) {
					assertThat(text).hasSize(form.width()).matches(form.pattern());
					assertThat(form.format(form.parse(text))).isEqualTo(text);
					assertThat(ids.decode(form.parse(text)).worker()).isEqualTo(WORKER_CODE);
				}
				assertThat(order.getOrderNumber()).isNotEqualTo(order.getId());
			}
			assertThat(form.parse(orders.get(0).getId())).isLessThan(form.parse(orders.get(1).getId()));
			assertThat(orders.get(0).getId()).as("sorts as the numbers do").isLessThan(orders.get(1).getId());
			Object[] row = (Object[]) transaction
				.execute((status) -> entityManager.createNativeQuery("select id, order_number from jpa_text_order")
					.getResultList()
					.stream()
					.filter((found) -> ((Object[]) found)[0].equals(orders.get(0).getId()))
					.findFirst()
					.orElseThrow());
			assertThat(row[1]).isEqualTo(orders.get(0).getOrderNumber());
			JpaTextOrder preset = transaction.execute((status) -> {
				JpaTextOrder created = new JpaTextOrder("preset");
				created.setOrderNumber("kept");
				entityManager.persist(created);
				return created;
			});
			assertThat(preset.getOrderNumber()).as("a value set by the caller is kept").isEqualTo("kept");
			assertThat(preset.getId()).hasSize(form.width());
		}
	}

	@Test
	void hibernateTakesTheFormFromTheApplicationsBean() {
		try (ConfigurableApplicationContext context = application(h2()).properties("snowflake.format.string=base62")
			.initializers((initializing) -> initializing.getBeanFactory()
				.registerSingleton("userForm", new GeneratedSnowflakeIdForm(IdFormats.Form.CROCKFORD32)))
			.run()) {
			JpaTextOrder order = context.getBean(TransactionTemplate.class).execute((status) -> {
				JpaTextOrder created = new JpaTextOrder("cup");
				SharedEntityManagerCreator.createSharedEntityManager(context.getBean(EntityManagerFactory.class))
					.persist(created);
				return created;
			});
			assertThat(order.getId()).hasSize(IdFormats.Form.CROCKFORD32.width());
			assertThat(order.getOrderNumber()).hasSize(IdFormats.Form.CROCKFORD32.width());
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
