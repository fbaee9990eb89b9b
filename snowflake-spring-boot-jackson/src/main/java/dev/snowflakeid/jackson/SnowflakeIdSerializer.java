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

import dev.snowflakeid.IdFormats.Form;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Writes a marked {@code long} or {@code Long} as a JSON string in a padded form
 * ({@code base62}, {@code crockford32}), or as a JSON number below 2^53 when numbers are
 * asked for when safe; a marked {@code String} is written as it is. Decimal strings keep
 * Jackson's {@code ToStringSerializer}.
 */
final class SnowflakeIdSerializer extends StdSerializer<Object> {

	/** Largest integer a JavaScript number holds exactly, and its neighbours too. */
	static final long MAX_SAFE_INTEGER = (1L << 53) - 1;

	private final Form form;

	private final boolean numbersWhenSafe;

	SnowflakeIdSerializer(Form form, boolean numbersWhenSafe) {
		super(Object.class);
		this.form = form;
		this.numbersWhenSafe = numbersWhenSafe;
	}

	@Override
	public void serialize(Object value, JsonGenerator generator, SerializationContext context) {
		if (value instanceof Long id && this.numbersWhenSafe && id >= 0 && id <= MAX_SAFE_INTEGER) {
			generator.writeNumber(id);
		}
		else {
			generator.writeString((value instanceof Long id) ? this.form.format(id) : value.toString());
		}
	}

}
