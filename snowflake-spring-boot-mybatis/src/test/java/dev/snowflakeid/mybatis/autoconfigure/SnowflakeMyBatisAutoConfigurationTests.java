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
package dev.snowflakeid.mybatis.autoconfigure;

import java.util.UUID;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.mybatis.SnowflakeIdInterceptor;
import dev.snowflakeid.mybatis.app.MyBatisOrder;
import dev.snowflakeid.mybatis.app.MyBatisOrderMapper;
import dev.snowflakeid.mybatis.app.MyBatisTestApplication;
import dev.snowflakeid.persistence.MissingIdGeneratorException;
import org.apache.ibatis.plugin.Interceptor;
import org.apache.ibatis.session.SqlSessionFactory;
import org.junit.jupiter.api.Test;
import org.mybatis.spring.annotation.MapperScan;
import org.mybatis.spring.boot.autoconfigure.MybatisAutoConfiguration;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

class SnowflakeMyBatisAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, MybatisAutoConfiguration.class,
				SnowflakeMyBatisAutoConfiguration.class))
		.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID());

	@Test
	void interceptorIsAddedToTheSqlSessionFactory() {
		this.runner.withUserConfiguration(MyBatisTestApplication.class).run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeIdInterceptor.class);
			assertThat(context.getBean(SqlSessionFactory.class).getConfiguration().getInterceptors())
				.contains(context.getBean(SnowflakeIdInterceptor.class));
			MyBatisOrderMapper mapper = context.getBean(MyBatisOrderMapper.class);
			mapper.createTable();
			MyBatisOrder order = new MyBatisOrder("tea");
			mapper.insert(order);
			assertThat(mapper.idsOf("tea")).containsExactly(order.getId());
		});
	}

	@Test
	void aPropertyNamingAGeneratorTakesItsIdsFromThatGenerator() {
		this.runner.withUserConfiguration(MyBatisTestApplication.class)
			// by name only, as a named generator beside the application's primary one
			.withBean("shipments", SnowflakeIdGenerator.class,
					() -> SnowflakeIdGenerator.builder(SnowflakeLayout.defaults()).region(2).workerCode(5).build(),
					(definition) -> definition.setAutowireCandidate(false))
			.run((context) -> {
				MyBatisOrderMapper mapper = context.getBean(MyBatisOrderMapper.class);
				mapper.createTable();
				MyBatisOrderMapper.Shipment shipment = new MyBatisOrderMapper.Shipment();
				mapper.insertShipment(shipment);
				SnowflakeLayout layout = SnowflakeLayout.defaults();
				assertThat(layout.decode(shipment.getId()).region()).isEqualTo(2);
				assertThat(layout.decode(shipment.getOrderNumber()).worker())
					.isEqualTo(MyBatisTestApplication.WORKER_CODE);
				assertThat(mapper.idsOf("crate")).containsExactly(shipment.getId());
			});
	}

	@Test
	void backsOffFromAUserDefinedInterceptor() {
		this.runner.withUserConfiguration(MyBatisTestApplication.class, UserInterceptorConfiguration.class)
			.run((context) -> assertThat(context).getBean(SnowflakeIdInterceptor.class)
				.isSameAs(context.getBean(UserInterceptorConfiguration.class).interceptor));
	}

	@Test
	void configuresNothingWhenSnowflakeIsDisabled() {
		this.runner.withUserConfiguration(MyBatisTestApplication.class)
			.withPropertyValues("snowflake.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeIdInterceptor.class));
	}

	@Test
	void configuresNothingWithoutMyBatis() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakeMyBatisAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(Interceptor.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(SnowflakeIdInterceptor.class));
	}

	@Test
	void insertFailsNamingTheAttributeWhenThereIsNoGenerator() {
		this.runner.withUserConfiguration(MappersOnly.class).run((context) -> {
			MyBatisOrderMapper mapper = context.getBean(MyBatisOrderMapper.class);
			mapper.createTable();
			assertThatException().isThrownBy(() -> mapper.insert(new MyBatisOrder("none")))
				.havingRootCause()
				.isInstanceOf(MissingIdGeneratorException.class)
				.withMessageContaining(MyBatisOrder.class.getName() + ".");
		});
	}

	@Configuration(proxyBeanMethods = false)
	@MapperScan(basePackageClasses = MyBatisOrderMapper.class)
	static class MappersOnly {

	}

	@Configuration(proxyBeanMethods = false)
	static class UserInterceptorConfiguration {

		final SnowflakeIdInterceptor interceptor;

		UserInterceptorConfiguration(ObjectProvider<dev.snowflakeid.IdGenerator> ids) {
			this.interceptor = new SnowflakeIdInterceptor(ids);
		}

		@Bean
		SnowflakeIdInterceptor userInterceptor() {
			return this.interceptor;
		}

	}

}
