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
package dev.snowflakeid.ops;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Reads the Prometheus text exposition format into metric name, then label, then the
 * values seen for it.
 */
final class Exposition {

	private Exposition() {
	}

	static Map<String, Map<String, Set<String>>> parse(String text) {
		Map<String, Map<String, Set<String>>> metrics = new LinkedHashMap<>();
		for (String line : text.split("\n")) {
			line = line.strip();
			if (line.isEmpty() || line.startsWith("#")) {
				continue;
			}
			int brace = line.indexOf('{');
			int space = line.indexOf(' ');
			if (space < 0) {
				throw new IllegalArgumentException("no value in line: " + line);
			}
			boolean labelled = brace >= 0 && brace < space;
			String name = line.substring(0, labelled ? brace : space);
			Map<String, Set<String>> labels = metrics.computeIfAbsent(name, (key) -> new LinkedHashMap<>());
			if (labelled) {
				readLabels(line, brace + 1, labels);
			}
		}
		return metrics;
	}

	// name="value" pairs up to the closing brace; values escape \, " and newline with a
	// backslash.
	private static void readLabels(String line, int start, Map<String, Set<String>> labels) {
		int position = start;
		while (true) {
			while (line.charAt(position) == ',' || line.charAt(position) == ' ') {
				position++;
			}
			if (line.charAt(position) == '}') {
				return;
			}
			int equals = line.indexOf('=', position);
			String label = line.substring(position, equals).strip();
			if (line.charAt(equals + 1) != '"') {
				throw new IllegalArgumentException("label value must be quoted: " + line);
			}
			StringBuilder value = new StringBuilder();
			position = equals + 2;
			while (line.charAt(position) != '"') {
				char c = line.charAt(position++);
				if (c == '\\') {
					char escaped = line.charAt(position++);
					c = (escaped == 'n') ? '\n' : escaped;
				}
				value.append(c);
			}
			position++;
			labels.computeIfAbsent(label, (key) -> new LinkedHashSet<>()).add(value.toString());
		}
	}

}
