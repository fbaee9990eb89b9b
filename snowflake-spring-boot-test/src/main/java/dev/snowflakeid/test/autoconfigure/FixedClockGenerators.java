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

/**
 * With {@code snowflake.test.clock}, the named generators of
 * {@code snowflake.generators.<name>.*}: each in its own region, with the same fixed
 * clock as the default generator and no lease. Each one is also a bean named after it, as
 * without the fixed clock, so that {@code @Qualifier("<name>")} and
 * {@code @GeneratedSnowflakeId(generator = "<name>")} find it.
 */
final class FixedClockGenerators {

	/**
	 * Bean name of the generators, which {@link FixedClockGeneratorRegistrar} looks for.
	 */
	static final String BEAN = "snowflakeFixedClockGenerators";

	private final Map<String, SnowflakeIdGenerator> generators;

	FixedClockGenerators(Map<String, SnowflakeIdGenerator> generators) {
		this.generators = Map.copyOf(generators);
	}

	/**
	 * The generator named {@code name}; the factory of the bean of the same name.
	 * @throws IllegalArgumentException when none is named {@code name}
	 */
	SnowflakeIdGenerator generator(String name) {
		SnowflakeIdGenerator generator = this.generators.get(name);
		if (generator == null) {
			throw new IllegalArgumentException("no named generator '" + name + "' under the fixed test clock; "
					+ "configure it with snowflake.generators." + name + ".region");
		}
		return generator;
	}

}
