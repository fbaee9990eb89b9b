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

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.snowflakeid.SnowflakeLayout;

/**
 * The rules of {@code snowflake.generators.<name>.*}: a name that is a bean name and a
 * meter tag, and a region of its own. All generators of an application share the format,
 * the allocator and its domain (a Redis key prefix and namespace, a static code), so two
 * of them in one region would lease the same codes of one key space, or use the same
 * static code, and issue the same IDs: only the region keeps them apart.
 */
final class GeneratorRegions {

	private GeneratorRegions() {
	}

	/**
	 * Refuses a name that is not a valid generator name.
	 * @throws InvalidSnowflakeConfigurationException naming the generator's properties
	 */
	static void checkName(String name) {
		if (SnowflakeGenerators.DEFAULT.equals(name) || !SnowflakeGenerators.NAME.matcher(name).matches()) {
			throw new InvalidSnowflakeConfigurationException("snowflake.generators." + name,
					"'" + name + "' is not a generator name: it names the generator's bean and tags its meters",
					"Name the generator with lower-case letters and digits, in words joined by single dashes, such "
							+ "as snowflake.generators.orders.region, and not '" + SnowflakeGenerators.DEFAULT
							+ "', the name of the generator of snowflake.*.");
		}
	}

	/**
	 * The region of each named generator, in configuration order.
	 * @throws InvalidSnowflakeConfigurationException naming the property to change and a
	 * free region, when a name or region breaks a rule
	 */
	static Map<String, Integer> check(SnowflakeProperties properties, SnowflakeLayout layout) {
		Map<String, SnowflakeProperties.Generator> generators = properties.getGenerators();
		Set<Integer> configured = new HashSet<>();
		configured.add(properties.getRegion());
		generators.values().forEach((generator) -> {
			if (generator.getRegion() != null) {
				configured.add(generator.getRegion());
			}
		});
		Map<Integer, String> taken = new LinkedHashMap<>();
		taken.put(properties.getRegion(), "snowflake.region");
		Map<String, Integer> regions = new LinkedHashMap<>();
		for (Map.Entry<String, SnowflakeProperties.Generator> entry : generators.entrySet()) {
			String name = entry.getKey();
			checkName(name);
			String property = "snowflake.generators." + name + ".region";
			Integer region = entry.getValue().getRegion();
			if (region == null) {
				throw new InvalidSnowflakeConfigurationException(property,
						"generator '" + name + "' has no region of its own",
						"Set " + property + " to " + free(layout, configured) + ", a region no other generator of "
								+ "the application uses (nor any other application of its lease domain for another "
								+ "purpose).");
			}
			InvalidSnowflakeConfigurationException.check(property, () -> layout.requireRegion(region),
					"Set " + property + " to " + free(layout, configured) + ", a region below "
							+ "2^snowflake.layout.region-bits that no other generator uses.");
			String holder = taken.putIfAbsent(region, property);
			if (holder != null) {
				throw new InvalidSnowflakeConfigurationException(property,
						"generator '" + name + "' would lease the same worker codes as " + holder + " (region " + region
								+ ") and issue the same IDs",
						"Set " + property + " to " + free(layout, configured) + ", a region no other generator of "
								+ "the application uses.");
			}
			regions.put(name, region);
		}
		return regions;
	}

	/** The lowest region no generator is configured with, described. */
	private static String free(SnowflakeLayout layout, Set<Integer> configured) {
		for (int region = 0; region < layout.maxRegions(); region++) {
			if (!configured.contains(region)) {
				return Integer.toString(region);
			}
		}
		return "a free region (none is left below 2^snowflake.layout.region-bits: remove a generator)";
	}

}
