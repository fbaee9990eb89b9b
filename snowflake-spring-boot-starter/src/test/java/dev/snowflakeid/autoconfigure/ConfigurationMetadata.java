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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Enumeration;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata ({@code META-INF/spring-configuration-metadata.json}) of
 * every module on the class path, as one document with the groups, properties and hints
 * of this project: keys under {@code snowflake.} and the health indicator's
 * {@code management.health.snowflake.} keys.
 */
final class ConfigurationMetadata {

	static final String PREFIX = "snowflake";

	private ConfigurationMetadata() {
	}

	/** Whether {@code name} is a key of this project. */
	static boolean ours(String name) {
		return name.startsWith(PREFIX + ".") || name.startsWith("management.health." + PREFIX + ".");
	}

	/**
	 * Every module's metadata merged: all our groups, properties and hints, in class path
	 * order.
	 */
	static JsonNode readAll() {
		JsonMapper mapper = JsonMapper.builder().build();
		ObjectNode merged = mapper.createObjectNode();
		ArrayNode properties = merged.putArray("properties");
		ArrayNode groups = merged.putArray("groups");
		ArrayNode hints = merged.putArray("hints");
		try {
			Enumeration<URL> documents = ConfigurationMetadata.class.getClassLoader()
				.getResources("META-INF/spring-configuration-metadata.json");
			int modules = 0;
			while (documents.hasMoreElements()) {
				try (InputStream json = documents.nextElement().openStream()) {
					JsonNode document = mapper.readTree(json);
					boolean ours = false;
					for (JsonNode property : document.path("properties")) {
						if (ours(property.get("name").asString())) {
							properties.add(property);
							ours = true;
						}
					}
					for (JsonNode group : document.path("groups")) {
						if (ours(group.get("name").asString() + ".")) {
							groups.add(group);
						}
					}
					document.path("hints").forEach(hints::add);
					modules += ours ? 1 : 0;
				}
			}
			assertThat(modules).as("modules with snowflake.* metadata").isGreaterThanOrEqualTo(4);
			return merged;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
