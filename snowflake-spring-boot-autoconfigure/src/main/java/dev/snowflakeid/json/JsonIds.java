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

import java.math.BigInteger;

import dev.snowflakeid.IdFormats.Form;

import org.jspecify.annotations.Nullable;

/**
 * How IDs travel in JSON, whichever Jackson version binds them: which property types
 * {@code @SnowflakeId} and {@code @PublicId} apply to, what a read ID becomes, and the
 * wording of every rejection. Free of Jackson types, so that the Jackson 3 module
 * ({@code dev.snowflakeid.jackson}) and the Jackson 2 module
 * ({@code dev.snowflakeid.jackson2}) share it while each stays optional. Not part of the
 * API.
 */
public final class JsonIds {

	/** Reason for a JSON number with a fraction or an exponent. */
	public static final String FRACTION = "fractions and exponents are not allowed";

	/** Reason for an integer below zero. */
	public static final String NEGATIVE = "negative";

	/** Reason for a JSON {@code null} read into a {@code long}. */
	public static final String NULL_FOR_PRIMITIVE = "null is not allowed for a primitive long";

	private static final String EXPECTED_INTEGER = " or a JSON integer from 0 to " + Long.MAX_VALUE;

	private JsonIds() {
	}

	/**
	 * Whether a {@code @SnowflakeId} property (or element) of this type is written as a
	 * string.
	 */
	public static boolean isSnowflakeIdType(Class<?> type) {
		return type == Long.class || type == Long.TYPE || type == String.class;
	}

	/** Whether a {@code @PublicId} property (or element) of this type holds an ID. */
	public static boolean isPublicIdType(Class<?> type) {
		return type == Long.class || type == Long.TYPE;
	}

	/**
	 * The failure of {@code @PublicId} on a property that is neither an ID nor a
	 * container of IDs.
	 */
	public static IllegalStateException publicIdMisplaced(String property, Object type) {
		return new IllegalStateException("@PublicId on " + property + " applies to long, Long and "
				+ "containers of Long (List, Set, Long[], Map values, Optional), not to " + type);
	}

	/**
	 * An ID read into a property of {@code type}: the number, or its text in the
	 * configured form for a {@code String}.
	 */
	public static Object toPropertyType(long id, Class<?> type, Form form) {
		return (type == String.class) ? form.format(id) : id;
	}

	/**
	 * An ID read into a property of {@code type}: the number, or its decimal digits for a
	 * {@code String}.
	 * @deprecated since 0.2.0 for removal in 0.3.0 in favour of
	 * {@link #toPropertyType(long, Class, Form)}, which writes the configured form
	 */
	@Deprecated(since = "0.2.0", forRemoval = true)
	public static Object toPropertyType(long id, Class<?> type) {
		return toPropertyType(id, type, Form.DECIMAL);
	}

	/** Reason for an integer outside {@code long}. */
	public static String outOfRange(BigInteger value) {
		return (value.signum() < 0) ? NEGATIVE : "above " + Long.MAX_VALUE;
	}

	/** Reason for a JSON token that is neither a string nor a number. */
	public static String unexpectedToken(@Nullable Object token) {
		return "unexpected token " + token;
	}

	/**
	 * The message of a rejected Snowflake ID: the property ({@code null} when unknown),
	 * the rejected text, why, and what is accepted in the configured form.
	 */
	public static String invalidSnowflakeId(@Nullable String property, String text, String reason, Form form) {
		return "Invalid Snowflake ID for " + target(property) + ": \"" + text + "\" (" + reason
				+ "; expected a JSON string of " + form.description() + EXPECTED_INTEGER + ")";
	}

	/**
	 * The message of a rejected Snowflake ID in decimal form.
	 * @deprecated since 0.2.0 for removal in 0.3.0 in favour of
	 * {@link #invalidSnowflakeId(String, String, String, Form)}, which names the
	 * configured form
	 */
	@Deprecated(since = "0.2.0", forRemoval = true)
	public static String invalidSnowflakeId(@Nullable String property, String text, String reason) {
		return invalidSnowflakeId(property, text, reason, Form.DECIMAL);
	}

	/**
	 * The message of every rejected public ID: it names the property ({@code null} when
	 * unknown) but neither the input nor why, so a client learns nothing from the
	 * difference between a malformed string and a well-formed one that decodes to
	 * nothing.
	 */
	public static String invalidPublicId(@Nullable String property) {
		return "Invalid public ID for " + target(property);
	}

	private static String target(@Nullable String property) {
		return (property != null) ? "property '" + property + "'" : "value";
	}

}
