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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.snowflakeid.testsupport.DocPages;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * {@code docs/configuration.md} is exactly what the configuration metadata renders to
 * ({@link ConfigurationReference}), and it is the only table of properties: the README
 * and the other pages link to it. With {@code -Dsnowflake.docs.write=true} the test
 * writes the page first, which is how it is regenerated.
 */
class ConfigurationReferenceTests {

	private static final Pattern PROPERTY_ROW = Pattern
		.compile("(?m)^\\| `((?:management\\.health\\.)?snowflake\\.[a-z0-9.-]+)`");

	private final String generated = ConfigurationReference.render(ConfigurationMetadata.readAll());

	@Test
	void thePageIsWhatTheMetadataRendersTo() throws IOException {
		Path page = DocPages.path(ConfigurationReference.PAGE);
		if (Boolean.getBoolean("snowflake.docs.write")) {
			Files.writeString(page, this.generated);
		}
		String current = Files.exists(page) ? Files.readString(page) : "";
		if (!current.equals(this.generated)) {
			fail(ConfigurationReference.PAGE + " differs from the configuration metadata (- page, + metadata):\n"
					+ diff(current.lines().toList(), this.generated.lines().toList()) + "\nRegenerate it with\n  "
					+ ConfigurationReference.REGENERATE);
		}
	}

	@Test
	void everyPropertyHasOneRow() {
		assertThat(rows(this.generated)).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(properties());
	}

	@Test
	void noOtherPageHoldsATableOfProperties() throws IOException {
		List<String> pages = new ArrayList<>(List.of("README.md", "CONTRIBUTING.md"));
		try (Stream<Path> docs = Files.list(DocPages.path("docs"))) {
			docs.map((path) -> "docs/" + path.getFileName())
				.filter((page) -> page.endsWith(".md") && !page.equals(ConfigurationReference.PAGE))
				.sorted()
				.forEach(pages::add);
		}
		for (String page : pages) {
			assertThat(rows(DocPages.read(page))).as("property rows in %s", page)
				.doesNotContainAnyElementsOf(properties());
		}
	}

	private static List<String> properties() {
		List<String> names = new ArrayList<>();
		ConfigurationMetadata.readAll()
			.path("properties")
			.forEach((property) -> names.add(property.get("name").asString()));
		return names.stream().distinct().toList();
	}

	private static List<String> rows(String markdown) {
		List<String> rows = new ArrayList<>();
		Matcher row = PROPERTY_ROW.matcher(markdown);
		while (row.find()) {
			rows.add(row.group(1));
		}
		return rows;
	}

	/** The lines that differ, numbered, from a longest common subsequence of both. */
	static String diff(List<String> before, List<String> after) {
		int[][] common = new int[before.size() + 1][after.size() + 1];
		for (int i = before.size() - 1; i >= 0; i--) {
			for (int j = after.size() - 1; j >= 0; j--) {
				common[i][j] = before.get(i).equals(after.get(j)) ? common[i + 1][j + 1] + 1
						: Math.max(common[i + 1][j], common[i][j + 1]);
			}
		}
		StringBuilder diff = new StringBuilder();
		int i = 0;
		int j = 0;
		while (i < before.size() || j < after.size()) {
			if (i < before.size() && j < after.size() && before.get(i).equals(after.get(j))) {
				i++;
				j++;
			}
			else if (j < after.size() && (i == before.size() || common[i][j + 1] >= common[i + 1][j])) {
				diff.append(String.format("+%4d %s%n", j + 1, after.get(j++)));
			}
			else {
				diff.append(String.format("-%4d %s%n", i + 1, before.get(i++)));
			}
		}
		return diff.toString();
	}

}
