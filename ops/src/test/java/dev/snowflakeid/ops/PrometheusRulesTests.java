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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.snowflakeid.testsupport.Command;
import dev.snowflakeid.testsupport.DocPages;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The alerting rules: valid for Prometheus, unit-tested with promtool (for every alert,
 * series that must fire it and series that must not), each with a severity and a runbook
 * section, and covering every condition docs/operations.md asks operators to alert on.
 */
class PrometheusRulesTests {

	static final Path PROMETHEUS = Path.of("prometheus");

	static final Path RUNBOOK = Path.of("..", "docs", "runbook.md");

	private static final String INSTALL_PROMTOOL = "install it with `apt-get install prometheus` (Debian), "
			+ "or run .ci/run, which installs what the tests need";

	@Test
	@RealProcesses
	void promtoolAcceptsTheRules() {
		assertPromtoolSucceeds("check", "rules", "snowflake-rules.yml");
	}

	@Test
	@RealProcesses
	void promtoolUnitTestsPass() {
		assertPromtoolSucceeds("test", "rules", "snowflake-rules.test.yml");
	}

	private static void assertPromtoolSucceeds(String... arguments) {
		String[] command = new String[arguments.length + 1];
		command[0] = "promtool";
		System.arraycopy(arguments, 0, command, 1, arguments.length);
		Command promtool = Command.run(PROMETHEUS, Duration.ofMinutes(2), INSTALL_PROMTOOL, command);
		assertThat(promtool.exitCode()).as(promtool.output()).isZero();
		assertThat(promtool.output()).contains("SUCCESS");
	}

	@Test
	void everyAlertIsTestedFiringAndNotFiring() {
		Map<String, Boolean[]> seen = new TreeMap<>();
		alerts().forEach((alert) -> seen.put((String) alert.get("alert"), new Boolean[] { false, false }));
		for (Map<String, Object> test : list(yaml(PROMETHEUS.resolve("snowflake-rules.test.yml")).get("tests"))) {
			for (Map<String, Object> expectation : list(test.getOrDefault("alert_rule_test", List.of()))) {
				Boolean[] fires = seen.get((String) expectation.get("alertname"));
				assertThat(fires).as("tested alert %s is in the rules", expectation.get("alertname")).isNotNull();
				List<Map<String, Object>> expected = list(expectation.get("exp_alerts"));
				int series = list(test.get("input_series")).size();
				fires[0] |= !expected.isEmpty();
				// silent at this time, or some input series present that did not fire it
				fires[1] |= expected.isEmpty() || expected.size() < series;
			}
		}
		assertThat(seen).as("alerts in snowflake-rules.yml").isNotEmpty().allSatisfy((alert, fires) -> {
			assertThat(fires[0]).as("%s has series that fire it", alert).isTrue();
			assertThat(fires[1]).as("%s has series that must not fire it", alert).isTrue();
		});
	}

	@Test
	void everyAlertHasASeverityAndDescribesItselfWithARunbookSection() throws IOException {
		Set<String> anchors = DocPages.anchors(Files.readString(RUNBOOK));
		assertThat(alerts()).isNotEmpty().allSatisfy((alert) -> {
			String name = (String) alert.get("alert");
			Map<String, Object> labels = map(alert.get("labels"));
			Map<String, Object> annotations = map(alert.get("annotations"));
			assertThat(labels.get("severity")).as(name).isIn("critical", "warning");
			assertThat(annotations).as(name).containsKeys("summary", "description", "runbook_url");
			String url = (String) annotations.get("runbook_url");
			assertThat(url).as(name).isEqualTo("docs/runbook.md#" + DocPages.anchor(name));
			assertThat(anchors).as("docs/runbook.md has a section for %s", name).contains(DocPages.anchor(name));
		});
	}

	@Test
	void everyMetricTheOperationsPageSaysToAlertOnHasAnAlert() {
		String section = DocPages.section("docs/operations.md", "Alerts worth setting");
		Set<String> named = new LinkedHashSet<>();
		Matcher metric = Pattern.compile("snowflake_[a-z_]+").matcher(section);
		while (metric.find()) {
			named.add(metric.group());
		}
		assertThat(named).isNotEmpty();
		Set<String> alerted = new LinkedHashSet<>();
		OperationsKit kit = OperationsKit.load();
		for (OperationsKit.Query query : kit.queries()) {
			if (query.origin().startsWith("alert ")) {
				alerted.addAll(metricsBehind(query.expression(), kit));
			}
		}
		assertThat(alerted).containsAll(named);
	}

	// metrics an expression reads, through the recording rules it uses
	private static Set<String> metricsBehind(String expression, OperationsKit kit) {
		Set<String> metrics = new LinkedHashSet<>();
		for (PromQl.Selector selector : PromQl.references(expression).selectors()) {
			metrics.add(selector.metric());
			kit.queries()
				.stream()
				.filter((query) -> query.origin().equals("recording rule " + selector.metric()))
				.forEach((rule) -> metrics.addAll(metricsBehind(rule.expression(), kit)));
		}
		return metrics;
	}

	static List<Map<String, Object>> alerts() {
		List<Map<String, Object>> alerts = new ArrayList<>();
		for (Map<String, Object> group : list(yaml(PROMETHEUS.resolve("snowflake-rules.yml")).get("groups"))) {
			list(group.get("rules")).stream().filter((rule) -> rule.containsKey("alert")).forEach(alerts::add);
		}
		return alerts;
	}

	private static Map<String, Object> yaml(Path file) {
		try {
			return new Yaml().load(Files.readString(file));
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@SuppressWarnings("unchecked")
	private static List<Map<String, Object>> list(Object value) {
		return (List<Map<String, Object>>) value;
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> map(Object value) {
		return (Map<String, Object>) value;
	}

}
