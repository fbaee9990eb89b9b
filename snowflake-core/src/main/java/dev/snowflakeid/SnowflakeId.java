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

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code long}, {@code Long} or {@code String} property as a Snowflake ID.
 *
 * <p>
 * The starter's Jackson modules write a marked property as a JSON string, of decimal
 * digits by default ({@code "1234567890123456789"}; {@link IdFormats} lists the other
 * forms of {@code snowflake.format.string}), because JavaScript numbers are IEEE 754
 * doubles and round every integer above 2^53 to a neighbour: a browser that parses an ID
 * as a number silently changes it. On a container property ({@code List<Long>},
 * {@code Set<Long>}, {@code Long[]}, {@code Map<K, Long>} values, {@code Optional<Long>})
 * the marking applies to the elements. Reading accepts a JSON string in the configured
 * form or a JSON integer, and rejects anything else (blank, signs, fractions, exponents,
 * negative values, values above {@link Long#MAX_VALUE}) with an error that names the
 * property.
 *
 * <p>
 * On a record component the marking reaches the field, the accessor and the canonical
 * constructor's parameter, so it applies when writing and when reading. It may also be
 * used as a meta-annotation.
 *
 * <p>
 * This annotation carries no behaviour of its own and has no dependencies; the JSON
 * handling comes from the Jackson integration when it is present.
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
		ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface SnowflakeId {

	/**
	 * The one strict reading of an ID written as text, shared by JSON, URLs and the
	 * Actuator endpoint: ASCII digits {@code 0-9} only (leading zeros allowed), no sign,
	 * no spaces or separators, at most {@link Long#MAX_VALUE}. Nothing is trimmed,
	 * rounded or wrapped: text that does not denote exactly one ID is rejected.
	 */
	final class DecimalIds {

		/**
		 * The same reading as a regular expression, for documents that describe IDs
		 * (OpenAPI schemas): digits only; the upper bound of {@link Long#MAX_VALUE} is
		 * checked by {@link #parse(String)} alone.
		 */
		public static final String PATTERN = "^[0-9]+$";

		private DecimalIds() {
		}

		/**
		 * Parses {@code text} as an ID.
		 * @throws IllegalArgumentException whose message is the reason alone, such as
		 * {@code blank}, {@code negative}, or
		 * {@code exceeds 9223372036854775807, the largest 64-bit ID}, for callers to wrap
		 * with the property or path it came from
		 */
		public static long parse(String text) {
			if (text == null || text.isBlank()) {
				throw new IllegalArgumentException("blank");
			}
			if (text.charAt(0) == '-' && text.length() > 1 && allDigits(text, 1)) {
				throw new IllegalArgumentException("negative");
			}
			if (!allDigits(text, 0)) {
				throw new IllegalArgumentException(
						"only the digits 0-9 are allowed, without sign, spaces or separators");
			}
			try {
				return Long.parseLong(text);
			}
			catch (NumberFormatException ex) {
				throw new IllegalArgumentException("exceeds " + Long.MAX_VALUE + ", the largest 64-bit ID");
			}
		}

		private static boolean allDigits(String text, int from) {
			for (int i = from; i < text.length(); i++) {
				char c = text.charAt(i);
				if (c < '0' || c > '9') {
					return false;
				}
			}
			return true;
		}

	}

}
