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
package dev.snowflakeid.openapi.autoconfigure;

import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.openapi.LongBodiesOperationCustomizer;
import dev.snowflakeid.openapi.SnowflakeIdParameterCustomizer;
import dev.snowflakeid.openapi.SnowflakeIdPropertyCustomizer;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.Schema;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class SnowflakeOpenApiAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeOpenApiAutoConfiguration.class));

	@Test
	void customizersAreRegisteredWithSpringdoc() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(SnowflakeIdPropertyCustomizer.class)
			.hasSingleBean(SnowflakeIdParameterCustomizer.class));
	}

	@Test
	void plainLongsFollowWriteAllLongsAsStrings() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(LongBodiesOperationCustomizer.class);
			assertThat(documentedLong(context).getType()).isEqualTo("integer");
		});
		this.runner.withPropertyValues("snowflake.jackson.write-all-longs-as-strings=true")
			.run((context) -> assertThat(documentedLong(context).getType()).isEqualTo("string"));
	}

	@Test
	void idsStayIntegersWhenWrittenAsNumbers() {
		this.runner.withPropertyValues("snowflake.format.string=crockford32")
			.run((context) -> assertThat(documentedId(context)).satisfies((schema) -> {
				assertThat(schema.getType()).isEqualTo("string");
				assertThat(schema.getPattern()).isEqualTo(Form.CROCKFORD32.pattern());
			}));
		this.runner.withPropertyValues("snowflake.jackson.write-as=number-when-safe")
			.run((context) -> assertThat(documentedId(context).getType()).isEqualTo("integer"));
	}

	@Test
	void nothingWithoutSpringdoc() {
		this.runner.withClassLoader(new FilteredClassLoader("org.springdoc"))
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdPropertyCustomizer.class)
				.doesNotHaveBean(SnowflakeIdParameterCustomizer.class));
	}

	@Test
	void nothingWhenIdsAreWrittenAsNumbers() {
		this.runner.withPropertyValues("snowflake.jackson.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdPropertyCustomizer.class));
		this.runner.withPropertyValues("snowflake.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdParameterCustomizer.class));
	}

	@Test
	void backsOffFromUserCustomizers() {
		this.runner.withUserConfiguration(UserCustomizers.class)
			.run((context) -> assertThat(context).getBean(SnowflakeIdPropertyCustomizer.class)
				.isSameAs(context.getBean(UserCustomizers.class).property));
	}

	private static Schema<?> documentedLong(AssertableApplicationContext context) {
		return context.getBean(SnowflakeIdPropertyCustomizer.class)
			.customize(new IntegerSchema().format("int64"), new AnnotatedType(Long.class).schemaProperty(true));
	}

	private static Schema<?> documentedId(AssertableApplicationContext context) throws NoSuchFieldException {
		return context.getBean(SnowflakeIdPropertyCustomizer.class)
			.customize(new IntegerSchema().format("int64"), new AnnotatedType(Long.class).schemaProperty(true)
				.ctxAnnotations(Marked.class.getDeclaredField("id").getAnnotations()));
	}

	static class Marked {

		@SnowflakeId
		Long id;

	}

	@Configuration(proxyBeanMethods = false)
	static class UserCustomizers {

		final SnowflakeIdPropertyCustomizer property = new SnowflakeIdPropertyCustomizer();

		@Bean
		SnowflakeIdPropertyCustomizer userPropertyCustomizer() {
			return this.property;
		}

	}

}
