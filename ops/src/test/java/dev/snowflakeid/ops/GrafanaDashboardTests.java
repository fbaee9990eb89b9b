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
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.snowflakeid.testsupport.Command;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Grafana dashboard: importable into any Grafana with a Prometheus data source (the
 * data source is a variable), of the schema version it declares, one row per region, and
 * showing what an operator asks first.
 */
class GrafanaDashboardTests {

	static final Path GRAFANA = Path.of("grafana");

	private static final String DATASOURCE = "${datasource}";

	private static JsonNode dashboard;

	private static List<JsonNode> panels;

	@BeforeAll
	static void read() throws IOException {
		dashboard = JsonMapper.builder()
			.build()
			.readTree(Files.readString(GRAFANA.resolve("snowflake-dashboard.json")));
		panels = new ArrayList<>();
		dashboard.path("panels").forEach(panels::add);
	}

	@Test
	void declaresSchemaVersion41AndHasItsShape() {
		assertThat(dashboard.path("schemaVersion").asInt()).isEqualTo(41);
		// what the migrations up to 41 normalise: refresh is a string (40), no
		// timepicker.time_options (41)
		assertThat(dashboard.path("refresh").isString()).isTrue();
		assertThat(dashboard.path("timepicker").has("time_options")).isFalse();
		// and what 42 would change: no field hidden from the visualisation only
		assertThat(dashboard.toString()).doesNotContain("custom.hideFrom");
		// no Angular panel (graph, singlestat, table-old): Grafana 12 no longer renders
		// them
		assertThat(panels).extracting((panel) -> panel.path("type").asString())
			.allMatch(Set.of("row", "timeseries", "stat")::contains);
		assertThat(dashboard.path("uid").asString()).isEqualTo("snowflake-ids");
		assertThat(dashboard.path("id").isNull()).as("no instance-specific id").isTrue();
	}

	@Test
	void theDataSourceIsAVariableThatEveryQueryUses() {
		JsonNode variable = variable("datasource");
		assertThat(variable.path("type").asString()).isEqualTo("datasource");
		assertThat(variable.path("query").asString()).isEqualTo("prometheus");
		assertThat(dashboard.path("__inputs")).as("nothing to map on import").isEmpty();
		for (JsonNode query : List.of(variable("job"), variable("region"))) {
			assertThat(query.path("datasource").path("uid").asString()).isEqualTo(DATASOURCE);
		}
		for (JsonNode panel : panels) {
			if ("row".equals(panel.path("type").asString())) {
				continue;
			}
			assertThat(panel.path("datasource").path("uid").asString()).as(title(panel)).isEqualTo(DATASOURCE);
			assertThat(panel.path("targets")).as(title(panel)).isNotEmpty().allSatisfy((target) -> {
				assertThat(target.path("datasource").path("uid").asString()).isEqualTo(DATASOURCE);
				assertThat(target.path("expr").asString()).contains("job=~\"$job\"", "region=~\"$region\"");
			});
		}
	}

	@Test
	void oneRowPerRegionHoldsEveryPanel() {
		JsonNode region = variable("region");
		assertThat(region.path("type").asString()).isEqualTo("query");
		assertThat(region.path("multi").asBoolean()).isTrue();
		assertThat(region.path("includeAll").asBoolean()).isTrue();
		List<JsonNode> rows = panels.stream().filter((panel) -> "row".equals(panel.path("type").asString())).toList();
		assertThat(rows).hasSize(1);
		JsonNode row = rows.get(0);
		assertThat(row.path("repeat").asString()).isEqualTo("region");
		assertThat(row.path("title").asString()).contains("$region");
		assertThat(row.path("collapsed").asBoolean()).isFalse();
		assertThat(panels.get(0)).as("the row comes first, every panel below it repeats with it").isSameAs(row);
		Set<Integer> ids = new HashSet<>();
		for (JsonNode panel : panels) {
			assertThat(ids.add(panel.path("id").asInt())).as("unique id of %s", title(panel)).isTrue();
			JsonNode grid = panel.path("gridPos");
			assertThat(grid.path("x").asInt() + grid.path("w").asInt()).as(title(panel)).isLessThanOrEqualTo(24);
			if (panel != row) {
				assertThat(grid.path("y").asInt()).as(title(panel))
					.isGreaterThan(row.path("gridPos").path("y").asInt());
			}
		}
	}

	@Test
	void showsIssuedAndRefusedIdsWaitsLeasesFreeCodesEpochAndBorrowedLead() {
		Set<String> metrics = new LinkedHashSet<>();
		Set<String> groupings = new LinkedHashSet<>();
		for (JsonNode panel : panels) {
			for (JsonNode target : panel.path("targets")) {
				PromQl.References references = PromQl.references(target.path("expr").asString());
				references.selectors().forEach((selector) -> metrics.add(selector.metric()));
				groupings.addAll(references.groupingLabels());
			}
		}
		assertThat(metrics).contains("snowflake_ids_issued_total", "snowflake_ids_refused_total",
				"snowflake_wait_seconds_count", "snowflake_wait_seconds_sum", "snowflake_lease_remaining_seconds",
				"snowflake_lease_renewals_total", "snowflake_worker_codes_available",
				"snowflake_epoch_remaining_seconds", "snowflake_clock_borrowed_seconds", "snowflake_issuable");
		assertThat(groupings).contains("reason", "result", "instance");
	}

	@Test
	@RealProcesses
	void matchesTheDashboardTypesGrafanaPublishesForItsSchemaVersion() throws IOException {
		Path work = Path.of("target", "grafana-schema-check");
		Files.createDirectories(work);
		for (String file : List.of("package.json", "package-lock.json", "check-dashboard.mjs")) {
			Files.copy(GRAFANA.resolve("schema-check").resolve(file), work.resolve(file),
					StandardCopyOption.REPLACE_EXISTING);
		}
		String install = "install Node.js with npm (apt-get install nodejs npm)";
		if (!Files.isDirectory(work.resolve("node_modules").resolve("@grafana").resolve("schema"))) {
			Command ci = Command.run(work, Duration.ofMinutes(5), install, "npm", "ci", "--no-audit", "--no-fund");
			assertThat(ci.exitCode()).as(ci.output()).isZero();
		}
		Command check = Command.run(work, Duration.ofMinutes(2), install, "node", "check-dashboard.mjs",
				GRAFANA.resolve("snowflake-dashboard.json").toAbsolutePath().toString());
		assertThat(check.exitCode()).as(check.output()).isZero();
		assertThat(check.output()).contains("matches the Dashboard type of @grafana/schema 12.1.1");
	}

	private static JsonNode variable(String name) {
		for (JsonNode variable : dashboard.path("templating").path("list")) {
			if (name.equals(variable.path("name").asString())) {
				return variable;
			}
		}
		throw new AssertionError("no variable " + name);
	}

	private static String title(JsonNode panel) {
		return panel.path("title").asString();
	}

}
