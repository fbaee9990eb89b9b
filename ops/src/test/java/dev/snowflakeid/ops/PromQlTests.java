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

import dev.snowflakeid.ops.PromQl.Matcher;
import dev.snowflakeid.ops.PromQl.References;
import dev.snowflakeid.ops.PromQl.Selector;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PromQlTests {

	@Test
	void readsTheSelectorItsMatchersAndTheGroupingLabels() {
		References references = PromQl.references("""
				sum by (job, instance, region, reason) (
				  increase(snowflake_ids_refused_total{reason=~"lease_unavailable|epoch_exhausted"}[5m])
				) > 0""");
		assertThat(references.selectors()).containsExactly(new Selector("snowflake_ids_refused_total",
				List.of(new Matcher("reason", "=~", "lease_unavailable|epoch_exhausted"))));
		assertThat(references.groupingLabels()).containsExactlyInAnyOrder("job", "instance", "region", "reason");
	}

	@Test
	void operatorsFunctionsAggregationsAndNumbersAreNoMetrics() {
		assertThat(metrics(PromQl.references("a_seconds > 0.005 and changes(a_seconds[1h]) > 0")))
			.containsExactly("a_seconds", "a_seconds");
		assertThat(metrics(PromQl.references("x:y:min < 5 * 31557600 and x:y:min >= 3.1e7 unless b offset 5m")))
			.containsExactly("x:y:min", "x:y:min", "b");
		References aggregated = PromQl.references("max without (instance) (rate(c_total[5m])) / on (job) group_left d");
		assertThat(metrics(aggregated)).containsExactly("c_total", "d");
		assertThat(aggregated.groupingLabels()).containsExactlyInAnyOrder("instance", "job");
	}

	@Test
	void grafanaVariablesStandInRangesAndLabelValues() {
		References references = PromQl.references("sum by (reason) (rate(m_sum{job=~\"$job\", region=~\"$region\"}"
				+ "[$__rate_interval])) / sum by (reason) (rate(m_count{job=~\"${job}\"}[$__rate_interval]))");
		assertThat(metrics(references)).containsExactly("m_sum", "m_count");
		assertThat(references.selectors().get(0).matchers()).extracting(Matcher::label)
			.containsExactly("job", "region");
		assertThat(references.selectors().get(0).matchers()).noneMatch(Matcher::literal);
	}

	@Test
	void literalMatchersNameEachValueThatMustExist() {
		assertThat(new Matcher("result", "=", "failed").literalValues()).containsExactly("failed");
		assertThat(new Matcher("result", "=", "failed").literal()).isTrue();
		assertThat(new Matcher("reason", "=~", "a|b_c").literal()).isTrue();
		assertThat(new Matcher("reason", "=~", "a|b_c").literalValues()).containsExactly("a", "b_c");
		assertThat(new Matcher("reason", "=~", ".+").literal()).isFalse();
		assertThat(new Matcher("reason", "!=", "a").literal()).isFalse();
		assertThat(new Matcher("region", "=", "$region").literal()).isFalse();
	}

	@Test
	void commentsAndStringArgumentsAreSkipped() {
		References references = PromQl.references("""
				# the label "fake_metric" is not read
				label_replace(up{job="a"}, "dst", "$1", "src", "(.*)")""");
		assertThat(metrics(references)).containsExactly("up");
	}

	@Test
	void malformedSelectorsAreReported() {
		assertThatIllegalArgumentException().isThrownBy(() -> PromQl.references("m{a=\"b\""))
			.withMessageContaining("unclosed");
		assertThatIllegalArgumentException().isThrownBy(() -> PromQl.references("m{a b}"))
			.withMessageContaining("operator");
	}

	private static List<String> metrics(References references) {
		return references.selectors().stream().map(Selector::metric).toList();
	}

}
