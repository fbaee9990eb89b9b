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
package dev.snowflakeid.openapi;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.PublicId;
import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.publicid.PublicIds;
import io.swagger.v3.oas.models.media.Schema;

import org.springframework.core.annotation.MergedAnnotations;

/**
 * Rewrites the schema of a {@link SnowflakeId} property or parameter to what the Jackson
 * modules write: a string in the configured form (decimal digits by default), or for
 * {@link PublicId} (which wins, as in JSON) the public form; with
 * {@code writeAllLongsAsStrings}, also every other {@code long} of a JSON body, as a
 * string that may carry a minus sign. Containers keep their shape and only their elements
 * change, as in JSON.
 */
final class SnowflakeIdSchemas {

	private static final String INTEGER = "integer";

	private static final String STRING = "string";

	/**
	 * The public form of {@code PublicIds}: the key identifier (a lowercase letter), then
	 * base-62 digits.
	 */
	static final String PUBLIC_ID_PATTERN = "^[a-z][0-9A-Za-z]{" + (PublicIds.LENGTH - 1) + "}$";

	/**
	 * What the Jackson modules write for an unmarked {@code long} with
	 * {@code writeAllLongsAsStrings}: {@link Long#toString(long)}, so a minus sign may
	 * lead.
	 */
	static final String LONG_PATTERN = "^-?[0-9]+$";

	private SnowflakeIdSchemas() {
	}

	/**
	 * Rewrites the schema when the annotations mark an ID ({@code @PublicId} first, then
	 * {@code @SnowflakeId}, directly or as meta-annotations, unless the Jackson modules
	 * write IDs as numbers); leaves it alone otherwise.
	 * @return whether the annotations mark an ID
	 */
	static boolean customize(Schema<?> schema, Annotation[] annotations, Form form, boolean numbersWhenSafe) {
		if (annotations == null) {
			return false;
		}
		MergedAnnotations merged = MergedAnnotations.from(annotations);
		if (merged.isPresent(PublicId.class)) {
			toString(schema, PUBLIC_ID_PATTERN);
			return true;
		}
		if (merged.isPresent(SnowflakeId.class)) {
			if (!numbersWhenSafe) {
				toString(schema, form.pattern());
			}
			return true;
		}
		return false;
	}

	/**
	 * Rewrites, as Jackson writes them with {@code writeAllLongsAsStrings}, the integer
	 * schemas that {@code type} makes {@code long} or {@code Long}: the type itself, or
	 * the elements of an array or collection, the values of a map, the content of an
	 * {@code Optional}, at any depth. Every other schema is left alone: other integers
	 * stay numbers, as Jackson writes them.
	 * @param type the Java type the schema describes (a {@link JavaType} from
	 * swagger-core, or any other {@link Type})
	 */
	static void longsToStrings(Schema<?> schema, Type type) {
		if (schema == null || type == null) {
			return;
		}
		JavaType javaType = TypeFactory.defaultInstance().constructType(type);
		Class<?> raw = javaType.getRawClass();
		if (raw == Long.class || raw == long.class) {
			if (is(schema, INTEGER)) {
				scalarToString(schema, LONG_PATTERN);
			}
		}
		else if (javaType.isArrayType() || javaType.isCollectionLikeType()) {
			longsToStrings(schema.getItems(), javaType.getContentType());
		}
		else if (javaType.isMapLikeType()) {
			if (schema.getAdditionalProperties() instanceof Schema<?> values) {
				longsToStrings(values, javaType.getContentType());
			}
		}
		else if (javaType.isReferenceType()) {
			longsToStrings(schema, javaType.getContentType());
		}
		else if (raw == Optional.class && javaType.containedTypeCount() == 1) {
			longsToStrings(schema, javaType.containedType(0));
		}
	}

	/**
	 * Changes the integer (or string) schema, or its array items or map values, to a
	 * string of the pattern.
	 */
	private static void toString(Schema<?> schema, String pattern) {
		if (schema == null) {
			return;
		}
		if (schema.getItems() != null) {
			toString(schema.getItems(), pattern);
		}
		else if (schema.getAdditionalProperties() instanceof Schema<?> values) {
			toString(values, pattern);
		}
		else if (is(schema, INTEGER) || is(schema, STRING)) {
			scalarToString(schema, pattern);
		}
	}

	private static void scalarToString(Schema<?> schema, String pattern) {
		schema.setType(STRING);
		if (schema.getTypes() != null) {
			schema.setTypes(Set.of(STRING));
		}
		schema.setFormat(null);
		schema.setPattern(pattern);
		schema.setMinimum(null);
		schema.setMaximum(null);
	}

	private static boolean is(Schema<?> schema, String type) {
		return type.equals(schema.getType()) || (schema.getTypes() != null && schema.getTypes().contains(type));
	}

}
