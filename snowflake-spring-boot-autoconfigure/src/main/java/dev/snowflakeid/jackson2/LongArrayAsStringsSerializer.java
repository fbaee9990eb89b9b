package dev.snowflakeid.jackson2;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

/**
 * Writes a {@code long[]} as a JSON array of strings of decimal digits.
 */
final class LongArrayAsStringsSerializer extends StdSerializer<long[]> {

	private static final long serialVersionUID = 1L;

	LongArrayAsStringsSerializer() {
		super(long[].class);
	}

	@Override
	public boolean isEmpty(SerializerProvider provider, long[] value) {
		return value.length == 0;
	}

	@Override
	public void serialize(long[] value, JsonGenerator generator, SerializerProvider provider) throws IOException {
		generator.writeStartArray(value, value.length);
		for (long element : value) {
			generator.writeString(Long.toString(element));
		}
		generator.writeEndArray();
	}

}
