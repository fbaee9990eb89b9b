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
package dev.snowflakeid.jdbc.lease.autoconfigure;

import dev.snowflakeid.jdbc.lease.UnsuitableDatabaseException;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each reason of {@link UnsuitableDatabaseException} explained with the setting to
 * change.
 */
class UnsuitableDatabaseFailureAnalyzerTests {

	private static final String DATABASE = "jdbc:postgresql://db.internal:5432/app";

	private final UnsuitableDatabaseFailureAnalyzer analyzer = new UnsuitableDatabaseFailureAnalyzer();

	private FailureAnalysis analyze(UnsuitableDatabaseException ex) {
		FailureAnalysis analysis = this.analyzer.analyze(new IllegalStateException("startup failed", ex));
		assertThat(analysis).isNotNull();
		assertThat(analysis.getDescription()).contains(ex.getMessage());
		return analysis;
	}

	@Test
	void anotherProductNamesTheUrlProperties() {
		assertThat(analyze(UnsuitableDatabaseException.product("jdbc:mysql://db/app", "MYSQL")).getAction())
			.contains("spring.datasource.url", "snowflake.worker.jdbc.url", "PostgreSQL");
	}

	@Test
	void aStandbyAsksForThePrimary() {
		assertThat(analyze(UnsuitableDatabaseException.standby(DATABASE)).getAction())
			.contains("targetServerType=primary");
	}

	@Test
	void aDurabilitySettingNamesTheSetting() {
		assertThat(analyze(UnsuitableDatabaseException.setting(DATABASE, "fsync", "off")).getAction())
			.startsWith("Set fsync = on");
	}

	@Test
	void aMissingTableNamesSchemaInitializationAndTheFile() {
		assertThat(analyze(UnsuitableDatabaseException.table(DATABASE, "leases.snowflake_worker_lease")).getAction())
			.contains("snowflake.worker.jdbc.initialize-schema=always", "schema-postgresql.sql",
					"leases.snowflake_worker_lease");
	}

}
