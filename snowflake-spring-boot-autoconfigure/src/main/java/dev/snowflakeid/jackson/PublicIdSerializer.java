package dev.snowflakeid.jackson;

import dev.snowflakeid.publicid.PublicIds;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Writes an ID as its public form, a JSON string. An ID of 0 or below has no public form and fails.
 */
final class PublicIdSerializer extends StdSerializer<Object> {

	private final PublicIds publicIds;

	PublicIdSerializer(PublicIds publicIds) {
		super(Object.class);
		this.publicIds = publicIds;
	}

	@Override
	public void serialize(Object value, JsonGenerator generator, SerializationContext context) {
		generator.writeString(this.publicIds.encode(((Number) value).longValue()));
	}

}
