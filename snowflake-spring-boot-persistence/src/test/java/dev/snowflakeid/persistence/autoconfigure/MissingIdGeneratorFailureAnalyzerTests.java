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
package dev.snowflakeid.persistence.autoconfigure;

import java.util.UUID;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.persistence.MissingIdGeneratorException;
import dev.snowflakeid.persistence.app.JpaOrder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.aot.AbstractAotProcessor;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

@ExtendWith(OutputCaptureExtension.class)
class MissingIdGeneratorFailureAnalyzerTests {

	@Test
	void startupFailsWhenAnEntityNeedsAnIdGeneratorAndThereIsNone(CapturedOutput output) {
		assertThatException().isThrownBy(() -> application(EntitiesOnly.class).run())
			.havingRootCause()
			.isInstanceOf(MissingIdGeneratorException.class)
			.withMessageContaining("dev.snowflakeid.persistence.app.Jpa");
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("is annotated @GeneratedSnowflakeId, so it needs the application's "
					+ "dev.snowflakeid.IdGenerator bean, but there is none.")
			.contains("or define a bean of type dev.snowflakeid.IdGenerator.");
	}

	@Test
	void actionNamesSnowflakeEnabledWhenTheGeneratorIsSwitchedOff(CapturedOutput output) {
		assertThatException()
			.isThrownBy(() -> application(EntitiesOnly.class).properties("snowflake.enabled=false").run());
		assertThat(output).contains("but there is none because snowflake.enabled is false.")
			.contains("Set snowflake.enabled=true (or remove it)");
	}

	@Test
	void actionAsksForAPrimaryWhenThereAreSeveralGenerators(CapturedOutput output) {
		assertThatException().isThrownBy(() -> application(TwoGenerators.class).run())
			.havingRootCause()
			.isInstanceOf(MissingIdGeneratorException.class);
		assertThat(output).contains("but there are 2: first, second.")
			.contains("Mark one of the IdGenerator beans @Primary");
	}

	@Test
	void analysisWithoutContextNamesTheAttributeAndBothFixes() {
		MissingIdGeneratorException failure = new MissingIdGeneratorException("com.example.Order.id",
				"Hibernate has no bean container");
		FailureAnalysis analysis = new MissingIdGeneratorFailureAnalyzer(new MockEnvironment(), null)
			.analyze(new IllegalStateException("wrapped", failure));
		assertThat(analysis.getDescription()).isEqualTo("com.example.Order.id is annotated @GeneratedSnowflakeId, "
				+ "so it needs the application's dev.snowflakeid.IdGenerator bean, but Hibernate has no bean "
				+ "container.");
		assertThat(analysis.getAction()).contains("snowflake.enabled=true")
			.contains("define a bean of type dev.snowflakeid.IdGenerator");
		assertThat(analysis.getCause()).isSameAs(failure);
	}

	@Test
	void inATestSliceTheActionNamesTheTestLibrary(CapturedOutput output) {
		assertThatException().isThrownBy(
				() -> application(EntitiesOnly.class).properties("spring.boot.enableautoconfiguration=false").run());
		assertThat(output).contains("but there is none: this test slice leaves out the Snowflake auto-configuration.")
			.contains("Add dev.snowflakeid:snowflake-spring-boot-starter-test with test scope")
			.doesNotContain("Keep snowflake.enabled=true");
	}

	@Test
	void duringAotProcessingTheSessionFactoryBuildsAndTheFirstIdFails() {
		System.setProperty(AbstractAotProcessor.AOT_PROCESSING, "true");
		ConfigurableApplicationContext context;
		try {
			context = application(EntitiesOnly.class).properties("spring.jpa.hibernate.ddl-auto=create-drop").run();
		}
		finally {
			System.clearProperty(AbstractAotProcessor.AOT_PROCESSING);
		}
		try (context) {
			EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager();
			entityManager.getTransaction().begin();
			assertThatException().isThrownBy(() -> entityManager.persist(new JpaOrder("book")))
				.isInstanceOf(MissingIdGeneratorException.class)
				.withMessageContaining("JpaOrder.id");
			entityManager.getTransaction().rollback();
			entityManager.close();
		}
	}

	private static SpringApplicationBuilder application(Class<?> configuration) {
		return new SpringApplicationBuilder(configuration).web(WebApplicationType.NONE)
			.properties("spring.main.banner-mode=off", "spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID(),
					"spring.jpa.hibernate.ddl-auto=none");
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class })
	@EntityScan(basePackageClasses = JpaOrder.class)
	static class EntitiesOnly {

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataSourceAutoConfiguration.class, HibernateJpaAutoConfiguration.class })
	@EntityScan(basePackageClasses = JpaOrder.class)
	static class TwoGenerators {

		@Bean
		SnowflakeIdGenerator first() {
			return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).workerCode(1).build();
		}

		@Bean
		SnowflakeIdGenerator second() {
			return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).workerCode(2).build();
		}

	}

}
