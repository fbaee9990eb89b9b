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
package dev.snowflakeid.jackson2;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.SnowflakeId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeJackson2ModuleTests {

	/** 2^53 + 1: the smallest positive integer a JavaScript number cannot hold. */
	static final long ABOVE_DOUBLE_PRECISION = (1L << 53) + 1;

	private final JsonMapper mapper = JsonMapper.builder()
		.addModule(new Jdk8Module())
		.addModule(new SnowflakeJackson2Module())
		.build();

	@Test
	void writesMarkedPropertiesAsExactStringsAndLeavesOtherLongsAsNumbers() throws Exception {
		Order order = new Order();
		order.setId(ABOVE_DOUBLE_PRECISION);
		order.setQuantity(Long.MAX_VALUE);
		assertThat(this.mapper.writeValueAsString(order))
			.isEqualTo("{\"id\":\"9007199254740993\",\"quantity\":9223372036854775807}");
	}

	@Test
	void writesElementsOfMarkedContainersAsStrings() throws Exception {
		OrderDto dto = new OrderDto(Long.MAX_VALUE, List.of(ABOVE_DOUBLE_PRECISION, 1L),
				Map.of("parent", ABOVE_DOUBLE_PRECISION), Optional.of(Long.MAX_VALUE),
				new Long[] { ABOVE_DOUBLE_PRECISION }, "42", 7L);
		assertThat(this.mapper.writeValueAsString(dto)).isEqualTo("{\"id\":\"9223372036854775807\","
				+ "\"lineIds\":[\"9007199254740993\",\"1\"],\"references\":{\"parent\":\"9007199254740993\"},"
				+ "\"parentId\":\"9223372036854775807\",\"related\":[\"9007199254740993\"],"
				+ "\"externalId\":\"42\",\"amount\":7}");
	}

	@Test
	void roundTripKeepsTheExactValue() throws Exception {
		OrderDto dto = new OrderDto(ABOVE_DOUBLE_PRECISION, List.of(Long.MAX_VALUE), Map.of("parent", Long.MAX_VALUE),
				Optional.of(ABOVE_DOUBLE_PRECISION), new Long[] { Long.MAX_VALUE }, "9223372036854775807",
				Long.MAX_VALUE);
		OrderDto read = this.mapper.readValue(this.mapper.writeValueAsString(dto), OrderDto.class);
		assertThat(read.id()).isEqualTo(ABOVE_DOUBLE_PRECISION);
		assertThat(read.lineIds()).containsExactly(Long.MAX_VALUE);
		assertThat(read.references()).containsEntry("parent", Long.MAX_VALUE);
		assertThat(read.parentId()).contains(ABOVE_DOUBLE_PRECISION);
		assertThat(read.related()).containsExactly(Long.MAX_VALUE);
		assertThat(read.externalId()).isEqualTo("9223372036854775807");
		assertThat(read.amount()).isEqualTo(Long.MAX_VALUE);
		Order order = new Order();
		order.setId(Long.MAX_VALUE);
		assertThat(this.mapper.readValue(this.mapper.writeValueAsString(order), Order.class).getId())
			.isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void readsJsonIntegersAndStringsOfDigits() throws Exception {
		assertThat(this.mapper.readValue("{\"id\":9007199254740993}", Order.class).getId())
			.isEqualTo(ABOVE_DOUBLE_PRECISION);
		assertThat(this.mapper.readValue("{\"id\":\"9223372036854775807\"}", Order.class).getId())
			.isEqualTo(Long.MAX_VALUE);
		assertThat(this.mapper.readValue("{\"id\":\"0\"}", Order.class).getId()).isZero();
		assertThat(this.mapper.readValue("{\"id\":null}", Order.class).getId()).isNull();
		OrderDto dto = this.mapper.readValue("{\"id\":1,\"lineIds\":[2,\"3\"],\"externalId\":4,\"amount\":0}",
				OrderDto.class);
		assertThat(dto.lineIds()).containsExactly(2L, 3L);
		assertThat(dto.externalId()).isEqualTo("4");
	}

	@ParameterizedTest
	@ValueSource(strings = { "\"\"", "\" \"", "\"+1\"", "\"-1\"", "\"12a\"", "\" 12\"", "\"1.5\"", "\"1e3\"",
			"\"0x1F\"", "1.5", "1e3", "1.0", "-1", "\"9223372036854775808\"", "9223372036854775808",
			"-9223372036854775809", "true", "{}" })
	void rejectsAnythingButDigitsInRangeNamingTheProperty(String json) throws Exception {
		assertThatExceptionOfType(MismatchedInputException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":" + json + "}", Order.class))
			.withMessageContaining("Invalid Snowflake ID for property 'id'")
			.satisfies((ex) -> assertThat(ex.getPath()).last()
				.satisfies((reference) -> assertThat(reference.getFieldName()).isEqualTo("id")));
		assertThatExceptionOfType(MismatchedInputException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":" + json + "}", OrderDto.class))
			.withMessageContaining("Invalid Snowflake ID for property 'id'");
	}

	@Test
	void rejectsBadElementsNamingTheContainerProperty() throws Exception {
		assertThatExceptionOfType(MismatchedInputException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":1,\"lineIds\":[\"1\",\"-2\"]}", OrderDto.class))
			.withMessageContaining("Invalid Snowflake ID for property 'lineIds': \"-2\"");
		assertThatExceptionOfType(MismatchedInputException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":1,\"references\":{\"a\":1.5}}", OrderDto.class))
			.withMessageContaining("Invalid Snowflake ID for property 'references'");
		assertThatExceptionOfType(MismatchedInputException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"id\":1,\"parentId\":\"x\"}", OrderDto.class))
			.withMessageContaining("Invalid Snowflake ID for property 'parentId'");
	}

	@Test
	void annotationsMetaAnnotatedWithSnowflakeIdAreHonoured() throws Exception {
		Customer customer = new Customer();
		customer.number = Long.MAX_VALUE;
		assertThat(this.mapper.writeValueAsString(customer)).isEqualTo("{\"number\":\"9223372036854775807\"}");
		assertThatExceptionOfType(MismatchedInputException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"number\":\"-1\"}", Customer.class))
			.withMessageContaining("property 'number'");
	}

	@Test
	void writeAllLongsAsStringsCoversUnmarkedLongs() throws Exception {
		JsonMapper allStrings = JsonMapper.builder()
			.addModule(new Jdk8Module())
			.addModule(new SnowflakeJackson2Module(true))
			.build();
		OrderDto dto = new OrderDto(1, List.of(), Map.of(), Optional.empty(), new Long[0], null,
				ABOVE_DOUBLE_PRECISION);
		assertThat(allStrings.writeValueAsString(dto)).contains("\"amount\":\"9007199254740993\"");
		assertThat(allStrings.writeValueAsString(Map.of("n", ABOVE_DOUBLE_PRECISION)))
			.isEqualTo("{\"n\":\"9007199254740993\"}");
		assertThat(allStrings.writeValueAsString(new long[] { ABOVE_DOUBLE_PRECISION }))
			.isEqualTo("[\"9007199254740993\"]");
		assertThat(allStrings.writeValueAsString(7)).isEqualTo("7");
		assertThat(allStrings.readValue("{\"id\":1,\"amount\":\"9007199254740993\"}", OrderDto.class).amount())
			.isEqualTo(ABOVE_DOUBLE_PRECISION);
	}

	@ParameterizedTest
	@CsvSource({ "BASE62,0000000000z,00000000010", "CROCKFORD32,000000000001X,0000000000020" })
	void writesAndReadsMarkedIdsInTheConfiguredForm(Form form, String sixtyOne, String sixtyTwoOr64) throws Exception {
		JsonMapper mapper = JsonMapper.builder()
			.addModule(new Jdk8Module())
			.addModule(new SnowflakeJackson2Module(false, form))
			.build();
		long second = (form == Form.BASE62) ? 62 : 64;
		OrderDto dto = new OrderDto(61, List.of(second), Map.of("parent", 61L), Optional.of(second), new Long[] { 61L },
				sixtyOne, 7L);
		String json = mapper.writeValueAsString(dto);
		assertThat(json).startsWith("{\"id\":\"" + sixtyOne + "\",\"lineIds\":[\"" + sixtyTwoOr64 + "\"]")
			.contains("\"parent\":\"" + sixtyOne + "\"", "\"parentId\":\"" + sixtyTwoOr64 + "\"")
			.endsWith("\"amount\":7}");
		OrderDto read = mapper.readValue(json, OrderDto.class);
		assertThat(read.id()).isEqualTo(61);
		assertThat(read.lineIds()).containsExactly(second);
		assertThat(read.parentId()).contains(second);
		OrderDto largest = mapper.readValue(
				"{\"id\":\"" + form.format(Long.MAX_VALUE) + "\",\"externalId\":61,\"amount\":0}", OrderDto.class);
		assertThat(largest.id()).isEqualTo(Long.MAX_VALUE);
		assertThat(largest.externalId()).as("a String property holds the configured form").isEqualTo(sixtyOne);
		assertThat(mapper.readValue("{\"id\":61,\"amount\":0}", OrderDto.class).id()).as("JSON integers stay accepted")
			.isEqualTo(61);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`',
			value = { "BASE62|\"61\"|2 characters, not 11", "BASE62|\"0000000000_\"|'_' at position 11",
					"BASE62|\"zzzzzzzzzzz\"|exceeds AzL8n0Y58m7", "CROCKFORD32|\"000000000000U\"|'U' at position 13",
					"CROCKFORD32|\"8000000000000\"|exceeds 7ZZZZZZZZZZZZ" })
	void rejectsTextOutsideTheConfiguredFormWithTheReason(Form form, String json, String reason) {
		JsonMapper mapper = JsonMapper.builder()
			.addModule(new Jdk8Module())
			.addModule(new SnowflakeJackson2Module(false, form))
			.build();
		assertThatExceptionOfType(MismatchedInputException.class)
			.isThrownBy(() -> mapper.readValue("{\"id\":" + json + "}", OrderDto.class))
			.withMessageContaining("Invalid Snowflake ID for property 'id'")
			.withMessageContaining(reason)
			.withMessageContaining("expected a JSON string of " + form.description());
	}

	@Test
	void numbersWhenSafeWritesIdsBelow2To53AsNumbersAndReadsThemBack() throws Exception {
		JsonMapper mapper = JsonMapper.builder()
			.addModule(new Jdk8Module())
			.addModule(new SnowflakeJackson2Module(false, Form.DECIMAL, true))
			.build();
		long largestSafe = (1L << 53) - 1;
		OrderDto dto = new OrderDto(largestSafe, List.of(1L, 1L << 53), Map.of("parent", 2L), Optional.of(3L),
				new Long[] { 4L }, "5", 6L);
		String json = mapper.writeValueAsString(dto);
		assertThat(json).isEqualTo("{\"id\":9007199254740991,\"lineIds\":[1,\"9007199254740992\"],"
				+ "\"references\":{\"parent\":2},\"parentId\":3,\"related\":[4],\"externalId\":\"5\",\"amount\":6}");
		OrderDto read = mapper.readValue(json, OrderDto.class);
		assertThat(read.id()).isEqualTo(largestSafe);
		assertThat(read.lineIds()).containsExactly(1L, 1L << 53);
	}

	static class Order {

		@SnowflakeId
		private Long id;

		private long quantity;

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

		public long getQuantity() {
			return this.quantity;
		}

		public void setQuantity(long quantity) {
			this.quantity = quantity;
		}

	}

	record OrderDto(@SnowflakeId long id, @SnowflakeId List<Long> lineIds, @SnowflakeId Map<String, Long> references,
			@SnowflakeId Optional<Long> parentId, @SnowflakeId Long[] related, @SnowflakeId String externalId,
			long amount) {
	}

	@Retention(RetentionPolicy.RUNTIME)
	@SnowflakeId
	@interface CustomerNumber {

	}

	static class Customer {

		@CustomerNumber
		public long number;

	}

}
