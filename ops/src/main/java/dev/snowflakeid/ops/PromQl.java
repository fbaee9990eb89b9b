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

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The series an expression selects and the labels it groups by: as much of PromQL as it
 * takes to tell which metric names and labels a rule or a dashboard query depends on.
 * Grafana's {@code $variables} may stand in range brackets and label values. Not a
 * validator: {@code promtool check rules} is that.
 */
final class PromQl {

	/** Keywords that group or match by labels; a parenthesised label list follows. */
	private static final Set<String> LABEL_LIST_KEYWORDS = Set.of("by", "without", "on", "ignoring", "group_left",
			"group_right");

	/**
	 * Aggregation operators: like functions, but {@code by (...)} may stand between name
	 * and argument.
	 */
	private static final Set<String> AGGREGATIONS = Set.of("sum", "min", "max", "avg", "group", "stddev", "stdvar",
			"count", "count_values", "bottomk", "topk", "quantile", "limitk", "limit_ratio");

	private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset", "atan2", "inf", "nan");

	private final String text;

	private int position;

	private final List<Selector> selectors = new ArrayList<>();

	private final Set<String> groupingLabels = new LinkedHashSet<>();

	private PromQl(String text) {
		this.text = text;
	}

	/** Reads the selectors and grouping labels of an expression. */
	static References references(String expression) {
		PromQl parser = new PromQl(expression);
		parser.parse();
		return new References(List.copyOf(parser.selectors), Set.copyOf(parser.groupingLabels));
	}

	private void parse() {
		while (this.position < this.text.length()) {
			char c = this.text.charAt(this.position);
			if (Character.isWhitespace(c)) {
				this.position++;
			}
			else if (c == '#') {
				skipToEndOfLine();
			}
			else if (c == '"' || c == '\'' || c == '`') {
				readString();
			}
			else if (c == '[') {
				skipPast(']');
			}
			else if (c == '{') {
				// a selector without a metric name: its matchers name no metric
				readMatchers();
			}
			else if (Character.isDigit(c) || (c == '.' && this.position + 1 < this.text.length()
					&& Character.isDigit(this.text.charAt(this.position + 1)))) {
				readWhile(PromQl::isNumberPart);
			}
			else if (c == '$') {
				this.position++;
				readWhile((ch) -> ch == '{' || ch == '}' || isIdentifierPart(ch));
			}
			else if (isIdentifierStart(c)) {
				identifier(readWhile(PromQl::isIdentifierPart));
			}
			else {
				this.position++;
			}
		}
	}

	private void identifier(String name) {
		String lower = name.toLowerCase(Locale.ROOT);
		char next = peekNonWhitespace();
		if (LABEL_LIST_KEYWORDS.contains(lower)) {
			if (next == '(') {
				skipWhitespace();
				this.position++;
				readLabelList();
			}
		}
		else if (KEYWORDS.contains(lower) || AGGREGATIONS.contains(lower) || next == '(') {
			// an operator, an aggregation or a function: its arguments are read as they
			// come
		}
		else if (next == '{') {
			skipWhitespace();
			this.selectors.add(new Selector(name, readMatchers()));
		}
		else {
			this.selectors.add(new Selector(name, List.of()));
		}
	}

	private void readLabelList() {
		while (this.position < this.text.length()) {
			skipWhitespace();
			char c = this.text.charAt(this.position);
			if (c == ')') {
				this.position++;
				return;
			}
			if (c == ',') {
				this.position++;
			}
			else if (isIdentifierStart(c)) {
				this.groupingLabels.add(readWhile(PromQl::isIdentifierPart));
			}
			else {
				throw error("label name expected");
			}
		}
		throw error("unclosed label list");
	}

	private List<Matcher> readMatchers() {
		this.position++;
		List<Matcher> matchers = new ArrayList<>();
		while (true) {
			skipWhitespace();
			if (this.position >= this.text.length()) {
				throw error("unclosed label matchers");
			}
			char c = this.text.charAt(this.position);
			if (c == '}') {
				this.position++;
				return matchers;
			}
			if (c == ',') {
				this.position++;
				continue;
			}
			if (!isIdentifierStart(c)) {
				throw error("label name expected");
			}
			String label = readWhile(PromQl::isIdentifierPart);
			skipWhitespace();
			String operator = readWhile((ch) -> ch == '=' || ch == '!' || ch == '~');
			if (!Set.of("=", "!=", "=~", "!~").contains(operator)) {
				throw error("matcher operator expected after " + label);
			}
			skipWhitespace();
			matchers.add(new Matcher(label, operator, readString()));
		}
	}

	private String readString() {
		char quote = this.text.charAt(this.position);
		if (quote != '"' && quote != '\'' && quote != '`') {
			throw error("string expected");
		}
		this.position++;
		StringBuilder value = new StringBuilder();
		while (this.position < this.text.length()) {
			char c = this.text.charAt(this.position++);
			if (c == quote) {
				return value.toString();
			}
			if (c == '\\' && quote != '`' && this.position < this.text.length()) {
				c = this.text.charAt(this.position++);
			}
			value.append(c);
		}
		throw error("unclosed string");
	}

	private String readWhile(CharPredicate predicate) {
		int start = this.position;
		while (this.position < this.text.length() && predicate.test(this.text.charAt(this.position))) {
			this.position++;
		}
		return this.text.substring(start, this.position);
	}

	private void skipPast(char close) {
		int end = this.text.indexOf(close, this.position);
		if (end < 0) {
			throw error("missing " + close);
		}
		this.position = end + 1;
	}

	private void skipToEndOfLine() {
		int end = this.text.indexOf('\n', this.position);
		this.position = (end < 0) ? this.text.length() : end + 1;
	}

	private void skipWhitespace() {
		readWhile(Character::isWhitespace);
	}

	private char peekNonWhitespace() {
		int at = this.position;
		while (at < this.text.length() && Character.isWhitespace(this.text.charAt(at))) {
			at++;
		}
		return (at < this.text.length()) ? this.text.charAt(at) : 0;
	}

	private IllegalArgumentException error(String message) {
		return new IllegalArgumentException(message + " at " + this.position + " in: " + this.text);
	}

	private static boolean isIdentifierStart(char c) {
		return Character.isLetter(c) || c == '_' || c == ':';
	}

	private static boolean isIdentifierPart(char c) {
		return isIdentifierStart(c) || Character.isDigit(c);
	}

	private static boolean isNumberPart(char c) {
		return Character.isLetterOrDigit(c) || c == '.' || c == '_';
	}

	@FunctionalInterface
	private interface CharPredicate {

		boolean test(char c);

	}

	/**
	 * A label matcher such as {@code reason=~"a|b"}; the value as written, Grafana
	 * variables included.
	 */
	record Matcher(String label, String operator, String value) {

		/**
		 * Whether the value is a plain name or an alternation of plain names, so each
		 * must exist.
		 */
		boolean literal() {
			return switch (this.operator) {
				case "=" -> !this.value.contains("$");
				case "=~" -> this.value.matches("[A-Za-z0-9_]+(\\|[A-Za-z0-9_]+)*");
				default -> false;
			};
		}

		List<String> literalValues() {
			return List.of(this.value.split("\\|"));
		}

	}

	/** A metric name with its matchers. */
	record Selector(String metric, List<Matcher> matchers) {
	}

	/** What an expression refers to. */
	record References(List<Selector> selectors, Set<String> groupingLabels) {
	}

}
