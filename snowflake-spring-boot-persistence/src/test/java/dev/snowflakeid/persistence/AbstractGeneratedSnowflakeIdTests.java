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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import dev.snowflakeid.DecodedId;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.app.JpaOrder;
import dev.snowflakeid.persistence.app.JpaOrderRepository;
import dev.snowflakeid.persistence.app.JpaPrimitiveOrder;
import dev.snowflakeid.persistence.app.JpaTestApplication;
import dev.snowflakeid.persistence.app.JpaTextOrder;
import jakarta.persistence.EntityExistsException;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.SessionFactory;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.orm.ObjectOptimisticLockingFailureException;
import org.springframework.orm.jpa.SharedEntityManagerCreator;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Persists entities with {@link GeneratedSnowflakeId} attributes against one database and
 * compares what comes back, through JPA and through native SQL, with the raw 64-bit
 * value.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractGeneratedSnowflakeIdTests {

	static final int WORKER_CODE = 7;

	static final int REGION = 3;

	private ConfigurableApplicationContext context;

	private EntityManager entityManager;

	private TransactionTemplate transaction;

	private IdGenerator ids;

	/** Properties selecting and preparing the database. */
	abstract Map<String, Object> databaseProperties();

	@BeforeAll
	void startApplication() {
		this.context = application(databaseProperties()).run();
		this.entityManager = SharedEntityManagerCreator
			.createSharedEntityManager(this.context.getBean(EntityManagerFactory.class));
		this.transaction = this.context.getBean(TransactionTemplate.class);
		this.ids = this.context.getBean(IdGenerator.class);
	}

	@AfterAll
	void stopApplication() {
		if (this.context != null) {
			this.context.close();
		}
	}

	static SpringApplicationBuilder application(Map<String, Object> properties) {
		return new SpringApplicationBuilder(JpaTestApplication.class).web(WebApplicationType.NONE)
			.properties(properties)
			.properties(Map.of("spring.main.banner-mode", "off", "spring.jpa.hibernate.ddl-auto", "create-drop",
					"spring.jpa.open-in-view", "false", "spring.jpa.properties.hibernate.jdbc.batch_size", "20",
					"spring.jpa.properties.hibernate.order_inserts", "true",
					"spring.jpa.properties.hibernate.generate_statistics", "true"));
	}

	@Test
	void persistedIdReadsBackAsTheSameRawValueAndCarriesThisApplicationsWorkerCode() {
		long id = this.transaction.execute((status) -> {
			JpaOrder order = new JpaOrder("book");
			this.entityManager.persist(order);
			assertThat(order.getId()).isNotNull();
			this.entityManager.flush();
			this.entityManager.clear();
			return order.getId();
		});
		JpaOrder read = this.transaction.execute((status) -> this.entityManager.find(JpaOrder.class, id));
		assertThat(read.getId()).isEqualTo(id);
		assertThat(read.getItem()).isEqualTo("book");
		Object column = this.transaction
			.execute((status) -> this.entityManager.createNativeQuery("select id from jpa_order where id = :id")
				.setParameter("id", id)
				.getSingleResult());
		assertThat(column).isInstanceOf(Long.class).isEqualTo(id);
		assertThat(column.toString()).isEqualTo(Long.toString(id));
		DecodedId decoded = this.ids.decode(id);
		assertThat(decoded.worker()).isEqualTo(WORKER_CODE);
		assertThat(decoded.region()).isEqualTo(REGION);
		assertThat(id).as("uses the high bits of the 64-bit value").isGreaterThan(1L << 62);
	}

	@Test
	void generatedColumnIsAssignedOnInsertAndKeptOnUpdate() {
		JpaOrder order = this.transaction.execute((status) -> {
			JpaOrder created = new JpaOrder("pen");
			this.entityManager.persist(created);
			return created;
		});
		assertThat(order.getTrackingNumber()).isNotNull().isNotEqualTo(order.getId());
		assertThat(this.ids.decode(order.getTrackingNumber()).worker()).isEqualTo(WORKER_CODE);
		this.transaction.executeWithoutResult((status) -> {
			JpaOrder managed = this.entityManager.find(JpaOrder.class, order.getId());
			managed.setItem("ink");
		});
		Object[] row = (Object[]) this.transaction.execute((status) -> this.entityManager
			.createNativeQuery("select item, tracking_number from jpa_order where id = :id")
			.setParameter("id", order.getId())
			.getSingleResult());
		assertThat(row[0]).isEqualTo("ink");
		assertThat(row[1]).isEqualTo(order.getTrackingNumber());
		JpaOrder preset = this.transaction.execute((status) -> {
			JpaOrder created = new JpaOrder("preset");
			created.setTrackingNumber(Long.MAX_VALUE);
			this.entityManager.persist(created);
			return created;
		});
		assertThat(preset.getTrackingNumber()).as("a value set by the caller is kept").isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void springDataSaveAssignsTheId() {
		JpaOrderRepository repository = this.context.getBean(JpaOrderRepository.class);
		JpaOrder saved = repository.save(new JpaOrder("lamp"));
		assertThat(saved.getId()).isNotNull();
		assertThat(repository.findById(saved.getId()))
			.hasValueSatisfying((read) -> assertThat(read.getItem()).isEqualTo("lamp"));
		assertThat(this.ids.decode(saved.getId()).worker()).isEqualTo(WORKER_CODE);
	}

	@Test
	void primitiveAndStringIdsAreAssigned() {
		List<Object> created = this.transaction.execute((status) -> {
			JpaPrimitiveOrder primitive = new JpaPrimitiveOrder("cup");
			JpaTextOrder text = new JpaTextOrder("mug");
			this.entityManager.persist(primitive);
			this.entityManager.persist(text);
			return List.of(primitive, text);
		});
		long primitiveId = ((JpaPrimitiveOrder) created.get(0)).getId();
		String textId = ((JpaTextOrder) created.get(1)).getId();
		assertThat(primitiveId).isPositive();
		assertThat(textId).matches("[1-9][0-9]*");
		assertThat(this.ids.decode(Long.parseLong(textId)).worker()).isEqualTo(WORKER_CODE);
		this.transaction.executeWithoutResult((status) -> {
			assertThat(this.entityManager.find(JpaPrimitiveOrder.class, primitiveId).getItem()).isEqualTo("cup");
			assertThat(this.entityManager.find(JpaTextOrder.class, textId).getItem()).isEqualTo("mug");
			assertThat(this.entityManager.createNativeQuery("select id from jpa_text_order where id = :id")
				.setParameter("id", textId)
				.getSingleResult()).isEqualTo(textId);
		});
	}

	@Test
	void primitiveOrderNumberColumnIsAssignedOnInsertUnlessSet() {
		JpaPrimitiveOrder order = this.transaction.execute((status) -> {
			JpaPrimitiveOrder created = new JpaPrimitiveOrder("plate");
			this.entityManager.persist(created);
			return created;
		});
		assertThat(order.getOrderNumber()).isPositive().isNotEqualTo(order.getId());
		assertThat(this.ids.decode(order.getOrderNumber()).worker()).isEqualTo(WORKER_CODE);
		Object column = this.transaction.execute((status) -> this.entityManager
			.createNativeQuery("select order_number from jpa_primitive_order where id = :id")
			.setParameter("id", order.getId())
			.getSingleResult());
		assertThat(column).isEqualTo(order.getOrderNumber());
		JpaPrimitiveOrder preset = this.transaction.execute((status) -> {
			JpaPrimitiveOrder created = new JpaPrimitiveOrder("saucer");
			created.setOrderNumber(4242L);
			this.entityManager.persist(created);
			return created;
		});
		assertThat(preset.getOrderNumber()).as("a value set by the caller is kept").isEqualTo(4242L);
		assertThat(preset.getId()).isPositive();
	}

	@Test
	void batchInsertsUseJdbcBatches() {
		Statistics statistics = this.context.getBean(EntityManagerFactory.class)
			.unwrap(SessionFactory.class)
			.getStatistics();
		statistics.clear();
		List<Long> created = this.transaction.execute((status) -> {
			List<JpaOrder> orders = IntStream.range(0, 50).mapToObj((i) -> new JpaOrder("item " + i)).toList();
			orders.forEach(this.entityManager::persist);
			this.entityManager.flush();
			return new ArrayList<>(orders.stream().map(JpaOrder::getId).toList());
		});
		assertThat(created).doesNotHaveDuplicates().isSorted();
		assertThat(statistics.getEntityInsertCount()).isEqualTo(50);
		assertThat(statistics.getPrepareStatementCount()).as("50 inserts in batches of 20").isLessThanOrEqualTo(3);
	}

	@Test
	void idSetByTheCallerMakesTheEntityDetachedNotNew() {
		JpaOrder persisted = new JpaOrder("preset");
		persisted.setId(12345L);
		assertThatExceptionOfType(EntityExistsException.class)
			.isThrownBy(() -> this.transaction.executeWithoutResult((status) -> this.entityManager.persist(persisted)));
		JpaOrder saved = new JpaOrder("preset");
		saved.setId(12346L);
		assertThatExceptionOfType(ObjectOptimisticLockingFailureException.class)
			.isThrownBy(() -> this.context.getBean(JpaOrderRepository.class).save(saved));
		Object rows = this.transaction.execute((status) -> this.entityManager
			.createNativeQuery("select count(*) from jpa_order where id in (12345, 12346)")
			.getSingleResult());
		assertThat(rows).isEqualTo(0L);
	}

}
