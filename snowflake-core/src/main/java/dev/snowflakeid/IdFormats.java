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

import java.util.Arrays;

import dev.snowflakeid.SnowflakeId.DecimalIds;

/**
 * The string forms of an ID, shared by JSON, URLs, OpenAPI documents and the Actuator
 * endpoint, so that each form is written and read in one place.
 *
 * <p>
 * {@link Form#DECIMAL} is the default and stays unpadded, as IDs have always been
 * written. {@link Form#BASE62} and {@link Form#CROCKFORD32} are zero-padded to a fixed
 * width (11 and 13 characters, enough for any positive {@code long}) and their alphabets
 * are in ASCII order, so that comparing two IDs as strings gives the same order as
 * comparing them as numbers.
 *
 * <p>
 * Reading is strict: the exact width, only the form's characters, no sign, spaces or
 * separators, and no value above the largest ID of the layout. Every rejection is an
 * {@link IllegalArgumentException} whose message is the reason alone, for callers to wrap
 * with the property or path the text came from. Nothing is trimmed, rounded or wrapped.
 */
public final class IdFormats {

	/** Digits of {@link Form#BASE62}, in ASCII order. */
	static final String BASE62_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

	/**
	 * Digits of {@link Form#CROCKFORD32}, Douglas Crockford's base 32, in ASCII order.
	 */
	static final String CROCKFORD32_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

	private static final int[] BASE62_DIGITS = digits(BASE62_ALPHABET, false);

	private static final int[] CROCKFORD32_DIGITS = crockfordDigits();

	private IdFormats() {
	}

	/** A string form of IDs: the values of {@code snowflake.format.string}. */
	public enum Form {

		/**
		 * Decimal digits, unpadded: {@code 1234567890123456789}. Read by
		 * {@link DecimalIds#parse(String)}: leading zeros are accepted.
		 */
		DECIMAL(10, 0, "decimal digits 0-9", DecimalIds.PATTERN),

		/**
		 * Eleven characters of {@code 0-9A-Za-z}, zero-padded: {@code 1TCKi1nFuNh}.
		 * Case-sensitive.
		 */
		BASE62(62, 11, "exactly 11 base62 characters (0-9, A-Z, a-z)", "^[0-9A-Za-z]{11}$"),

		/**
		 * Thirteen characters of Crockford's base 32, zero-padded, written in upper case:
		 * {@code 128GHZZ4N0XHN}. Read case-insensitively, with {@code I} and {@code L} as
		 * {@code 1} and {@code O} as {@code 0}; {@code U}, hyphens and check symbols are
		 * rejected.
		 */
		CROCKFORD32(32, 13, "exactly 13 Crockford base32 characters (0-9, A-Z without U, any case)",
				"^[0-9A-TV-Za-tv-z]{13}$");

		private final int radix;

		private final int width;

		private final String description;

		private final String pattern;

		Form(int radix, int width, String description, String pattern) {
			this.radix = radix;
			this.width = width;
			this.description = description;
			this.pattern = pattern;
		}

		/**
		 * Characters every ID takes in this form; 0 for {@link #DECIMAL}, which is not
		 * padded.
		 */
		public int width() {
			return this.width;
		}

		/** What this form accepts, in words, for error messages. */
		public String description() {
			return this.description;
		}

		/**
		 * The accepted text as a regular expression, for documents that describe IDs
		 * (OpenAPI schemas); the upper bound is checked by {@link #parse} alone.
		 */
		public String pattern() {
			return this.pattern;
		}

		/**
		 * Writes {@code id} in this form.
		 * @throws IllegalArgumentException if {@code id} is negative
		 */
		public String format(long id) {
			if (id < 0) {
				throw new IllegalArgumentException("id " + id + " is negative; Snowflake IDs are positive");
			}
			if (this == DECIMAL) {
				return Long.toString(id);
			}
			String alphabet = (this == BASE62) ? BASE62_ALPHABET : CROCKFORD32_ALPHABET;
			char[] text = new char[this.width];
			long rest = id;
			for (int i = this.width - 1; i >= 0; i--) {
				text[i] = alphabet.charAt((int) (rest % this.radix));
				rest /= this.radix;
			}
			return new String(text);
		}

		/**
		 * Reads an ID of any positive {@code long} value written in this form.
		 * @throws IllegalArgumentException whose message is the reason alone
		 */
		public long parse(String text) {
			return parse(text, Long.MAX_VALUE);
		}

		/**
		 * Reads an ID written in this form that is at most {@code maxId}, the largest ID
		 * a layout can hold.
		 * @throws IllegalArgumentException whose message is the reason alone, such as
		 * {@code blank}, {@code 10 characters, not 11},
		 * {@code '_' at position 3 is not a base62 digit} or
		 * {@code exceeds 7ZZZZZZZZZZZZ, the largest ID}
		 */
		public long parse(String text, long maxId) {
			if (text == null || text.isBlank()) {
				throw new IllegalArgumentException("blank");
			}
			long id = (this == DECIMAL) ? parseDecimal(text) : parseFixedWidth(text);
			if (id > maxId) {
				throw exceeds(maxId);
			}
			return id;
		}

		private long parseDecimal(String text) {
			try {
				return DecimalIds.parse(text);
			}
			catch (IllegalArgumentException ex) {
				if (String.valueOf(ex.getMessage()).startsWith("exceeds")) {
					throw exceeds(Long.MAX_VALUE);
				}
				throw ex;
			}
		}

		private long parseFixedWidth(String text) {
			if (text.length() != this.width) {
				throw new IllegalArgumentException(text.length() + " characters, not " + this.width);
			}
			int[] digits = (this == BASE62) ? BASE62_DIGITS : CROCKFORD32_DIGITS;
			long value = 0;
			for (int i = 0; i < text.length(); i++) {
				char c = text.charAt(i);
				int digit = (c < digits.length) ? digits[c] : -1;
				if (digit < 0) {
					throw new IllegalArgumentException("'" + c + "' at position " + (i + 1) + " is not a "
							+ ((this == BASE62) ? "base62" : "Crockford base32") + " digit");
				}
				if (value > (Long.MAX_VALUE - digit) / this.radix) {
					throw exceeds(Long.MAX_VALUE);
				}
				value = value * this.radix + digit;
			}
			return value;
		}

		private IllegalArgumentException exceeds(long maxId) {
			return new IllegalArgumentException("exceeds " + format(maxId) + ", the largest ID"
					+ ((maxId == Long.MAX_VALUE) ? "" : " of the layout"));
		}

	}

	private static int[] digits(String alphabet, boolean caseInsensitive) {
		int[] digits = new int[128];
		Arrays.fill(digits, -1);
		for (int i = 0; i < alphabet.length(); i++) {
			char c = alphabet.charAt(i);
			digits[c] = i;
			if (caseInsensitive) {
				digits[Character.toLowerCase(c)] = i;
			}
		}
		return digits;
	}

	private static int[] crockfordDigits() {
		int[] digits = digits(CROCKFORD32_ALPHABET, true);
		// Crockford's decoding: I and L read as 1, O as 0, in either case.
		for (char c : new char[] { 'I', 'i', 'L', 'l' }) {
			digits[c] = 1;
		}
		digits['O'] = 0;
		digits['o'] = 0;
		return digits;
	}

}
