package dev.snowflakeid.openapi;

import java.lang.annotation.Annotation;
import java.util.Set;

import dev.snowflakeid.DecimalIds;
import dev.snowflakeid.PublicId;
import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.publicid.PublicIds;
import io.swagger.v3.oas.models.media.Schema;

import org.springframework.core.annotation.MergedAnnotations;

/**
 * Rewrites the schema of a {@link SnowflakeId} property or parameter to what the Jackson modules write: a
 * string of decimal digits, or for {@link PublicId} (which wins, as in JSON) the public form. Containers keep
 * their shape and only their elements change, as in JSON.
 */
final class SnowflakeIdSchemas {

	private static final String INTEGER = "integer";

	private static final String STRING = "string";

	/**
	 * The public form of {@code PublicIds}: the key identifier (a lowercase letter), then base-62 digits.
	 */
	static final String PUBLIC_ID_PATTERN = "^[a-z][0-9A-Za-z]{" + (PublicIds.LENGTH - 1) + "}$";

	private SnowflakeIdSchemas() {
	}

	/**
	 * Rewrites the schema when the annotations mark an ID ({@code @PublicId} first, then {@code @SnowflakeId},
	 * directly or as meta-annotations); leaves it alone otherwise.
	 */
	static void customize(Schema<?> schema, Annotation[] annotations) {
		if (annotations == null) {
			return;
		}
		MergedAnnotations merged = MergedAnnotations.from(annotations);
		if (merged.isPresent(PublicId.class)) {
			toString(schema, PUBLIC_ID_PATTERN);
		}
		else if (merged.isPresent(SnowflakeId.class)) {
			toString(schema, DecimalIds.PATTERN);
		}
	}

	/** Changes the integer (or string) schema, or its array items or map values, to a string of the pattern. */
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
			schema.setType(STRING);
			if (schema.getTypes() != null) {
				schema.setTypes(Set.of(STRING));
			}
			schema.setFormat(null);
			schema.setPattern(pattern);
			schema.setMinimum(null);
			schema.setMaximum(null);
		}
	}

	private static boolean is(Schema<?> schema, String type) {
		return type.equals(schema.getType()) || (schema.getTypes() != null && schema.getTypes().contains(type));
	}

}
