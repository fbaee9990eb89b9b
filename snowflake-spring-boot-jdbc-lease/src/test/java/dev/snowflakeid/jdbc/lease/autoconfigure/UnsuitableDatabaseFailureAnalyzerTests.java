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
	void anotherProductNamesTheUrlPropertiesAndTheOtherAllocators() {
		assertThat(analyze(UnsuitableDatabaseException.product("jdbc:mysql://db/app", "MYSQL")).getAction()).contains(
				"spring.datasource.url", "snowflake.worker.jdbc.url", "PostgreSQL", "snowflake.worker.allocator=redis",
				"snowflake.worker.allocator=static", "snowflake.worker.allocator=kubernetes");
	}

	@Test
	void mariaDbAndMySqlLackARowWitnessAndALineage() {
		for (String product : new String[] { "MariaDB", "MARIADB", "MySQL", "MYSQL" }) {
			UnsuitableDatabaseException ex = UnsuitableDatabaseException.product("jdbc:mariadb://db/app", product);
			assertThat(ex.reason()).isEqualTo(UnsuitableDatabaseException.Reason.PRODUCT);
			assertThat(ex.observed()).isEqualTo(product);
			assertThat(analyze(ex).getDescription())
				.contains("jdbc:mariadb://db/app is " + product + ", which has "
						+ "no value the server writes into each row, so a table restored from a dump looks like the "
						+ "store's latest state, and no server lineage that a physical restore or a promotion changes")
				.contains("docs/jdbc-lease-store.md#other-databases")
				.doesNotContain("clock");
		}
	}

	@Test
	void h2LacksAClockAfterTheLockARowWitnessAndALineage() {
		assertThat(analyze(UnsuitableDatabaseException.product("jdbc:h2:mem:app", "H2")).getDescription()).contains(
				"jdbc:h2:mem:app is H2, which has no clock reading after the row lock",
				"no value the server writes into each row and no server lineage",
				"docs/jdbc-lease-store.md#other-databases");
	}

	@Test
	void aProductTheDocumentationDoesNotExamineIsRefusedForTheRowWitness() {
		assertThat(analyze(UnsuitableDatabaseException.product("jdbc:oracle:thin:@db:1521/app", "ORACLE"))
			.getDescription()).contains("is ORACLE, which has no dialect here", "(PostgreSQL's xmin)")
			.doesNotContain("row lock", "physical restore");
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
