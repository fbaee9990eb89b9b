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
package dev.snowflakeid.actuate;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.util.ClassUtils;

/**
 * The response bodies of the {@code snowflake} and {@code snowflakeGenerators} endpoints,
 * written to JSON by reflection over their record components, for native images.
 */
class SnowflakeEndpointRuntimeHints implements RuntimeHintsRegistrar {

	private final BindingReflectionHintsRegistrar bindings = new BindingReflectionHintsRegistrar();

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		if (!ClassUtils.isPresent("org.springframework.boot.actuate.endpoint.OperationResponseBody", classLoader)) {
			return;
		}
		this.bindings.registerReflectionHints(hints.reflection(), SnowflakeEndpoint.SnowflakeDescriptor.class,
				SnowflakeEndpoint.DecodedIdDescriptor.class, SnowflakeEndpointWebExtension.InvalidId.class,
				SnowflakeGeneratorsEndpoint.GeneratorsDescriptor.class);
	}

}
