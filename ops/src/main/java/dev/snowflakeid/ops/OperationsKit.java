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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.snowflakeid.ops.PromQl.References;
import dev.snowflakeid.ops.PromQl.Selector;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Prometheus rules and the Grafana dashboard of this folder, as the queries they run,
 * and the check that every metric name, label and label value they use is one the
 * application exports. Run {@link #problemsWith(String)} on a real
 * {@code /actuator/prometheus} scrape, so that a renamed meter, tag or tag value breaks
 * the build instead of a production alert.
 */
public final class OperationsKit {

	/**
	 * Labels Prometheus adds to every scraped series; the application never exports them.
	 */
	static final Set<String> TARGET_LABELS = Set.of("job", "instance");

	private static final Pattern TEMPLATE_LABEL = Pattern.compile("\\$labels\\.([A-Za-z_][A-Za-z0-9_]*)");

	private static final Pattern LEGEND_LABEL = Pattern.compile("\\{\\{\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*}}");

	private static final Pattern LABEL_VALUES = Pattern
		.compile("label_values\\((.+),\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*\\)", Pattern.DOTALL);

	private final List<Query> queries;

	private final Map<String, Query> recordingRules;

	private OperationsKit(List<Query> queries, Map<String, Query> recordingRules) {
		this.queries = queries;
		this.recordingRules = recordingRules;
	}

	/** The rules and the dashboard shipped in this module's jar. */
	public static OperationsKit load() {
		return of(resource("snowflake-rules.yml"), resource("snowflake-dashboard.json"));
	}

	static OperationsKit of(String rulesYaml, String dashboardJson) {
		List<Query> queries = new ArrayList<>();
		Map<String, Query> recordingRules = new LinkedHashMap<>();
		readRules(rulesYaml, queries, recordingRules);
		readDashboard(dashboardJson, queries);
		return new OperationsKit(List.copyOf(queries), Map.copyOf(recordingRules));
	}

	/** Every query, with where it comes from. */
	List<Query> queries() {
		return this.queries;
	}

	/**
	 * What the rules and the dashboard use that the scrape lacks: metric names, labels on
	 * the metric they select, label values they match literally, labels they group or
	 * print by. Empty when all is there.
	 * @param exposition a scrape in the Prometheus text format
	 */
	public List<String> problemsWith(String exposition) {
		Map<String, Map<String, Set<String>>> exported = Exposition.parse(exposition);
		List<String> problems = new ArrayList<>();
		for (Query query : this.queries) {
			References references = PromQl.references(query.expression());
			Set<String> available = new LinkedHashSet<>(TARGET_LABELS);
			boolean complete = true;
			for (Selector selector : references.selectors()) {
				Map<String, Set<String>> labels = labelsOf(selector.metric(), exported);
				if (labels == null) {
					problems.add(query.origin() + ": metric " + selector.metric() + " is not exported");
					complete = false;
					continue;
				}
				available.addAll(labels.keySet());
				for (PromQl.Matcher matcher : selector.matchers()) {
					if (TARGET_LABELS.contains(matcher.label())) {
						continue;
					}
					Set<String> values = labels.get(matcher.label());
					if (values == null) {
						problems.add(query.origin() + ": " + selector.metric() + " has no label " + matcher.label());
					}
					else if (matcher.literal() && !values.isEmpty()) {
						for (String value : matcher.literalValues()) {
							if (!values.contains(value)) {
								problems.add(query.origin() + ": " + selector.metric() + " has no " + matcher.label()
										+ "=\"" + value + "\" (exported: " + values + ")");
							}
						}
					}
				}
			}
			Set<String> used = new LinkedHashSet<>(references.groupingLabels());
			used.addAll(query.labels());
			for (String label : used) {
				// with a metric missing, its labels are unknown: the missing metric is
				// the problem
				if (complete && !available.contains(label)) {
					problems.add(query.origin() + ": label " + label + " is on none of " + metricNames(references));
				}
			}
		}
		return problems;
	}

	// A recording rule's series carry the labels it aggregates by (values unknown: any
	// may match).
	private @Nullable Map<String, Set<String>> labelsOf(String metric, Map<String, Map<String, Set<String>>> exported) {
		Query rule = this.recordingRules.get(metric);
		if (rule == null) {
			return exported.get(metric);
		}
		Map<String, Set<String>> labels = new LinkedHashMap<>();
		References references = PromQl.references(rule.expression());
		if (references.groupingLabels().isEmpty()) {
			for (Selector selector : references.selectors()) {
				Map<String, Set<String>> source = labelsOf(selector.metric(), exported);
				if (source != null) {
					source.keySet().forEach((label) -> labels.put(label, Set.of()));
				}
			}
		}
		else {
			references.groupingLabels().forEach((label) -> labels.put(label, Set.of()));
		}
		return labels;
	}

	private static List<String> metricNames(References references) {
		return references.selectors().stream().map(Selector::metric).distinct().toList();
	}

	@SuppressWarnings("unchecked")
	private static void readRules(String yaml, List<Query> queries, Map<String, Query> recordingRules) {
		Map<String, Object> document = new Yaml().load(yaml);
		for (Map<String, Object> group : (List<Map<String, Object>>) required(document, "groups")) {
			for (Map<String, Object> rule : (List<Map<String, Object>>) required(group, "rules")) {
				String expression = (String) required(rule, "expr");
				if (rule.containsKey("record")) {
					Query query = new Query("recording rule " + rule.get("record"), expression, Set.of());
					queries.add(query);
					recordingRules.put((String) rule.get("record"), query);
				}
				else {
					Set<String> labels = new LinkedHashSet<>();
					Map<String, Object> annotations = (Map<String, Object>) rule.getOrDefault("annotations", Map.of());
					annotations.values()
						.forEach((text) -> labels.addAll(matches(TEMPLATE_LABEL, String.valueOf(text))));
					queries.add(new Query("alert " + rule.get("alert"), expression, labels));
				}
			}
		}
	}

	private static Object required(Map<String, Object> map, String key) {
		return Objects.requireNonNull(map.get(key), () -> "the alert rules lack '" + key + "'");
	}

	private static void readDashboard(String json, List<Query> queries) {
		JsonNode dashboard = JsonMapper.builder().build().readTree(json);
		for (JsonNode variable : dashboard.path("templating").path("list")) {
			if ("query".equals(variable.path("type").asString())) {
				JsonNode query = variable.path("query");
				String text = query.isObject() ? query.path("query").asString() : query.asString();
				Matcher labelValues = LABEL_VALUES.matcher(text);
				String origin = "dashboard variable " + variable.path("name").asString();
				if (labelValues.matches()) {
					queries.add(new Query(origin, labelValues.group(1), Set.of(labelValues.group(2))));
				}
				else {
					queries.add(new Query(origin, text, Set.of()));
				}
			}
		}
		for (JsonNode panel : dashboard.path("panels")) {
			readPanel(panel, queries);
		}
	}

	private static void readPanel(JsonNode panel, List<Query> queries) {
		for (JsonNode nested : panel.path("panels")) {
			readPanel(nested, queries);
		}
		for (JsonNode target : panel.path("targets")) {
			String origin = "dashboard panel \"" + panel.path("title").asString() + "\" query "
					+ target.path("refId").asString();
			queries.add(new Query(origin, target.path("expr").asString(),
					Set.copyOf(matches(LEGEND_LABEL, target.path("legendFormat").asString()))));
		}
	}

	private static List<String> matches(Pattern pattern, String text) {
		List<String> found = new ArrayList<>();
		Matcher matcher = pattern.matcher(text);
		while (matcher.find()) {
			found.add(matcher.group(1));
		}
		return found;
	}

	private static String resource(String name) {
		try (InputStream in = OperationsKit.class.getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException(
						name + " is not on the classpath next to " + OperationsKit.class.getName());
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * One PromQL expression and the labels its surroundings print (annotation templates,
	 * legends) or list (Grafana's {@code label_values}).
	 */
	record Query(String origin, String expression, Set<String> labels) {
	}

}
