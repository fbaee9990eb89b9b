package dev.snowflakeid.jackson;

import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.json.JsonIds;
import tools.jackson.core.Version;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Finds properties marked with {@link SnowflakeId} and hands Jackson the string serializer and the strict
 * deserializer for them, or for their elements when the property is a container or an
 * {@code Optional}. Registered after Jackson's own introspector, so explicit Jackson annotations win.
 */
final class SnowflakeIdAnnotationIntrospector extends NopAnnotationIntrospector {

	private static final long serialVersionUID = 1L;

	@Override
	public Version version() {
		return Version.unknownVersion();
	}

	@Override
	public Object findSerializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, SnowflakeId.class);
		return (type != null && isIdType(type)) ? ToStringSerializer.instance : null;
	}

	@Override
	public Object findContentSerializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, SnowflakeId.class);
		return (type != null && type.getContentType() != null && isIdType(type.getContentType()))
				? ToStringSerializer.instance : null;
	}

	@Override
	public Object findDeserializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, SnowflakeId.class);
		return (type != null && isIdType(type)) ? new SnowflakeIdDeserializer(type.getRawClass()) : null;
	}

	@Override
	public Object findContentDeserializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, SnowflakeId.class);
		return (type != null && type.getContentType() != null && isIdType(type.getContentType()))
				? new SnowflakeIdDeserializer(type.getContentType().getRawClass()) : null;
	}

	private static boolean isIdType(JavaType type) {
		return JsonIds.isSnowflakeIdType(type.getRawClass());
	}

}
