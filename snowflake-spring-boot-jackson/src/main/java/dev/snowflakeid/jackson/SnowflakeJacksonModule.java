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

import java.util.Objects;

import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.SnowflakeId;
import tools.jackson.core.Version;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.module.SimpleSerializers;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Jackson 3 module that carries Snowflake IDs as JSON strings, so that JavaScript
 * clients, whose numbers are IEEE 754 doubles exact only up to 2^53, never round them.
 *
 * <p>
 * Properties marked with {@link SnowflakeId} (directly or through an annotation
 * meta-annotated with it) are written as strings in the configured form (decimal digits
 * by default, or padded base62 or Crockford base32); on collections, arrays, map values
 * and {@code Optional} the elements are. Reading such a property accepts a JSON string in
 * that form or a JSON integer between 0 and {@link Long#MAX_VALUE}; anything else fails
 * with a {@link tools.jackson.databind.exc.MismatchedInputException} that names the
 * property and the rejected text. An explicit
 * {@code @JsonSerialize}/{@code @JsonDeserialize} on the same property takes precedence.
 *
 * <p>
 * With {@code writeAllLongsAsStrings} every {@code long}, {@code Long} and {@code long[]}
 * is written as strings, marked or not; reading unmarked longs keeps Jackson's own rules.
 */
public final class SnowflakeJacksonModule extends JacksonModule {

	private final boolean writeAllLongsAsStrings;

	private final Form form;

	private final boolean numbersWhenSafe;

	/**
	 * Creates a module that writes only properties marked as IDs as strings.
	 */
	public SnowflakeJacksonModule() {
		this(false);
	}

	/**
	 * Creates a module.
	 * @param writeAllLongsAsStrings whether to write every {@code long} and {@code Long}
	 * as a string, not only properties marked as IDs
	 */
	public SnowflakeJacksonModule(boolean writeAllLongsAsStrings) {
		this(writeAllLongsAsStrings, Form.DECIMAL);
	}

	/**
	 * Creates a module.
	 * @param writeAllLongsAsStrings whether to write every {@code long} and {@code Long}
	 * as a string, not only properties marked as IDs; unmarked ones in decimal
	 * @param form string form of properties marked as IDs, written and read
	 */
	public SnowflakeJacksonModule(boolean writeAllLongsAsStrings, Form form) {
		this(writeAllLongsAsStrings, form, false);
	}

	/**
	 * Creates a module.
	 * @param writeAllLongsAsStrings whether to write every {@code long} and {@code Long}
	 * as a string, not only properties marked as IDs; unmarked ones in decimal
	 * @param form string form of properties marked as IDs, written and read
	 * @param numbersWhenSafe whether to write a marked {@code long} or {@code Long} below
	 * 2^53 as a JSON number, which JavaScript holds exactly; larger ones stay strings
	 */
	public SnowflakeJacksonModule(boolean writeAllLongsAsStrings, Form form, boolean numbersWhenSafe) {
		this.writeAllLongsAsStrings = writeAllLongsAsStrings;
		this.form = Objects.requireNonNull(form, "form");
		this.numbersWhenSafe = numbersWhenSafe;
	}

	/**
	 * Whether marked IDs below 2^53 are written as JSON numbers.
	 */
	public boolean isNumbersWhenSafe() {
		return this.numbersWhenSafe;
	}

	/**
	 * String form of properties marked as IDs.
	 */
	public Form getForm() {
		return this.form;
	}

	/**
	 * Whether every {@code long} and {@code Long} is written as a string.
	 */
	public boolean isWriteAllLongsAsStrings() {
		return this.writeAllLongsAsStrings;
	}

	@Override
	public String getModuleName() {
		return "SnowflakeIdModule";
	}

	@Override
	public Version version() {
		return Version.unknownVersion();
	}

	@Override
	public void setupModule(SetupContext context) {
		context.appendAnnotationIntrospector(new SnowflakeIdAnnotationIntrospector(this.form, this.numbersWhenSafe));
		if (this.writeAllLongsAsStrings) {
			SimpleSerializers serializers = new SimpleSerializers();
			serializers.addSerializer(Long.class, ToStringSerializer.instance);
			serializers.addSerializer(Long.TYPE, ToStringSerializer.instance);
			serializers.addSerializer(long[].class, new LongArrayAsStringsSerializer());
			context.addSerializers(serializers);
		}
	}

}
