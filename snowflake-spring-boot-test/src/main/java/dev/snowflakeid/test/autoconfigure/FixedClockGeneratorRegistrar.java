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
package dev.snowflakeid.test.autoconfigure;

import java.util.Map;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers a bean named after each named generator, made by
 * {@link FixedClockGenerators}, only where the fixed-clock configuration registered them:
 * an application with a generator of its own has no named generators, as without the
 * fixed clock. Names are checked when the generators are made.
 */
class FixedClockGeneratorRegistrar implements ImportBeanDefinitionRegistrar {

	private final Environment environment;

	FixedClockGeneratorRegistrar(Environment environment) {
		this.environment = environment;
	}

	@Override
	public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
		if (!registry.containsBeanDefinition(FixedClockGenerators.BEAN)) {
			return;
		}
		Map<String, SnowflakeProperties.Generator> generators = Binder.get(this.environment)
			.bind("snowflake.generators", Bindable.mapOf(String.class, SnowflakeProperties.Generator.class))
			.orElse(Map.of());
		for (String name : generators.keySet()) {
			RootBeanDefinition definition = new RootBeanDefinition(SnowflakeIdGenerator.class);
			definition.setFactoryBeanName(FixedClockGenerators.BEAN);
			definition.setFactoryMethodName("generator");
			definition.getConstructorArgumentValues().addIndexedArgumentValue(0, name);
			registry.registerBeanDefinition(name, definition);
		}
	}

}
