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

import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;

class StoreMismatchFailureAnalyzerTests {

	private final StoreMismatchFailureAnalyzer analyzer = new StoreMismatchFailureAnalyzer();

	@Test
	void aLeaseTableRefusalNamesTheJdbcSettings() {
		FailureAnalysis analysis = this.analyzer
			.analyze(new StoreMismatchException("lease table t records format 'x'", "jdbc"));
		assertThat(analysis.getDescription()).contains("lease table t records format 'x'");
		assertThat(analysis.getAction())
			.contains("snowflake.worker.jdbc.namespace", "snowflake.worker.jdbc.table",
					"snowflake.worker.jdbc.command-timeout", "snowflake.worker.jdbc.format-coexistence")
			.doesNotContain("snowflake.worker.redis");
	}

	@Test
	void aKeySpaceRefusalNamesTheRedisSettings() {
		FailureAnalysis analysis = this.analyzer
			.analyze(new StoreMismatchException("the key space k has format 'x'", "redis"));
		assertThat(analysis.getAction())
			.contains("snowflake.worker.redis.namespace", "snowflake.worker.redis.format-coexistence")
			.doesNotContain("snowflake.worker.jdbc");
	}

}
