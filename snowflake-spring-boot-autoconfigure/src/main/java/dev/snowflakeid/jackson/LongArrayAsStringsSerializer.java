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
