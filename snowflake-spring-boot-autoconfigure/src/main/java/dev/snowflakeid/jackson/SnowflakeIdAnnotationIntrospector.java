package dev.snowflakeid.jackson;

import java.lang.annotation.Annotation;

import dev.snowflakeid.SnowflakeId;
import tools.jackson.core.Version;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.AnnotatedMethod;
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
		JavaType type = markedType(annotated);
		return (type != null && isIdType(type)) ? ToStringSerializer.instance : null;
	}

	@Override
	public Object findContentSerializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = markedType(annotated);
		return (type != null && type.getContentType() != null && isIdType(type.getContentType()))
				? ToStringSerializer.instance : null;
	}

	@Override
	public Object findDeserializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = markedType(annotated);
		return (type != null && isIdType(type)) ? new SnowflakeIdDeserializer(type.getRawClass()) : null;
	}

	@Override
	public Object findContentDeserializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = markedType(annotated);
		return (type != null && type.getContentType() != null && isIdType(type.getContentType()))
				? new SnowflakeIdDeserializer(type.getContentType().getRawClass()) : null;
	}

	/**
	 * Declared type of a marked field, getter, setter or creator parameter; {@code null} when unmarked or
	 * not a member (classes cannot be marked).
	 */
	private static JavaType markedType(Annotated annotated) {
		if (!(annotated instanceof AnnotatedMember member) || !isMarked(member)) {
			return null;
		}
		if (annotated instanceof AnnotatedMethod method && method.getParameterCount() == 1) {
			return method.getParameterType(0);
		}
		return annotated.getType();
	}

	private static boolean isMarked(AnnotatedMember member) {
		return member.hasAnnotation(SnowflakeId.class)
				|| member.annotations().map(Annotation::annotationType).anyMatch(
						(type) -> type.isAnnotationPresent(SnowflakeId.class));
	}

	private static boolean isIdType(JavaType type) {
		Class<?> raw = type.getRawClass();
		return raw == Long.class || raw == Long.TYPE || raw == String.class;
	}

}
