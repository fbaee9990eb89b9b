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

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.persistence.MissingIdGeneratorException;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.env.Environment;

/**
 * Explains an entity attribute annotated with {@code @GeneratedSnowflakeId} that found no
 * {@link IdGenerator} bean: the generator switched off, several generators without a
 * primary, a test slice without the Snowflake test library, or none.
 */
class MissingIdGeneratorFailureAnalyzer extends AbstractFailureAnalyzer<MissingIdGeneratorException> {

	private final @Nullable Environment environment;

	private final @Nullable BeanFactory beanFactory;

	MissingIdGeneratorFailureAnalyzer(@Nullable Environment environment, @Nullable BeanFactory beanFactory) {
		this.environment = environment;
		this.beanFactory = beanFactory;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingIdGeneratorException cause) {
		String description = cause.getAttribute() + " is annotated @GeneratedSnowflakeId, so it needs the "
				+ "application's " + IdGenerator.class.getName() + " bean";
		if (isDisabled()) {
			return new FailureAnalysis(description + ", but there is none because snowflake.enabled is false.",
					"Set snowflake.enabled=true (or remove it) so that the Snowflake ID generator is configured, "
							+ "or define a bean of type " + IdGenerator.class.getName() + ".",
					cause);
		}
		String[] names = generatorBeanNames();
		if (names != null && names.length > 1) {
			return new FailureAnalysis(
					description + ", but there are " + names.length + ": " + String.join(", ", names) + ".",
					"Mark one of the " + IdGenerator.class.getSimpleName() + " beans @Primary, or keep only one.",
					cause);
		}
		String missing = (names != null && names.length == 0) ? "there is none" : cause.getReason();
		if (isTestSlice()) {
			return new FailureAnalysis(
					description + ", but " + missing + ": this test slice leaves out the "
							+ "Snowflake auto-configuration.",
					"Add dev.snowflakeid:snowflake-spring-boot-starter-test with test scope: @DataJpaTest and "
							+ "@DataJdbcTest then include the generator with an in-memory worker-code allocator, and "
							+ "@AutoConfigureSnowflake adds it to any other test.",
					cause);
		}
		return new FailureAnalysis(description + ", but " + missing + ".",
				"Keep snowflake.enabled=true (the default) with the starter's auto-configuration, "
						+ "or define a bean of type " + IdGenerator.class.getName() + ".",
				cause);
	}

	private boolean isDisabled() {
		return this.environment != null
				&& !this.environment.getProperty("snowflake.enabled", Boolean.class, Boolean.TRUE);
	}

	/**
	 * Whether auto-configuration is limited to an explicit list, as in Spring Boot's test
	 * slices.
	 */
	private boolean isTestSlice() {
		return this.environment != null
				&& !this.environment.getProperty("spring.boot.enableautoconfiguration", Boolean.class, Boolean.TRUE);
	}

	/**
	 * Names of the {@code IdGenerator} beans, {@code null} when the bean factory is not
	 * known.
	 */
	private String @Nullable [] generatorBeanNames() {
		if (this.beanFactory instanceof ListableBeanFactory listable) {
			return listable.getBeanNamesForType(IdGenerator.class, true, false);
		}
		return null;
	}

}
