package dev.snowflakeid.jackson2;

import java.lang.annotation.Annotation;

import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.AnnotatedMethod;
import com.fasterxml.jackson.databind.introspect.AnnotationMap;
import com.fasterxml.jackson.databind.introspect.NopAnnotationIntrospector;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import dev.snowflakeid.SnowflakeId;

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
	public Object findSerializer(Annotated annotated) {
		JavaType type = markedType(annotated);
		return (type != null && isIdType(type)) ? ToStringSerializer.instance : null;
	}

	@Override
	public Object findContentSerializer(Annotated annotated) {
		JavaType type = markedType(annotated);
		return (type != null && type.getContentType() != null && isIdType(type.getContentType()))
				? ToStringSerializer.instance : null;
	}

	@Override
	public Object findDeserializer(Annotated annotated) {
		JavaType type = markedType(annotated);
		return (type != null && isIdType(type)) ? new SnowflakeIdDeserializer(type.getRawClass()) : null;
	}

	@Override
	public Object findContentDeserializer(Annotated annotated) {
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
		if (member.hasAnnotation(SnowflakeId.class)) {
			return true;
		}
		AnnotationMap annotations = member.getAllAnnotations();
		if (annotations == null) {
			return false;
		}
		for (Annotation annotation : annotations.annotations()) {
			if (annotation.annotationType().isAnnotationPresent(SnowflakeId.class)) {
				return true;
			}
		}
		return false;
	}

	private static boolean isIdType(JavaType type) {
		Class<?> raw = type.getRawClass();
		return raw == Long.class || raw == Long.TYPE || raw == String.class;
	}

}
