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
package dev.snowflakeid.jdbc.lease;

import java.util.Map;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.testsupport.RealProcesses;
import liquibase.integration.spring.SpringLiquibase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The schema as teams that own their migrations apply it: the Liquibase changelog beside
 * the store, with the table name as a changelog parameter, makes a table the store
 * accepts and leases from.
 */
@RealProcesses
class LeaseSchemaMigrationTests {

	@RegisterExtension
	static final PostgreSqlLeaseFixture postgres = PostgreSqlLeaseFixture.start();

	@Test
	void liquibaseChangelogMakesTheTable() throws Exception {
		String schema = postgres.freshSchema();
		SpringLiquibase liquibase = new SpringLiquibase();
		liquibase.setDataSource(postgres.admin().getDataSource());
		liquibase.setResourceLoader(new DefaultResourceLoader());
		liquibase
			.setChangeLog("classpath:dev/snowflakeid/jdbc/lease/liquibase/db.changelog-snowflake-worker-lease.xml");
		liquibase.setChangeLogParameters(Map.of("table", schema + "." + JdbcWorkerLeaseStore.DEFAULT_TABLE));
		liquibase.afterPropertiesSet();
		PostgreSqlLeaseFixture.Table table = postgres.new Table(schema);
		JdbcWorkerLeaseStore store = table.store();
		store.verify();
		LeaseGrant grant = store.claim(-1);
		assertThat(grant.workerCode()).isNotNegative();
		assertThat(postgres.admin()
			.queryForObject("SELECT count(*) FROM " + schema + "." + JdbcWorkerLeaseStore.DEFAULT_TABLE, Long.class))
			.isEqualTo(1 + 1 + PostgreSqlLeaseFixture.LAYOUT.maxWorkers());
	}

}
