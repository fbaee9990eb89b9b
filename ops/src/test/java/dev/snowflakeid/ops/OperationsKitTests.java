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

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OperationsKitTests {

	private static final String RULES = """
			groups:
			  - name: r
			    rules:
			      - record: job_region:m:rate5m
			        expr: sum by (job, region) (rate(m_total[5m]))
			      - alert: A
			        expr: job_region:m:rate5m > 1 and on (job) increase(n_total{result="failed"}[5m]) > 0
			        annotations:
			          summary: "{{ $labels.region }} of {{ $labels.job }}"
			""";

	private static final String DASHBOARD = """
			{"templating": {"list": [
			  {"type": "datasource", "name": "datasource", "query": "prometheus"},
			  {"type": "query", "name": "region", "query": {"query": "label_values(m_total{job=~\\"$job\\"}, region)"}}]},
			 "panels": [
			  {"type": "row", "panels": []},
			  {"title": "T", "targets": [{"refId": "A", "legendFormat": "{{reason}} on {{instance}}",
			    "expr": "sum by (reason) (rate(n_total{region=~\\"$region\\"}[$__rate_interval]))"}]}]}
			""";

	private static final String SCRAPE = """
			# HELP m_total things
			# TYPE m_total counter
			m_total{region="0"} 1.0
			n_total{reason="x",region="0",result="failed"} 0.0
			n_total{reason="y",region="0",result="ok"} 0.0
			""";

	private final OperationsKit kit = OperationsKit.of(RULES, DASHBOARD);

	@Test
	void readsEveryRuleVariableAndPanelQuery() {
		assertThat(this.kit.queries()).extracting(OperationsKit.Query::origin)
			.containsExactly("recording rule job_region:m:rate5m", "alert A", "dashboard variable region",
					"dashboard panel \"T\" query A");
		assertThat(this.kit.queries().get(1).labels()).containsExactlyInAnyOrder("region", "job");
		assertThat(this.kit.queries().get(2).expression()).isEqualTo("m_total{job=~\"$job\"}");
		assertThat(this.kit.queries().get(2).labels()).containsExactly("region");
		assertThat(this.kit.queries().get(3).labels()).containsExactlyInAnyOrder("reason", "instance");
	}

	@Test
	void aScrapeWithEverythingHasNoProblem() {
		assertThat(this.kit.problemsWith(SCRAPE)).isEmpty();
	}

	@Test
	void aRenamedMetricIsReportedWhereverItIsUsed() {
		assertThat(this.kit.problemsWith(SCRAPE.replace("m_total", "m_count_total"))).containsExactly(
				"recording rule job_region:m:rate5m: metric m_total is not exported",
				"dashboard variable region: metric m_total is not exported");
	}

	@Test
	void aRenamedLabelValueIsReported() {
		assertThat(this.kit.problemsWith(SCRAPE.replace("\"failed\"", "\"timed_out\"")))
			.containsExactly("alert A: n_total has no result=\"failed\" (exported: [timed_out, ok])");
	}

	@Test
	void aLabelThatIsNotExportedIsReportedWhetherMatchedGroupedOrPrinted() {
		assertThat(this.kit.problemsWith(SCRAPE.replace("reason=", "cause=").replace("result=", "outcome=")))
			.containsExactly("alert A: n_total has no label result",
					"dashboard panel \"T\" query A: label reason is on none of [n_total]");
		assertThat(this.kit.problemsWith(SCRAPE.replace("m_total{region=\"0\"}", "m_total{zone=\"0\"}")))
			.containsExactly("recording rule job_region:m:rate5m: label region is on none of [m_total]",
					"dashboard variable region: label region is on none of [m_total]");
	}

	@Test
	void recordingRulesCarryTheLabelsTheyAggregateBy() {
		OperationsKit kit = OperationsKit.of(RULES.replace("$labels.region", "$labels.reason"), DASHBOARD);
		assertThat(kit.problemsWith(SCRAPE)).isEmpty();
		OperationsKit grouped = OperationsKit
			.of(RULES.replace("on (job)", "on (result)").replace("$labels.region", "$labels.zone"), DASHBOARD);
		assertThat(grouped.problemsWith(SCRAPE))
			.containsExactly("alert A: label zone is on none of [job_region:m:rate5m, n_total]");
	}

	@Test
	void theExpositionFormatIsReadWithItsEscapes() {
		Map<String, Map<String, Set<String>>> metrics = Exposition.parse("""
				# TYPE a gauge
				a{q="say \\"hi\\"",p="back\\\\slash",n="two\\nlines"} 1.0 1700000000000
				b 2
				""");
		assertThat(metrics).containsOnlyKeys("a", "b");
		assertThat(metrics.get("a")).containsEntry("q", Set.of("say \"hi\""))
			.containsEntry("p", Set.of("back\\slash"))
			.containsEntry("n", Set.of("two\nlines"));
		assertThat(metrics.get("b")).isEmpty();
	}

	@Test
	void theShippedKitReadsEveryAlertAndEveryPanel() {
		List<String> origins = OperationsKit.load().queries().stream().map(OperationsKit.Query::origin).toList();
		assertThat(origins).contains("alert SnowflakeIdsRefused", "alert SnowflakeLeaseRunningOut",
				"recording rule job_region:snowflake_worker_codes_available:min", "dashboard variable region",
				"dashboard panel \"Lease remaining\" query A");
	}

}
