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

import java.util.List;
import java.util.Locale;
import java.util.UUID;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.jdbc.SnowflakeIdBeforeConvertCallback;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.persistence.MissingIdGeneratorException;
import dev.snowflakeid.persistence.autoconfigure.GeneratedSnowflakeIdAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.jdbc.autoconfigure.DataJdbcRepositoriesAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceInitializationAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeJdbcAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
				DataSourceTransactionManagerAutoConfiguration.class, JdbcTemplateAutoConfiguration.class,
				DataSourceInitializationAutoConfiguration.class, DataJdbcRepositoriesAutoConfiguration.class,
				GeneratedSnowflakeIdAutoConfiguration.class, SnowflakeJdbcAutoConfiguration.class))
		.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
				"spring.sql.init.schema-locations=classpath:jdbc-schema.sql")
		.withUserConfiguration(IdGeneratorConfiguration.class);

	@Test
	void insertAssignsTheIdFromTheApplicationsGenerator() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeIdBeforeConvertCallback.class);
			JdbcAggregateTemplate template = context.getBean(JdbcAggregateTemplate.class);
			JdbcInvoice saved = template.save(new JdbcInvoice(null, "tea"));
			assertThat(saved.id()).isNotNull();
			assertThat(context.getBean(IdGenerator.class).decode(saved.id()).worker()).isEqualTo(11);
			assertThat(template.findById(saved.id(), JdbcInvoice.class)).isEqualTo(saved);
			Long column = context.getBean(JdbcTemplate.class)
				.queryForObject("select id from jdbc_invoice where item = 'tea'", Long.class);
			assertThat(column).isEqualTo(saved.id());
		});
	}

	@ParameterizedTest
	@EnumSource(value = IdFormats.Form.class, names = { "BASE62", "CROCKFORD32" })
	void insertWritesStringAttributesInTheConfiguredForm(IdFormats.Form form) {
		this.runner.withPropertyValues("snowflake.format.string=" + form.name().toLowerCase(Locale.ROOT))
			.run((context) -> {
				JdbcAggregateTemplate template = context.getBean(JdbcAggregateTemplate.class);
				JdbcTextInvoice saved = template.save(new JdbcTextInvoice(null, null, "tea"));
				IdGenerator ids = context.getBean(IdGenerator.class);
				for (String text : List.of(saved.id(), saved.reference())) {
					assertThat(text).hasSize(form.width());
					assertThat(form.format(form.parse(text))).isEqualTo(text);
					assertThat(ids.decode(form.parse(text)).worker()).isEqualTo(11);
				}
				assertThat(template.findById(saved.id(), JdbcTextInvoice.class)).isEqualTo(saved);
			});
	}

	@Test
	void stringAttributesAreDecimalByDefault() {
		this.runner.run((context) -> {
			JdbcTextInvoice saved = context.getBean(JdbcAggregateTemplate.class)
				.save(new JdbcTextInvoice(null, null, "tea"));
			assertThat(saved.id()).matches("[1-9][0-9]*");
			assertThat(saved.reference()).matches("[1-9][0-9]*");
		});
	}

	@Test
	void anAttributeNamingAGeneratorTakesItsIdsFromThatGenerator() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class,
					DataSourceAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
					JdbcTemplateAutoConfiguration.class, DataSourceInitializationAutoConfiguration.class,
					DataJdbcRepositoriesAutoConfiguration.class, GeneratedSnowflakeIdAutoConfiguration.class,
					SnowflakeJdbcAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"spring.sql.init.schema-locations=classpath:jdbc-schema.sql", "snowflake.worker.allocator=static",
					"snowflake.worker.code=5", "snowflake.region=1", "snowflake.generators.orders.region=2")
			.withUserConfiguration(EntityPackage.class)
			.run((context) -> {
				JdbcAggregateTemplate template = context.getBean(JdbcAggregateTemplate.class);
				JdbcOrder saved = template.save(new JdbcOrder(null, null, "tea"));
				IdGenerator ids = context.getBean(IdGenerator.class);
				assertThat(ids.decode(saved.id()).region()).isEqualTo(2);
				assertThat(ids.decode(saved.number()).region()).isEqualTo(1);
				assertThat(template.findById(saved.id(), JdbcOrder.class)).isEqualTo(saved);
				assertThatExceptionOfType(MissingIdGeneratorException.class)
					.isThrownBy(() -> template.save(new JdbcMisnamedOrder(null, "milk")))
					.withMessageContaining("JdbcMisnamedOrder.id")
					.withMessageContaining(
							"is named 'ordres'; declare the generator with " + "snowflake.generators.ordres.region");
			});
	}

	@Test
	void anotherRelationalMappingContextSuchAsR2dbcsIsLeftAlone() {
		this.runner.withBean("r2dbcMappingContext", RelationalMappingContext.class, RelationalMappingContext::new)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(SnowflakeIdBeforeConvertCallback.class);
				JdbcInvoice saved = context.getBean(JdbcAggregateTemplate.class).save(new JdbcInvoice(null, "milk"));
				assertThat(saved.id()).isNotNull();
			});
	}

	@Test
	void backsOffFromAUserDefinedCallback() {
		this.runner.withUserConfiguration(UserCallbackConfiguration.class)
			.run((context) -> assertThat(context).getBean(SnowflakeIdBeforeConvertCallback.class)
				.isSameAs(context.getBean(UserCallbackConfiguration.class).callback));
	}

	@Test
	void configuresNothingWhenSnowflakeIsDisabled() {
		this.runner.withPropertyValues("snowflake.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdBeforeConvertCallback.class));
	}

	@Test
	void configuresNothingWithoutSpringDataRelational() {
		this.runner.withClassLoader(new FilteredClassLoader(BeforeConvertCallback.class))
			.withConfiguration(AutoConfigurations.of(SnowflakeJdbcAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdBeforeConvertCallback.class));
	}

	@Test
	void configuresNothingWhenSpringDataJdbcIsNotSetUp() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakeJdbcAutoConfiguration.class))
			.withUserConfiguration(IdGeneratorConfiguration.class)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SnowflakeIdBeforeConvertCallback.class));
	}

	@Configuration(proxyBeanMethods = false)
	@AutoConfigurationPackage
	static class IdGeneratorConfiguration {

		@Bean
		SnowflakeIdGenerator idGenerator() {
			return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).workerCode(11).build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@AutoConfigurationPackage
	static class EntityPackage {

	}

	@Configuration(proxyBeanMethods = false)
	static class UserCallbackConfiguration {

		final SnowflakeIdBeforeConvertCallback callback;

		UserCallbackConfiguration(ObjectProvider<IdGenerator> ids) {
			this.callback = new SnowflakeIdBeforeConvertCallback(new RelationalMappingContext(), ids);
		}

		@Bean
		SnowflakeIdBeforeConvertCallback userCallback() {
			return this.callback;
		}

	}

	@Table
	record JdbcTextInvoice(@Id @GeneratedSnowflakeId String id, @GeneratedSnowflakeId String reference, String item) {
	}

	@Table
	record JdbcOrder(@Id @GeneratedSnowflakeId(generator = "orders") Long id, @GeneratedSnowflakeId Long number,
			String item) {
	}

	@Table
	record JdbcMisnamedOrder(@Id @GeneratedSnowflakeId(generator = "ordres") Long id, String item) {
	}

	@Table
	record JdbcInvoice(@Id @GeneratedSnowflakeId Long id, String item) {
	}

}
