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

import java.util.Locale;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * For the fixed-clock generator, which replaces the lease altogether: matches when
 * {@code snowflake.worker.allocator} is {@code in-memory}, or when no allocator is chosen
 * and auto-configuration is limited to an explicit list
 * ({@code spring.boot.enableautoconfiguration=false}), as in Spring Boot's test slices,
 * where this configuration is present only because the slice imports it.
 */
class OnInMemoryAllocatorCondition extends SpringBootCondition {

	static final String ALLOCATOR = "snowflake.worker.allocator";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Environment environment = context.getEnvironment();
		String allocator = environment.getProperty(ALLOCATOR);
		if (allocator != null) {
			String canonical = allocator.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
			return canonical.equals("inmemory") ? ConditionOutcome.match(ALLOCATOR + " is " + allocator)
					: ConditionOutcome.noMatch(ALLOCATOR + " is " + allocator);
		}
		return inTestSlice(environment) ? ConditionOutcome.match("no allocator chosen in a test slice")
				: ConditionOutcome.noMatch("no allocator chosen; the default is redis");
	}

	/**
	 * Whether auto-configuration is limited to an explicit list, as Spring Boot's test
	 * slices limit it ({@code spring.boot.enableautoconfiguration=false}).
	 */
	static boolean inTestSlice(Environment environment) {
		return !environment.getProperty("spring.boot.enableautoconfiguration", Boolean.class, Boolean.TRUE);
	}

}
