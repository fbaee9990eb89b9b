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
package dev.snowflakeid.jackson2;

import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.NopAnnotationIntrospector;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.json.JsonIds;
import org.jspecify.annotations.Nullable;

/**
 * Finds properties marked with {@link SnowflakeId} and hands Jackson the string
 * serializer and the strict deserializer for them, or for their elements when the
 * property is a container or an {@code Optional}. Registered after Jackson's own
 * introspector, so explicit Jackson annotations win.
 */
final class SnowflakeIdAnnotationIntrospector extends NopAnnotationIntrospector {

	private static final long serialVersionUID = 1L;

	private final Form form;

	private final boolean numbersWhenSafe;

	SnowflakeIdAnnotationIntrospector(Form form, boolean numbersWhenSafe) {
		this.form = form;
		this.numbersWhenSafe = numbersWhenSafe;
	}

	@Override
	public Version version() {
		return Version.unknownVersion();
	}

	@Override
	public @Nullable Object findSerializer(Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, SnowflakeId.class);
		return (type != null && isIdType(type)) ? serializer() : null;
	}

	@Override
	public @Nullable Object findContentSerializer(Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, SnowflakeId.class);
		return (type != null && type.getContentType() != null && isIdType(type.getContentType())) ? serializer() : null;
	}

	@Override
	public @Nullable Object findDeserializer(Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, SnowflakeId.class);
		return (type != null && isIdType(type)) ? new SnowflakeIdDeserializer(type.getRawClass(), this.form) : null;
	}

	@Override
	public @Nullable Object findContentDeserializer(Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, SnowflakeId.class);
		return (type != null && type.getContentType() != null && isIdType(type.getContentType()))
				? new SnowflakeIdDeserializer(type.getContentType().getRawClass(), this.form) : null;
	}

	private Object serializer() {
		return (this.form == Form.DECIMAL && !this.numbersWhenSafe) ? ToStringSerializer.instance
				: new SnowflakeIdSerializer(this.form, this.numbersWhenSafe);
	}

	private static boolean isIdType(JavaType type) {
		return JsonIds.isSnowflakeIdType(type.getRawClass());
	}

}
