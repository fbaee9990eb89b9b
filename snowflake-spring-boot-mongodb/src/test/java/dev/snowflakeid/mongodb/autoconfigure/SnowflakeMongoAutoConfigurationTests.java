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
package dev.snowflakeid.mongodb.autoconfigure;

import java.util.Map;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.mongodb.SnowflakeIdMongoBeforeConvertCallback;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.persistence.MissingIdGeneratorException;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.data.mongodb.core.mapping.MongoMappingContext;
import org.springframework.data.mongodb.core.mapping.event.BeforeConvertCallback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeMongoAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeMongoAutoConfiguration.class))
		.withUserConfiguration(MappingConfiguration.class);

	@Test
	void callbackIsAppliedAsSpringDataAppliesEntityCallbacks() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeIdMongoBeforeConvertCallback.class);
			Object converted = EntityCallbacks.create(context)
				.callback(BeforeConvertCallback.class, new Ticket(null, "seat"), "tickets");
			assertThat(converted).isInstanceOfSatisfying(Ticket.class, (ticket) -> {
				assertThat(ticket.id()).isNotNull();
				assertThat(context.getBean(IdGenerator.class).decode(ticket.id()).worker()).isEqualTo(23);
			});
		});
	}

	@Test
	void backsOffFromAUserDefinedCallback() {
		this.runner.withUserConfiguration(UserCallbackConfiguration.class)
			.run((context) -> assertThat(context).getBean(SnowflakeIdMongoBeforeConvertCallback.class)
				.isSameAs(context.getBean(UserCallbackConfiguration.class).callback));
	}

	@Test
	void configuresNothingWhenSnowflakeIsDisabled() {
		this.runner.withPropertyValues("snowflake.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdMongoBeforeConvertCallback.class));
	}

	@Test
	void configuresNothingWithoutSpringDataMongoDb() {
		this.runner.withClassLoader(new FilteredClassLoader(BeforeConvertCallback.class))
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdMongoBeforeConvertCallback.class));
	}

	@Test
	void configuresNothingWhenSpringDataMongoDbIsNotSetUp() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakeMongoAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SnowflakeIdMongoBeforeConvertCallback.class));
	}

	@Test
	void failsNamingTheAttributeWhenThereIsNoGenerator() {
		SnowflakeIdMongoBeforeConvertCallback callback = new SnowflakeIdMongoBeforeConvertCallback(
				new MongoMappingContext(), new StaticListableBeanFactory(Map.of()).getBeanProvider(IdGenerator.class));
		assertThatExceptionOfType(MissingIdGeneratorException.class)
			.isThrownBy(() -> callback.onBeforeConvert(new Ticket(null, "x"), "tickets"))
			.withMessageContaining(Ticket.class.getName() + ".id");
	}

	@Configuration(proxyBeanMethods = false)
	static class MappingConfiguration {

		@Bean
		MongoMappingContext mongoMappingContext() {
			return new MongoMappingContext();
		}

		@Bean
		SnowflakeIdGenerator idGenerator() {
			return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).workerCode(23).build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserCallbackConfiguration {

		final SnowflakeIdMongoBeforeConvertCallback callback;

		UserCallbackConfiguration(ObjectProvider<IdGenerator> ids) {
			this.callback = new SnowflakeIdMongoBeforeConvertCallback(new MongoMappingContext(), ids);
		}

		@Bean
		SnowflakeIdMongoBeforeConvertCallback userCallback() {
			return this.callback;
		}

	}

	record Ticket(@Id @GeneratedSnowflakeId Long id, String item) {
	}

}
