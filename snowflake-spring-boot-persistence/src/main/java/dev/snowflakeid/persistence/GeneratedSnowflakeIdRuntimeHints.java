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

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * Hibernate creates the generator behind {@link GeneratedSnowflakeId} reflectively,
 * through its public no-argument constructor, after reading the annotation's
 * {@code @IdGeneratorType}; both need reflection in a native image. Named by type
 * reference, so that nothing loads Hibernate where it is absent.
 */
class GeneratedSnowflakeIdRuntimeHints implements RuntimeHintsRegistrar {

	static final String GENERATOR = "dev.snowflakeid.persistence.SnowflakeIdentifierGenerator";

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		if (!ClassUtils.isPresent("org.hibernate.generator.BeforeExecutionGenerator", classLoader)) {
			return;
		}
		hints.reflection()
			.registerType(TypeReference.of(GENERATOR), MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS,
					MemberCategory.INVOKE_PUBLIC_METHODS)
			.registerType(TypeReference.of("dev.snowflakeid.persistence.GeneratedSnowflakeId"),
					MemberCategory.INVOKE_PUBLIC_METHODS);
	}

}
