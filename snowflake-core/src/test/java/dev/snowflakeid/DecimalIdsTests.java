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
package dev.snowflakeid;

import dev.snowflakeid.SnowflakeId.DecimalIds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DecimalIdsTests {

	@ParameterizedTest
	@CsvSource({ "0,0", "7,7", "0007,7", "9007199254740993,9007199254740993",
			"9223372036854775807,9223372036854775807" })
	void readsDecimalDigitsExactly(String text, long expected) {
		assertThat(DecimalIds.parse(text)).isEqualTo(expected);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "''|blank", "'   '|blank", "-42|negative", "+42|only the digits 0-9",
			"'12 3'|only the digits 0-9", "' 12'|only the digits 0-9", "0x1F|only the digits 0-9",
			"1e9|only the digits 0-9", "1.0|only the digits 0-9", "abc|only the digits 0-9", "١٢٣|only the digits 0-9",
			"-|only the digits 0-9", "9223372036854775808|exceeds 9223372036854775807",
			"18446744073709551616|exceeds 9223372036854775807" })
	void rejectsEverythingElseWithTheReason(String text, String reason) {
		assertThatIllegalArgumentException().isThrownBy(() -> DecimalIds.parse(text)).withMessageStartingWith(reason);
	}

	@ParameterizedTest
	@ValueSource(ints = { 20, 100 })
	void rejectsLongRunsOfDigits(int length) {
		assertThatIllegalArgumentException().isThrownBy(() -> DecimalIds.parse("9".repeat(length)))
			.withMessageStartingWith("exceeds");
	}

}
