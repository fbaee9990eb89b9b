package dev.snowflakeid.jackson2;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.snowflakeid.publicid.PublicIds;

/**
 * Writes an ID as its public form, a JSON string. An ID of 0 or below has no public form and fails.
 */
final class PublicIdSerializer extends StdSerializer<Object> {

	private static final long serialVersionUID = 1L;

	private final transient PublicIds publicIds;

	PublicIdSerializer(PublicIds publicIds) {
		super(Object.class);
		this.publicIds = publicIds;
	}

	@Override
	public void serialize(Object value, JsonGenerator generator, SerializerProvider provider) throws IOException {
		generator.writeString(this.publicIds.encode(((Number) value).longValue()));
	}

}
