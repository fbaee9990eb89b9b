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
package dev.snowflakeid.mongodb;

import java.util.List;
import java.util.Locale;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.mongodb.autoconfigure.SnowflakeMongoAutoConfiguration;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.persistence.autoconfigure.GeneratedSnowflakeIdAutoConfiguration;
import dev.snowflakeid.testsupport.FreePorts;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.mongodb.autoconfigure.DataMongoAutoConfiguration;
import org.springframework.boot.mongodb.autoconfigure.MongoAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.mapping.model.MappingInstantiationException;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.convert.MongoConverter;
import org.springframework.data.mongodb.core.mapping.event.BeforeSaveCallback;
import org.springframework.data.mongodb.repository.MongoRepository;
import org.springframework.data.mongodb.repository.config.EnableMongoRepositories;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Saves documents through Spring Data MongoDB's template and repositories as an
 * application configured by Spring Boot does, up to the BSON document that would be sent:
 * no MongoDB server can run here, so a {@link BeforeSaveCallback} (which Spring Data
 * calls after conversion, just before the write) takes the document and stops the write.
 * The client points at a free port on which nothing listens.
 */
class SnowflakeIdMongoBeforeConvertCallbackTests {

	private static final int WORKER_CODE = 21;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(MongoAutoConfiguration.class, DataMongoAutoConfiguration.class,
				GeneratedSnowflakeIdAutoConfiguration.class, SnowflakeMongoAutoConfiguration.class))
		.withUserConfiguration(MongoTestApplication.class)
		.withPropertyValues("spring.mongodb.uri=mongodb://localhost:" + FreePorts.loopback()
				+ "/test?serverSelectionTimeoutMS=200&connectTimeoutMS=200");

	@Test
	void repositorySaveAssignsTheIdAndTheOrderNumberAsInt64Values() {
		this.runner.run((context) -> {
			Captured captured = capture(
					() -> context.getBean(MongoOrderRepository.class).save(new MongoOrder(null, 0, "book")));
			Document document = captured.document;
			assertThat(document.get("_id")).isInstanceOf(Long.class);
			assertThat(document.get("orderNumber")).isInstanceOf(Long.class).isNotEqualTo(document.get("_id"));
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.decode(document.getLong("_id")).worker()).isEqualTo(WORKER_CODE);
			assertThat(ids.decode(document.getLong("orderNumber")).worker()).isEqualTo(WORKER_CODE);
			MongoOrder read = context.getBean(MongoConverter.class).read(MongoOrder.class, document);
			assertThat(read).isEqualTo(captured.entity)
				.isEqualTo(new MongoOrder(document.getLong("_id"), document.getLong("orderNumber"), "book"));
		});
	}

	@Test
	void anAttributeNamingAGeneratorTakesItsIdsFromThatGenerator() {
		this.runner
			// by name only, as a named generator beside the application's primary one
			.withBean("shipments", SnowflakeIdGenerator.class,
					() -> SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).region(2).workerCode(5).build(),
					(definition) -> definition.setAutowireCandidate(false))
			.run((context) -> {
				Document document = capture(
						() -> context.getBean(MongoTemplate.class).save(new MongoShipment(null, 0, "crate"))).document;
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.decode(document.getLong("_id")).region()).isEqualTo(2);
				assertThat(ids.decode(document.getLong("_id")).worker()).isEqualTo(5);
				assertThat(ids.decode(document.getLong("trackingNumber")).worker()).isEqualTo(WORKER_CODE);
			});
	}

	@ParameterizedTest
	@EnumSource(value = IdFormats.Form.class, names = { "BASE62", "CROCKFORD32" })
	void stringAttributesAreWrittenInTheConfiguredForm(IdFormats.Form form) {
		this.runner.withPropertyValues("snowflake.format.string=" + form.name().toLowerCase(Locale.ROOT))
			.run((context) -> {
				Document document = capture(() -> context.getBean(MongoTemplate.class)
					.insert(new MongoTextOrder(null, null, "book"))).document;
				IdGenerator ids = context.getBean(IdGenerator.class);
				for (String field : List.of("_id", "reference")) {
					String text = document.getString(field);
					assertThat(text).hasSize(form.width());
					assertThat(form.format(form.parse(text))).isEqualTo(text);
					assertThat(ids.decode(form.parse(text)).worker()).isEqualTo(WORKER_CODE);
				}
				assertThat(document.getString("reference")).isNotEqualTo(document.getString("_id"));
			});
	}

	@Test
	void valuesSetByTheCallerAreKept() {
		this.runner.run((context) -> {
			Document document = capture(
					() -> context.getBean(MongoTemplate.class).save(new MongoOrder(4242L, 4343L, "preset"))).document;
			assertThat(document.get("_id")).isEqualTo(4242L);
			assertThat(document.get("orderNumber")).isEqualTo(4343L);
		});
	}

	@Test
	void attributeOfAnotherTypeFailsNamingIt() {
		this.runner.run((context) -> assertThatIllegalStateException()
			.isThrownBy(() -> context.getBean(MongoTemplate.class).insert(new MongoMistyped(null, "mistyped")))
			.withMessage("@GeneratedSnowflakeId " + MongoMistyped.class.getName()
					+ ".id must be Long, long or String but is java.lang.Integer"));
	}

	@Test
	void withoutTheCallbackSpringDataRefusesANullLongId() {
		this.runner.withPropertyValues("snowflake.enabled=false")
			.run((context) -> assertThatExceptionOfType(RuntimeException.class)
				.isThrownBy(() -> context.getBean(MongoTemplate.class).insert(new MongoOrder(null, 0, "book")))
				.isNotInstanceOf(Captured.class)
				.isNotInstanceOf(MappingInstantiationException.class)
				.withMessageContaining("Cannot autogenerate id"));
	}

	private static Captured capture(Runnable save) {
		try {
			save.run();
		}
		catch (Captured captured) {
			return captured;
		}
		throw new AssertionError("the document was not converted for a write");
	}

	@Configuration(proxyBeanMethods = false)
	@EnableMongoRepositories(basePackageClasses = MongoOrderRepository.class, considerNestedRepositories = true)
	static class MongoTestApplication {

		@Bean
		SnowflakeIdGenerator idGenerator() {
			return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).workerCode(WORKER_CODE).build();
		}

		@Bean
		BeforeSaveCallback<Object> captureTheDocument() {
			return (entity, document, collection) -> {
				throw new Captured(entity, document);
			};
		}

	}

	/** The entity and document of a write, stopped before it reaches the network. */
	static final class Captured extends RuntimeException {

		private static final long serialVersionUID = 1L;

		final transient Object entity;

		final transient Document document;

		Captured(Object entity, Document document) {
			super("write captured", null, false, false);
			this.entity = entity;
			this.document = document;
		}

	}

	record MongoOrder(@Id @GeneratedSnowflakeId Long id, @GeneratedSnowflakeId long orderNumber, String item) {
	}

	record MongoTextOrder(@Id @GeneratedSnowflakeId String id, @GeneratedSnowflakeId String reference, String item) {
	}

	record MongoShipment(@Id @GeneratedSnowflakeId(generator = "shipments") Long id,
			@GeneratedSnowflakeId long trackingNumber, String item) {
	}

	record MongoMistyped(@Id @GeneratedSnowflakeId Integer id, String item) {
	}

	interface MongoOrderRepository extends MongoRepository<MongoOrder, Long> {

	}

}
