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
package dev.snowflakeid.json;

import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.jackson.SnowflakeJacksonModule;
import dev.snowflakeid.jackson2.SnowflakeJackson2Module;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Both Jackson modules read IDs by the same rules and reject them with the same words.
 */
class JsonIdsTests {

	private static final String EXPECTED = "expected a JSON string of decimal digits 0-9 or a JSON integer from 0 to "
			+ Long.MAX_VALUE;

	private final tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
		.addModule(new SnowflakeJacksonModule())
		.build();

	private final com.fasterxml.jackson.databind.json.JsonMapper jackson2 = com.fasterxml.jackson.databind.json.JsonMapper
		.builder()
		.addModule(new SnowflakeJackson2Module())
		.build();

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`',
			value = { "1.5                   | `\"1.5\" (fractions and exponents are not allowed`",
					"-1                    | `\"-1\" (negative`",
					"-9223372036854775809  | `\"-9223372036854775809\" (negative`",
					"9223372036854775808   | `\"9223372036854775808\" (above 9223372036854775807`",
					"true                  | `\"true\" (unexpected token VALUE_TRUE`" })
	void bothVersionsRejectWithTheSameReason(String json, String rejected) {
		String message = "Invalid Snowflake ID for property 'id': " + rejected + "; " + EXPECTED + ")";
		String body = "{\"id\":" + json + "}";
		assertThatExceptionOfType(tools.jackson.databind.exc.InvalidFormatException.class)
			.isThrownBy(() -> this.jackson3.readValue(body, Order.class))
			.satisfies((ex) -> assertThat(ex.getOriginalMessage()).isEqualTo(message));
		assertThatExceptionOfType(com.fasterxml.jackson.databind.exc.InvalidFormatException.class)
			.isThrownBy(() -> this.jackson2.readValue(body, Order.class))
			.satisfies((ex) -> assertThat(ex.getOriginalMessage()).isEqualTo(message));
	}

	@Test
	void bothVersionsReadStringsOfDigitsIntoEachIdType() throws Exception {
		String body = "{\"id\":\"42\",\"reference\":43}";
		for (Order order : new Order[] { this.jackson3.readValue(body, Order.class),
				this.jackson2.readValue(body, Order.class) }) {
			assertThat(order.id).isEqualTo(42L);
			assertThat(order.reference).isEqualTo("43");
		}
	}

	@Test
	void idTypesAreLongsAndForSnowflakeIdsStrings() {
		assertThat(JsonIds.isSnowflakeIdType(long.class)).isTrue();
		assertThat(JsonIds.isSnowflakeIdType(String.class)).isTrue();
		assertThat(JsonIds.isSnowflakeIdType(int.class)).isFalse();
		assertThat(JsonIds.isPublicIdType(Long.class)).isTrue();
		assertThat(JsonIds.isPublicIdType(String.class)).isFalse();
	}

	static class Order {

		@SnowflakeId
		public long id;

		@SnowflakeId
		public String reference;

	}

}
