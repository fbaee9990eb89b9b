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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.snowflakeid.testsupport.DocPages;
import tools.jackson.databind.JsonNode;

/**
 * {@code docs/configuration.md}, the property reference, rendered from the configuration
 * metadata alone ({@link ConfigurationMetadata}): one table per group of keys, each row
 * the key, its type (or its values where the metadata hints them), its default and its
 * description. Nothing here describes a property: a description comes from the properties
 * class's Javadoc or a module's additional metadata, so the page cannot say what the code
 * does not.
 */
final class ConfigurationReference {

	static final String PAGE = "docs/configuration.md";

	static final String REGENERATE = "./mvnw -B -pl snowflake-spring-boot-starter -am test "
			+ "-Dtest=ConfigurationReferenceTests -Dsurefire.failIfNoSpecifiedTests=false -Dsnowflake.docs.write=true";

	/**
	 * Groups by key prefix; a key belongs to the group of its longest matching prefix.
	 */
	private static final Map<String, String> GROUPS = groups();

	private static final String REMOVED = "Removed properties";

	private ConfigurationReference() {
	}

	private static Map<String, String> groups() {
		Map<String, String> groups = new LinkedHashMap<>();
		groups.put("snowflake", "Generator");
		groups.put("snowflake.layout", "Layout");
		groups.put("snowflake.clock", "Clock");
		groups.put("snowflake.sequence", "Sequence");
		groups.put("snowflake.worker", "Worker codes");
		groups.put("snowflake.worker.lease", "Lease timing");
		groups.put("snowflake.worker.redis", "Redis leases");
		groups.put("snowflake.jackson", "JSON");
		groups.put("snowflake.public-ids", "Public IDs");
		groups.put("management.health.snowflake", "Health");
		return groups;
	}

	static String render(JsonNode metadata) {
		Map<String, JsonNode> properties = new TreeMap<>();
		for (JsonNode property : metadata.path("properties")) {
			properties.putIfAbsent(property.get("name").asString(), property);
		}
		Map<String, List<JsonNode>> tables = new LinkedHashMap<>();
		GROUPS.values().forEach((title) -> tables.put(title, new ArrayList<>()));
		properties.forEach(
				(name, property) -> tables.computeIfAbsent(title(property), (key) -> new ArrayList<>()).add(property));
		tables.values().removeIf(List::isEmpty);
		StringBuilder page = new StringBuilder();
		page.append("# Configuration properties\n\n");
		page.append(
				"Every property of the starter's modules: its key, type, default and meaning. This page is generated\n"
						+ "from the configuration metadata the modules ship (`META-INF/spring-configuration-metadata.json`, what\n"
						+ "IDEs complete keys from): descriptions are the properties classes' Javadoc and each module's\n"
						+ "`additional-spring-configuration-metadata.json`. Do not edit it by hand: change the Javadoc or the\n"
						+ "additional metadata, then regenerate it with\n\n");
		page.append("```bash\n").append(REGENERATE).append("\n```\n\n");
		page.append("`ConfigurationReferenceTests` fails while this page and the metadata differ. How the lease Redis\n"
				+ "is chosen and which settings stop startup: the README's [Configuration](../README.md#configuration).\n"
				+ "Back to the [README](../README.md).\n\n");
		page.append("## Contents\n\n");
		tables.keySet()
			.forEach((title) -> page.append("- [")
				.append(title)
				.append("](#")
				.append(DocPages.anchor(title))
				.append(")\n"));
		tables.forEach((title, rows) -> {
			page.append("\n## ").append(title).append("\n\n");
			String description = groupDescription(metadata, title);
			if (description != null) {
				page.append(description).append("\n\n");
			}
			page.append("| key | type | default | description |\n|---|---|---|---|\n");
			rows.forEach((property) -> page.append(row(property, metadata)));
		});
		return page.toString();
	}

	private static String title(JsonNode property) {
		String name = property.get("name").asString();
		if ("error".equals(property.path("deprecation").path("level").asString(""))) {
			return REMOVED;
		}
		String best = null;
		for (String prefix : GROUPS.keySet()) {
			if (name.startsWith(prefix + ".") && (best == null || prefix.length() > best.length())) {
				best = prefix;
			}
		}
		String group = name.substring(0, name.lastIndexOf('.'));
		if (best == null || (best.equals(ConfigurationMetadata.PREFIX) && !group.equals(best))) {
			// a prefix without a title of its own: a table named by the prefix
			return "`" + group + ".*`";
		}
		return GROUPS.get(best);
	}

	private static String groupDescription(JsonNode metadata, String title) {
		for (Map.Entry<String, String> group : GROUPS.entrySet()) {
			if (group.getValue().equals(title)) {
				for (JsonNode declared : metadata.path("groups")) {
					if (declared.get("name").asString().equals(group.getKey()) && declared.has("description")) {
						return declared.get("description").asString();
					}
				}
			}
		}
		return null;
	}

	private static String row(JsonNode property, JsonNode metadata) {
		String name = property.get("name").asString();
		String description = property.path("description").asString("");
		JsonNode deprecation = property.path("deprecation");
		if (deprecation.has("replacement")) {
			description = (description + " Replaced by `" + deprecation.get("replacement").asString() + "`: "
					+ deprecation.path("reason").asString(""))
				.trim();
		}
		List<String> values = new ArrayList<>();
		for (JsonNode hint : metadata.path("hints")) {
			if (hint.get("name").asString().equals(name)) {
				for (JsonNode value : hint.path("values")) {
					values.add("`" + value.get("value").asString() + "`");
					if (value.has("description")) {
						description += " `" + value.get("value").asString() + "`: "
								+ value.get("description").asString();
					}
				}
			}
		}
		String type = values.isEmpty() ? "`" + simpleType(property.path("type").asString("")) + "`"
				: String.join(", ", values);
		return "| `" + name + "` | " + type + " | " + defaultValue(property.get("defaultValue")) + " | "
				+ cell(description) + " |\n";
	}

	/**
	 * {@code java.util.Map<java.lang.String,java.lang.String>} as
	 * {@code Map<String, String>}.
	 */
	static String simpleType(String type) {
		return type.replaceAll("\\b[a-z][a-z0-9_]*\\.", "").replaceAll("\\b[A-Z]\\w*\\$", "").replace(",", ", ");
	}

	private static String defaultValue(JsonNode value) {
		if (value == null || value.isNull()) {
			return "";
		}
		if (value.isArray()) {
			List<String> items = new ArrayList<>();
			value.forEach((item) -> items.add(item.asString()));
			return "`" + String.join(",", items) + "`";
		}
		return "`" + (value.isString() ? value.asString() : value.toString()) + "`";
	}

	private static String cell(String text) {
		return text.replace("\r", "").replace("\n", " ").replace("|", "\\|").trim();
	}

}
