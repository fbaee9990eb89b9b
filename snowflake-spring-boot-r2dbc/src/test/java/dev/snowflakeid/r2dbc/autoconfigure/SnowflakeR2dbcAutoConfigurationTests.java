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
package dev.snowflakeid.r2dbc.autoconfigure;

import java.util.Map;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.persistence.MissingIdGeneratorException;
import dev.snowflakeid.r2dbc.SnowflakeIdR2dbcBeforeConvertCallback;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.mapping.callback.ReactiveEntityCallbacks;
import org.springframework.data.r2dbc.mapping.R2dbcMappingContext;
import org.springframework.data.r2dbc.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.sql.SqlIdentifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeR2dbcAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeR2dbcAutoConfiguration.class))
		.withUserConfiguration(MappingConfiguration.class);

	@Test
	void callbackIsAppliedAsSpringDataAppliesEntityCallbacks() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeIdR2dbcBeforeConvertCallback.class);
			Object converted = ReactiveEntityCallbacks.create(context)
				.callback(BeforeConvertCallback.class, new Ticket(null, "seat"), SqlIdentifier.unquoted("ticket"))
				.block();
			assertThat(converted).isInstanceOfSatisfying(Ticket.class, (ticket) -> {
				assertThat(ticket.id()).isNotNull();
				assertThat(context.getBean(IdGenerator.class).decode(ticket.id()).worker()).isEqualTo(19);
				assertThat(ticket.item()).isEqualTo("seat");
			});
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
				Object converted = ReactiveEntityCallbacks.create(context)
					.callback(BeforeConvertCallback.class, new Shipment(null, "crate"),
							SqlIdentifier.unquoted("shipment"))
					.block();
				assertThat(converted).isInstanceOfSatisfying(Shipment.class, (shipment) -> {
					assertThat(shipment.id()).isNotNull();
					IdGenerator ids = context.getBean(IdGenerator.class);
					assertThat(ids.decode(shipment.id()).region()).isEqualTo(2);
					assertThat(ids.decode(shipment.id()).worker()).isEqualTo(5);
				});
			});
	}

	@Test
	void backsOffFromAUserDefinedCallback() {
		this.runner.withUserConfiguration(UserCallbackConfiguration.class)
			.run((context) -> assertThat(context).getBean(SnowflakeIdR2dbcBeforeConvertCallback.class)
				.isSameAs(context.getBean(UserCallbackConfiguration.class).callback));
	}

	@Test
	void configuresNothingWhenSnowflakeIsDisabled() {
		this.runner.withPropertyValues("snowflake.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdR2dbcBeforeConvertCallback.class));
	}

	@Test
	void configuresNothingWithoutSpringDataR2dbc() {
		this.runner.withClassLoader(new FilteredClassLoader(BeforeConvertCallback.class))
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdR2dbcBeforeConvertCallback.class));
	}

	@Test
	void configuresNothingWhenSpringDataR2dbcIsNotSetUp() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakeR2dbcAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SnowflakeIdR2dbcBeforeConvertCallback.class));
	}

	@Test
	void failsNamingTheAttributeWhenThereIsNoGenerator() {
		SnowflakeIdR2dbcBeforeConvertCallback callback = new SnowflakeIdR2dbcBeforeConvertCallback(
				new R2dbcMappingContext(), new StaticListableBeanFactory(Map.of()).getBeanProvider(IdGenerator.class));
		assertThatExceptionOfType(MissingIdGeneratorException.class).isThrownBy(
				() -> Mono.from(callback.onBeforeConvert(new Ticket(null, "x"), SqlIdentifier.unquoted("t"))).block())
			.withMessageContaining(Ticket.class.getName() + ".id");
	}

	@Configuration(proxyBeanMethods = false)
	static class MappingConfiguration {

		@Bean
		R2dbcMappingContext r2dbcMappingContext() {
			return new R2dbcMappingContext();
		}

		@Bean
		SnowflakeIdGenerator idGenerator() {
			return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).workerCode(19).build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserCallbackConfiguration {

		final SnowflakeIdR2dbcBeforeConvertCallback callback;

		UserCallbackConfiguration(ObjectProvider<IdGenerator> ids) {
			this.callback = new SnowflakeIdR2dbcBeforeConvertCallback(new R2dbcMappingContext(), ids);
		}

		@Bean
		SnowflakeIdR2dbcBeforeConvertCallback userCallback() {
			return this.callback;
		}

	}

	record Ticket(@Id @GeneratedSnowflakeId Long id, String item) {
	}

	record Shipment(@Id @GeneratedSnowflakeId(generator = "shipments") Long id, String item) {
	}

}
