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

import java.util.SplittableRandom;

import dev.snowflakeid.IdFormats.Form;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class IdFormatsTests {

	@ParameterizedTest
	@CsvSource({ "DECIMAL,0,0", "DECIMAL,9223372036854775807,9223372036854775807", "BASE62,0,00000000000",
			"BASE62,61,0000000000z", "BASE62,62,00000000010", "BASE62,9223372036854775807,AzL8n0Y58m7",
			"CROCKFORD32,0,0000000000000", "CROCKFORD32,31,000000000000Z", "CROCKFORD32,32,0000000000010",
			"CROCKFORD32,9223372036854775807,7ZZZZZZZZZZZZ" })
	void writesEachFormAtItsWidth(Form form, long id, String text) {
		assertThat(form.format(id)).isEqualTo(text).matches(form.pattern());
		assertThat(form.parse(text)).isEqualTo(id);
	}

	@ParameterizedTest
	@EnumSource(Form.class)
	void readsBackWhatItWritesAndKeepsNumericOrder(Form form) {
		SplittableRandom random = new SplittableRandom(42);
		String previous = null;
		long previousId = -1;
		for (int i = 0; i < 10_000; i++) {
			long id = (i % 2 == 0) ? random.nextLong(Long.MAX_VALUE) : random.nextLong(1L << (i % 63));
			String text = form.format(id);
			assertThat(form.parse(text)).isEqualTo(id);
			assertThat(text).matches(form.pattern());
			if (form.width() > 0) {
				assertThat(text).hasSize(form.width());
				if (previous != null) {
					assertThat(Integer.signum(text.compareTo(previous)))
						.isEqualTo(Long.signum(Long.compare(id, previousId)));
				}
			}
			previous = text;
			previousId = id;
		}
	}

	@Test
	void readsCrockfordCaseInsensitivelyWithItsAliases() {
		long id = Form.CROCKFORD32.parse("0000000000011");
		assertThat(Form.CROCKFORD32.parse("00000000000il")).isEqualTo(id);
		assertThat(Form.CROCKFORD32.parse("00000000000IL")).isEqualTo(id);
		assertThat(Form.CROCKFORD32.parse("7zzzzzzzzzzzz")).isEqualTo(Long.MAX_VALUE);
		assertThat(Form.CROCKFORD32.parse("00000000000oO")).isZero();
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '"',
			value = { "BASE62|\"\"|blank", "BASE62|\"  \"|blank", "BASE62|0000000000|10 characters, not 11",
					"BASE62|000000000000|12 characters, not 11", "BASE62|0000000000-|'-' at position 11",
					"BASE62|\" 0000000000\"|' ' at position 1", "BASE62|AzL8n0Y58m8|exceeds AzL8n0Y58m7",
					"BASE62|zzzzzzzzzzz|exceeds AzL8n0Y58m7", "BASE62|0000000000é|'é' at position 11",
					"CROCKFORD32|000000000000|12 characters, not 13", "CROCKFORD32|000000000000U|'U' at position 13",
					"CROCKFORD32|00000-0000000|'-' at position 6", "CROCKFORD32|8000000000000|exceeds 7ZZZZZZZZZZZZ",
					"CROCKFORD32|ZZZZZZZZZZZZZ|exceeds 7ZZZZZZZZZZZZ", "DECIMAL|-1|negative",
					"DECIMAL|9223372036854775808|exceeds 9223372036854775807", "DECIMAL|12a|only the digits 0-9" })
	void rejectsWithTheReason(Form form, String text, String reason) {
		assertThatIllegalArgumentException().isThrownBy(() -> form.parse(text)).withMessageStartingWith(reason);
	}

	@ParameterizedTest
	@EnumSource(Form.class)
	void rejectsValuesAboveTheLayoutsLargestId(Form form) {
		long maxId = (1L << 53) - 1;
		assertThat(form.parse(form.format(maxId), maxId)).isEqualTo(maxId);
		assertThatIllegalArgumentException().isThrownBy(() -> form.parse(form.format(maxId + 1), maxId))
			.withMessage("exceeds " + form.format(maxId) + ", the largest ID of the layout");
	}

	@Test
	void refusesToWriteNegativeValues() {
		assertThatIllegalArgumentException().isThrownBy(() -> Form.BASE62.format(-1)).withMessageContaining("negative");
	}

}
