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
package dev.snowflakeid.jackson;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.jackson2.SnowflakeJackson2Module;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The places the README lists for {@code @SnowflakeId} beyond fields and record
 * components, with the Jackson 3 and the Jackson 2 module alike: a getter, a creator
 * parameter, and the elements of a {@code Set}.
 */
class SnowflakeIdPlacementTests {

	/** 2^53 + 1: the smallest positive integer a JavaScript number cannot hold. */
	private static final long ABOVE_DOUBLE_PRECISION = (1L << 53) + 1;

	static Stream<Json> mappers() {
		JsonMapper jackson3 = JsonMapper.builder().addModule(new SnowflakeJacksonModule()).build();
		ObjectMapper jackson2 = new ObjectMapper().registerModule(new SnowflakeJackson2Module());
		return Stream.of(new Json("Jackson 3", jackson3::writeValueAsString, jackson3::readValue),
				new Json("Jackson 2", jackson2::writeValueAsString, jackson2::readValue));
	}

	@ParameterizedTest
	@MethodSource("mappers")
	void aMarkedGetterWritesAndReadsItsPropertyAsAString(Json json) throws Exception {
		MarkedGetter order = new MarkedGetter();
		order.setId(ABOVE_DOUBLE_PRECISION);
		assertThat(json.write(order)).isEqualTo("{\"id\":\"9007199254740993\"}");
		assertThat(json.read("{\"id\":\"9223372036854775807\"}", MarkedGetter.class).getId()).isEqualTo(Long.MAX_VALUE);
		assertThatException().isThrownBy(() -> json.read("{\"id\":\"-1\"}", MarkedGetter.class))
			.withMessageContaining("Invalid Snowflake ID for property 'id'");
	}

	@ParameterizedTest
	@MethodSource("mappers")
	void aMarkedCreatorParameterWritesAndReadsItsPropertyAsAString(Json json) throws Exception {
		assertThat(json.write(new MarkedParameter(ABOVE_DOUBLE_PRECISION))).isEqualTo("{\"id\":\"9007199254740993\"}");
		assertThat(json.read("{\"id\":\"9007199254740993\"}", MarkedParameter.class).getId())
			.isEqualTo(ABOVE_DOUBLE_PRECISION);
		assertThatException().isThrownBy(() -> json.read("{\"id\":\"1e3\"}", MarkedParameter.class))
			.withMessageContaining("Invalid Snowflake ID for property 'id'");
	}

	@ParameterizedTest
	@MethodSource("mappers")
	void theElementsOfAMarkedSetAreStrings(Json json) throws Exception {
		MarkedSet lines = new MarkedSet();
		lines.ids = new TreeSet<>(Set.of(1L, ABOVE_DOUBLE_PRECISION));
		assertThat(json.write(lines)).isEqualTo("{\"ids\":[\"1\",\"9007199254740993\"]}");
		assertThat(json.read("{\"ids\":[\"9223372036854775807\",2]}", MarkedSet.class).ids)
			.containsExactlyInAnyOrder(Long.MAX_VALUE, 2L);
		assertThatException().isThrownBy(() -> json.read("{\"ids\":[\"1\",\"+2\"]}", MarkedSet.class))
			.withMessageContaining("Invalid Snowflake ID for property 'ids'");
	}

	/** One Jackson version's writing and reading. */
	record Json(String name, Writer writer, Reader reader) {

		String write(Object value) throws Exception {
			return this.writer.write(value);
		}

		<T> T read(String text, Class<T> type) throws Exception {
			return type.cast(this.reader.read(text, type));
		}

		@Override
		public String toString() {
			return this.name;
		}

	}

	@FunctionalInterface
	interface Writer {

		String write(Object value) throws Exception;

	}

	@FunctionalInterface
	interface Reader {

		Object read(String text, Class<?> type) throws Exception;

	}

	static class MarkedGetter {

		private Long id;

		@SnowflakeId
		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

	}

	static class MarkedParameter {

		private final long id;

		@JsonCreator
		MarkedParameter(@JsonProperty("id") @SnowflakeId long id) {
			this.id = id;
		}

		public long getId() {
			return this.id;
		}

	}

	static class MarkedSet {

		@SnowflakeId
		public Set<Long> ids;

	}

}
