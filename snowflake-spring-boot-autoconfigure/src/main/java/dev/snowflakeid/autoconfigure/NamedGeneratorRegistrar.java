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
package dev.snowflakeid.autoconfigure;

import java.util.Map;

import dev.snowflakeid.SnowflakeIdGenerator;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers a {@link SnowflakeIdGenerator} bean named after each named generator of
 * {@code snowflake.generators.<name>.*}, made by {@link SnowflakeGenerators}, so that
 * {@code @Qualifier("<name>")} picks it. Runs after the generator's auto-configuration
 * registered its own beans, and only where it registered {@link SnowflakeGenerators}: an
 * application with a generator of its own has no named generators.
 */
class NamedGeneratorRegistrar implements ImportBeanDefinitionRegistrar {

	/** Bean name of the {@link SnowflakeGenerators}. */
	static final String GENERATORS_BEAN = "snowflakeGenerators";

	private final Environment environment;

	NamedGeneratorRegistrar(Environment environment) {
		this.environment = environment;
	}

	@Override
	public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
		if (!registry.containsBeanDefinition(GENERATORS_BEAN)) {
			return;
		}
		Map<String, SnowflakeProperties.Generator> generators = Binder.get(this.environment)
			.bind("snowflake.generators", Bindable.mapOf(String.class, SnowflakeProperties.Generator.class))
			.orElse(Map.of());
		for (String name : generators.keySet()) {
			GeneratorRegions.checkName(name);
			RootBeanDefinition definition = new RootBeanDefinition(SnowflakeIdGenerator.class);
			definition.setFactoryBeanName(GENERATORS_BEAN);
			definition.setFactoryMethodName("generator");
			definition.getConstructorArgumentValues().addIndexedArgumentValue(0, name);
			// the generators' holder closes them
			definition.setDestroyMethodName("");
			registry.registerBeanDefinition(name, definition);
		}
	}

}
