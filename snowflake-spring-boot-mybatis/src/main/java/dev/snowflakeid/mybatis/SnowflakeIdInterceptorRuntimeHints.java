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
package dev.snowflakeid.mybatis;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * MyBatis wraps its {@code Executor} in a JDK proxy for {@link SnowflakeIdInterceptor},
 * after looking up the intercepted method by name; both need hints in a native image. The
 * application's own parameter classes need the reflection hints MyBatis needs for them
 * anyway. Named by type reference, so that nothing loads MyBatis where it is absent.
 */
class SnowflakeIdInterceptorRuntimeHints implements RuntimeHintsRegistrar {

	static final String EXECUTOR = "org.apache.ibatis.executor.Executor";

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		if (!ClassUtils.isPresent(EXECUTOR, classLoader)) {
			return;
		}
		hints.proxies().registerJdkProxy(TypeReference.of(EXECUTOR));
		hints.reflection()
			.registerType(TypeReference.of(EXECUTOR), MemberCategory.INTROSPECT_PUBLIC_METHODS)
			.registerType(TypeReference.of("dev.snowflakeid.mybatis.SnowflakeIdInterceptor"),
					MemberCategory.INVOKE_PUBLIC_METHODS);
	}

}
