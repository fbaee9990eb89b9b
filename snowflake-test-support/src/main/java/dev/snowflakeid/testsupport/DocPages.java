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
package dev.snowflakeid.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's documentation ({@code README.md}, {@code CONTRIBUTING.md} and the pages
 * under {@code docs/}) as the tests that hold it to the code read it: a whole page, one
 * section of it, or its headings' anchors. Pages are named by their path from the
 * repository root ({@code "docs/redis.md"}), so a test reads the page that holds the text
 * it checks whichever module it runs in.
 */
public final class DocPages {

	private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.+?)\\s*#*\\s*$");

	private DocPages() {
	}

	/**
	 * The repository root: the nearest directory, from the working directory up, that
	 * holds {@code README.md} and {@code docs/}.
	 */
	public static Path root() {
		Path directory = Path.of("").toAbsolutePath();
		for (Path candidate = directory; candidate != null; candidate = candidate.getParent()) {
			if (Files.isRegularFile(candidate.resolve("README.md")) && Files.isDirectory(candidate.resolve("docs"))) {
				return candidate;
			}
		}
		throw new IllegalStateException("No README.md and docs/ in " + directory + " or above");
	}

	/** The file of {@code page}, a path from the repository root. */
	public static Path path(String page) {
		return root().resolve(page);
	}

	/** The text of {@code page}, a path from the repository root. */
	public static String read(String page) {
		try {
			return Files.readString(path(page));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The section of {@code page} under the heading {@code heading} (its text as written,
	 * without the leading hashes): from the heading line up to the next heading of the
	 * same or a higher level, or the end of the page.
	 * @throws AssertionError if the page has no such heading
	 */
	public static String section(String page, String heading) {
		List<String> lines = read(page).lines().toList();
		int level = 0;
		StringBuilder section = new StringBuilder();
		boolean fence = false;
		for (String line : lines) {
			fence ^= line.startsWith("```");
			Matcher matcher = fence ? null : HEADING.matcher(line);
			if (matcher != null && matcher.matches()) {
				int depth = matcher.group(1).length();
				if (level > 0 && depth <= level) {
					break;
				}
				if (level == 0 && matcher.group(2).equals(heading)) {
					level = depth;
				}
			}
			if (level > 0) {
				section.append(line).append('\n');
			}
		}
		if (level == 0) {
			throw new AssertionError(page + " has no heading \"" + heading + "\"");
		}
		return section.toString();
	}

	/**
	 * The anchors GitHub gives the headings of {@code markdown}, in order: lower case,
	 * punctuation dropped, spaces to hyphens, and {@code -1}, {@code -2}, ... appended to
	 * repeats. Lines inside fenced code blocks are not headings.
	 */
	public static Set<String> anchors(String markdown) {
		Set<String> anchors = new LinkedHashSet<>();
		Map<String, Integer> seen = new HashMap<>();
		for (String heading : headings(markdown)) {
			String anchor = anchor(heading);
			int repeats = seen.merge(anchor, 1, Integer::sum) - 1;
			anchors.add((repeats == 0) ? anchor : anchor + "-" + repeats);
		}
		return anchors;
	}

	/** The anchor GitHub gives one heading (without the suffix of a repeat). */
	public static String anchor(String heading) {
		return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
	}

	/** The text of every heading of {@code markdown}, outside fenced code blocks. */
	public static List<String> headings(String markdown) {
		List<String> headings = new ArrayList<>();
		boolean fence = false;
		for (String line : markdown.lines().toList()) {
			fence ^= line.startsWith("```");
			Matcher matcher = HEADING.matcher(line);
			if (!fence && matcher.matches()) {
				headings.add(matcher.group(2));
			}
		}
		return headings;
	}

}
