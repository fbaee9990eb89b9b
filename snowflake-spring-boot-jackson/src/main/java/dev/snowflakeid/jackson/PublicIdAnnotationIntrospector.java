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

import java.util.function.Supplier;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.json.JsonIds;
import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;
import dev.snowflakeid.publicid.PublicIds;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.Version;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;

/**
 * Finds properties marked with {@link PublicId} and hands Jackson the public-form
 * serializer and deserializer for them, or for their elements on containers and
 * {@code Optional}. Inserted before Jackson's own introspector, so that neither
 * {@code @SnowflakeId} nor an explicit {@code @JsonSerialize} can make a marked property
 * appear in its internal form. A marked property of another type, or a marked property
 * without a key ring, fails when its mapper first meets it.
 */
final class PublicIdAnnotationIntrospector extends NopAnnotationIntrospector {

	private static final long serialVersionUID = 1L;

	private final transient Supplier<PublicIds> publicIds;

	PublicIdAnnotationIntrospector(Supplier<PublicIds> publicIds) {
		this.publicIds = publicIds;
	}

	@Override
	public Version version() {
		return Version.unknownVersion();
	}

	@Override
	public @Nullable Object findSerializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, PublicId.class);
		if (type == null || isContainerOfIds(type, annotated)) {
			return null;
		}
		return new PublicIdSerializer(publicIds(annotated));
	}

	@Override
	public @Nullable Object findContentSerializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, PublicId.class);
		return (type != null && isContainerOfIds(type, annotated)) ? new PublicIdSerializer(publicIds(annotated))
				: null;
	}

	@Override
	public @Nullable Object findDeserializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, PublicId.class);
		if (type == null || isContainerOfIds(type, annotated)) {
			return null;
		}
		return new PublicIdDeserializer(publicIds(annotated), type.getRawClass());
	}

	@Override
	public @Nullable Object findContentDeserializer(MapperConfig<?> config, Annotated annotated) {
		JavaType type = MarkedMembers.markedType(annotated, PublicId.class);
		return (type != null && isContainerOfIds(type, annotated))
				? new PublicIdDeserializer(publicIds(annotated), type.getContentType().getRawClass()) : null;
	}

	private PublicIds publicIds(Annotated annotated) {
		PublicIds codec = this.publicIds.get();
		if (codec == null) {
			throw new MissingPublicIdKeyRingException("@PublicId property '" + annotated.getName() + "'");
		}
		return codec;
	}

	/**
	 * Whether a marked property holds IDs as elements; {@code false} for a single ID.
	 * @throws IllegalStateException if the property is neither an ID nor a container of
	 * IDs
	 */
	private static boolean isContainerOfIds(JavaType type, Annotated annotated) {
		if (isIdType(type)) {
			return false;
		}
		JavaType content = type.getContentType();
		if (content != null && !content.isPrimitive() && isIdType(content)) {
			return true;
		}
		throw JsonIds.publicIdMisplaced(annotated.getName(), type);
	}

	private static boolean isIdType(JavaType type) {
		return JsonIds.isPublicIdType(type.getRawClass());
	}

}
