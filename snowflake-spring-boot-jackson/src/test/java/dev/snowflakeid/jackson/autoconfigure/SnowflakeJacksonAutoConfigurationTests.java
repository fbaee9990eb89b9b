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
package dev.snowflakeid.jackson.autoconfigure;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.InvalidSnowflakeConfigurationException;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.jackson.SnowflakeJacksonModule;
import dev.snowflakeid.jackson2.SnowflakeJackson2Module;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import dev.snowflakeid.jackson2.autoconfigure.SnowflakeJackson2AutoConfiguration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jackson2.autoconfigure.Jackson2AutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

@SuppressWarnings("removal") // Spring Boot keeps Jackson 2 support only as deprecated;
								// the module must still work with it
class SnowflakeJacksonAutoConfigurationTests {

	/** 2^53 + 1: the smallest positive integer a JavaScript number cannot hold. */
	private static final long ABOVE_DOUBLE_PRECISION = (1L << 53) + 1;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, Jackson2AutoConfiguration.class,
				SnowflakeJacksonAutoConfiguration.class, SnowflakeJackson2AutoConfiguration.class));

	@Test
	void bootConfiguredJackson3MapperRoundTripsIdsAsStrings() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeJacksonModule.class);
			JsonMapper mapper = context.getBean(JsonMapper.class);
			JsonOrder order = new JsonOrder(ABOVE_DOUBLE_PRECISION, Long.MAX_VALUE, 3);
			String json = mapper.writeValueAsString(order);
			assertThat(json)
				.isEqualTo("{\"id\":\"9007199254740993\",\"customerId\":\"9223372036854775807\"," + "\"quantity\":3}");
			assertThat(mapper.readValue(json, JsonOrder.class)).usingRecursiveComparison().isEqualTo(order);
			OrderSummary summary = new OrderSummary(Long.MAX_VALUE, List.of(ABOVE_DOUBLE_PRECISION),
					Map.of("first", ABOVE_DOUBLE_PRECISION));
			String summaryJson = mapper.writeValueAsString(summary);
			assertThat(summaryJson).isEqualTo("{\"id\":\"9223372036854775807\",\"lineIds\":[\"9007199254740993\"],"
					+ "\"lineIdsByName\":{\"first\":\"9007199254740993\"}}");
			assertThat(mapper.readValue(summaryJson, OrderSummary.class)).isEqualTo(summary);
		});
	}

	@Test
	void bootConfiguredJackson2MapperRoundTripsIdsAsStrings() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeJackson2Module.class);
			ObjectMapper mapper = context.getBean(ObjectMapper.class);
			JsonOrder order = new JsonOrder(ABOVE_DOUBLE_PRECISION, Long.MAX_VALUE, 3);
			String json = mapper.writeValueAsString(order);
			assertThat(json)
				.isEqualTo("{\"id\":\"9007199254740993\",\"customerId\":\"9223372036854775807\"," + "\"quantity\":3}");
			assertThat(mapper.readValue(json, JsonOrder.class)).usingRecursiveComparison().isEqualTo(order);
			OrderSummary summary = new OrderSummary(Long.MAX_VALUE, List.of(ABOVE_DOUBLE_PRECISION),
					Map.of("first", ABOVE_DOUBLE_PRECISION));
			String summaryJson = mapper.writeValueAsString(summary);
			assertThat(summaryJson).isEqualTo("{\"id\":\"9223372036854775807\",\"lineIds\":[\"9007199254740993\"],"
					+ "\"lineIdsByName\":{\"first\":\"9007199254740993\"}}");
			assertThat(mapper.readValue(summaryJson, OrderSummary.class)).isEqualTo(summary);
		});
	}

	@Test
	void theStringFormReachesBothMappers() {
		this.runner.withPropertyValues("snowflake.format.string=crockford32").run((context) -> {
			assertThat(context.getBean(SnowflakeJacksonModule.class).getForm()).isEqualTo(Form.CROCKFORD32);
			assertThat(context.getBean(SnowflakeJackson2Module.class).getForm()).isEqualTo(Form.CROCKFORD32);
			JsonOrder order = new JsonOrder(ABOVE_DOUBLE_PRECISION, Long.MAX_VALUE, 3);
			String expected = "{\"id\":\"0080000000001\",\"customerId\":\"7ZZZZZZZZZZZZ\",\"quantity\":3}";
			assertThat(context.getBean(JsonMapper.class).writeValueAsString(order)).isEqualTo(expected);
			assertThat(context.getBean(ObjectMapper.class).writeValueAsString(order)).isEqualTo(expected);
			assertThat(context.getBean(JsonMapper.class).readValue(expected, JsonOrder.class))
				.usingRecursiveComparison()
				.isEqualTo(order);
		});
	}

	@Test
	void numbersWhenSafeNeedALayoutThatStaysBelow2To53() {
		ApplicationContextRunner numbers = this.runner.withPropertyValues("snowflake.jackson.write-as=number-when-safe")
			.withBean(SnowflakeProperties.class);
		numbers.withBean(SnowflakeLayout.class, SnowflakeLayout::defaults)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidSnowflakeConfigurationException.class)
				.hasMessageContaining("can reach 2^53"));
		SnowflakeLayout jsSafe = SnowflakeLayout.builder()
			.timestampBits(51)
			.regionBits(1)
			.workerBits(5)
			.sequenceBits(6)
			.build();
		numbers.withBean(SnowflakeLayout.class, () -> jsSafe).run((context) -> {
			assertThat(context.getBean(SnowflakeJacksonModule.class).isNumbersWhenSafe()).isTrue();
			assertThat(context.getBean(SnowflakeJackson2Module.class).isNumbersWhenSafe()).isTrue();
			JsonOrder order = new JsonOrder(42, (1L << 53) - 1, 3);
			String expected = "{\"id\":42,\"customerId\":9007199254740991,\"quantity\":3}";
			assertThat(context.getBean(JsonMapper.class).writeValueAsString(order)).isEqualTo(expected);
			assertThat(context.getBean(ObjectMapper.class).writeValueAsString(order)).isEqualTo(expected);
		});
	}

	@Test
	void writeAllLongsAsStringsReachesBothMappers() {
		this.runner.withPropertyValues("snowflake.jackson.write-all-longs-as-strings=true").run((context) -> {
			assertThat(context.getBean(SnowflakeJacksonModule.class).isWriteAllLongsAsStrings()).isTrue();
			assertThat(context.getBean(SnowflakeJackson2Module.class).isWriteAllLongsAsStrings()).isTrue();
			JsonOrder order = new JsonOrder(1, 2, ABOVE_DOUBLE_PRECISION);
			assertThat(context.getBean(JsonMapper.class).writeValueAsString(order))
				.contains("\"quantity\":\"9007199254740993\"");
			assertThat(context.getBean(ObjectMapper.class).writeValueAsString(order))
				.contains("\"quantity\":\"9007199254740993\"");
		});
	}

	@Test
	void onlyMarkedIdsAreStringsByDefault() {
		this.runner.run((context) -> {
			assertThat(context.getBean(SnowflakeJacksonModule.class).isWriteAllLongsAsStrings()).isFalse();
			assertThat(context.getBean(JsonMapper.class).writeValueAsString(new JsonOrder(1, 2, 3)))
				.contains("\"quantity\":3");
		});
	}

	@Test
	void registersNothingWhenJacksonIntegrationIsDisabled() {
		this.runner.withPropertyValues("snowflake.jackson.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(SnowflakeJacksonModule.class)
				.doesNotHaveBean(SnowflakeJackson2Module.class);
			assertThat(context.getBean(JsonMapper.class).writeValueAsString(new JsonOrder(5, 6, 7)))
				.isEqualTo("{\"id\":5,\"customerId\":6,\"quantity\":7}");
		});
	}

	@Test
	void registersNothingWhenSnowflakeIsDisabled() {
		this.runner.withPropertyValues("snowflake.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SnowflakeJacksonModule.class)
				.doesNotHaveBean(SnowflakeJackson2Module.class));
	}

	@Test
	void registersNoJackson2ModuleWithoutJackson2() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
					SnowflakeJacksonAutoConfiguration.class, SnowflakeJackson2AutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(ObjectMapper.class))
			.run((context) -> assertThat(context).hasSingleBean(SnowflakeJacksonModule.class)
				.doesNotHaveBean(SnowflakeJackson2Module.class));
	}

	@Test
	void registersNoJackson3ModuleWithoutJackson3() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(Jackson2AutoConfiguration.class,
					SnowflakeJacksonAutoConfiguration.class, SnowflakeJackson2AutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(JsonMapper.class))
			.run((context) -> assertThat(context).hasSingleBean(SnowflakeJackson2Module.class)
				.doesNotHaveBean(SnowflakeJacksonModule.class));
	}

	@Test
	void backsOffFromUserDefinedModules() {
		this.runner.withUserConfiguration(UserModulesConfiguration.class).run((context) -> {
			assertThat(context).getBean(SnowflakeJacksonModule.class).isSameAs(UserModulesConfiguration.JACKSON3);
			assertThat(context).getBean(SnowflakeJackson2Module.class).isSameAs(UserModulesConfiguration.JACKSON2);
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class UserModulesConfiguration {

		static final SnowflakeJacksonModule JACKSON3 = new SnowflakeJacksonModule(true);

		static final SnowflakeJackson2Module JACKSON2 = new SnowflakeJackson2Module(true);

		@Bean
		SnowflakeJacksonModule userJacksonModule() {
			return JACKSON3;
		}

		@Bean
		SnowflakeJackson2Module userJackson2Module() {
			return JACKSON2;
		}

	}

	/** An entity-like class: the JPA annotation implies the JSON handling. */
	@JsonPropertyOrder({ "id", "customerId", "quantity" })
	static class JsonOrder {

		@GeneratedSnowflakeId
		private long id;

		@SnowflakeId
		private Long customerId;

		private long quantity;

		JsonOrder() {
		}

		JsonOrder(long id, long customerId, long quantity) {
			this.id = id;
			this.customerId = customerId;
			this.quantity = quantity;
		}

		public long getId() {
			return this.id;
		}

		public void setId(long id) {
			this.id = id;
		}

		public Long getCustomerId() {
			return this.customerId;
		}

		public void setCustomerId(Long customerId) {
			this.customerId = customerId;
		}

		public long getQuantity() {
			return this.quantity;
		}

		public void setQuantity(long quantity) {
			this.quantity = quantity;
		}

	}

	record OrderSummary(@SnowflakeId long id, @SnowflakeId List<Long> lineIds,
			@SnowflakeId Map<String, Long> lineIdsByName) {
	}

}
