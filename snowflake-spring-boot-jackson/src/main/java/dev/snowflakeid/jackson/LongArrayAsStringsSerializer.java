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

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Writes a {@code long[]} as a JSON array of strings of decimal digits.
 */
final class LongArrayAsStringsSerializer extends StdSerializer<long[]> {

	LongArrayAsStringsSerializer() {
		super(long[].class);
	}

	@Override
	public boolean isEmpty(SerializationContext context, long[] value) {
		return value.length == 0;
	}

	@Override
	public void serialize(long[] value, JsonGenerator generator, SerializationContext context) {
		generator.writeStartArray(value, value.length);
		for (long element : value) {
			generator.writeString(Long.toString(element));
		}
		generator.writeEndArray();
	}

}
