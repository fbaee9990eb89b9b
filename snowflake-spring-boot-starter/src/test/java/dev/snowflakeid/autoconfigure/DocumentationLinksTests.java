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

/**
 * Every relative link of the documentation ({@code README.md}, {@code CONTRIBUTING.md},
 * {@code docs/*.md}) reaches a file that exists and, with a {@code #fragment}, a heading
 * of that page under GitHub's anchor rules; so do the {@code docs/page.md#anchor}
 * references in the modules' sources (failure analyses, Javadoc, scripts). Every
 * {@code docs/} page opens with a table of contents that lists each of its sections.
 */
class DocumentationLinksTests {

	private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

	private static final Pattern SOURCE_REFERENCE = Pattern.compile("\\bdocs/[a-z0-9-]+\\.md(?:#[a-z0-9_-]+)?");

	@Test
	void everyRelativeLinkAndAnchorOfTheDocumentationResolves() throws IOException {
		List<String> broken = new ArrayList<>();
		List<String> pages = pages();
		int links = 0;
		for (String page : pages) {
			Path from = DocPages.path(page).getParent();
			for (String target : links(DocPages.read(page))) {
				links++;
				String problem = problem(from, page, target);
				if (problem != null) {
					broken.add(page + ": (" + target + ") " + problem);
				}
			}
		}
		assertThat(pages).contains("README.md", "CONTRIBUTING.md", "docs/safety-model.md", "docs/configuration.md");
		assertThat(links).as("links checked").isGreaterThan(50);
		assertThat(broken).as("broken links").isEmpty();
	}

	@Test
	void everyDocsReferenceInTheSourcesResolves() throws IOException {
		Path root = DocPages.root();
		List<String> broken = new ArrayList<>();
		int references = 0;
		try (Stream<Path> files = Files.walk(root)) {
			for (Path file : files.filter(DocumentationLinksTests::source).toList()) {
				Matcher reference = SOURCE_REFERENCE.matcher(Files.readString(file));
				while (reference.find()) {
					references++;
					String problem = problem(root, "", reference.group());
					if (problem != null) {
						broken.add(root.relativize(file) + ": " + reference.group() + " " + problem);
					}
				}
			}
		}
		assertThat(references).as("docs/ references in the sources").isPositive();
		assertThat(broken).as("broken docs/ references").isEmpty();
	}

	@Test
	void everyDocsPageOpensWithItsContents() throws IOException {
		for (String page : pages()) {
			if (!page.startsWith("docs/")) {
				continue;
			}
			String markdown = DocPages.read(page);
			List<String> headings = DocPages.headings(markdown);
			assertThat(headings).as("%s: title, then Contents", page).hasSizeGreaterThan(2);
			assertThat(headings.get(1)).as("%s: first section", page).isEqualTo("Contents");
			List<String> listed = links(DocPages.section(page, "Contents"));
			List<String> sections = new ArrayList<>(DocPages.anchors(markdown)).subList(2, headings.size());
			assertThat(listed).as("%s: contents", page)
				.containsExactlyElementsOf(sections.stream().map((anchor) -> "#" + anchor).toList());
		}
	}

	@Test
	void anchorsFollowGitHubsRules() {
		assertThat(DocPages.anchors("# A\n## The `snowflake` endpoint\n```\n# not a heading\n```\n## A\n"))
			.containsExactly("a", "the-snowflake-endpoint", "a-1");
		assertThat(DocPages.anchor("The argument, one checkable claim at a time"))
			.isEqualTo("the-argument-one-checkable-claim-at-a-time");
	}

	private static List<String> pages() throws IOException {
		List<String> pages = new ArrayList<>(List.of("README.md", "CONTRIBUTING.md"));
		try (Stream<Path> docs = Files.list(DocPages.path("docs"))) {
			docs.map((path) -> "docs/" + path.getFileName())
				.filter((page) -> page.endsWith(".md"))
				.sorted()
				.forEach(pages::add);
		}
		return pages;
	}

	/**
	 * Link targets outside fenced code blocks and inline code, absolute URLs left out.
	 */
	private static List<String> links(String markdown) {
		List<String> targets = new ArrayList<>();
		boolean fence = false;
		for (String line : markdown.lines().toList()) {
			fence ^= line.startsWith("```");
			if (fence || line.startsWith("```")) {
				continue;
			}
			Matcher link = LINK.matcher(line.replaceAll("`[^`]*`", "``"));
			while (link.find()) {
				String target = link.group(1);
				if (!target.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
					targets.add(target);
				}
			}
		}
		return targets;
	}

	/**
	 * Why {@code target}, written in {@code page} (in {@code from}), does not resolve;
	 * null if it does.
	 */
	private static String problem(Path from, String page, String target) throws IOException {
		int hash = target.indexOf('#');
		String file = (hash >= 0) ? target.substring(0, hash) : target;
		String fragment = (hash >= 0) ? target.substring(hash + 1) : null;
		Path resolved = file.isEmpty() ? DocPages.path(page) : from.resolve(file).normalize();
		if (!Files.exists(resolved)) {
			return "no such file";
		}
		if (fragment != null) {
			if (!resolved.toString().endsWith(".md")) {
				return "an anchor on a file that is not a page";
			}
			if (!DocPages.anchors(Files.readString(resolved)).contains(fragment)) {
				return "no heading with anchor #" + fragment;
			}
		}
		return null;
	}

	private static boolean source(Path file) {
		String path = file.toString().replace('\\', '/');
		return path.contains("/src/main/") && !path.contains("/target/") && !path.contains("/node_modules/")
				&& Files.isRegularFile(file);
	}

}
