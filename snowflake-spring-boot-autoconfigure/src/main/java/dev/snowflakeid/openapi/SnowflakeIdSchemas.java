package dev.snowflakeid.openapi;

import java.lang.annotation.Annotation;
import java.util.Set;

import dev.snowflakeid.DecimalIds;
import dev.snowflakeid.SnowflakeId;
import io.swagger.v3.oas.models.media.Schema;

import org.springframework.core.annotation.MergedAnnotations;

/**
 * Rewrites the schema of a {@link SnowflakeId} property or parameter to what the Jackson modules write: a
 * string of decimal digits. Containers keep their shape and only their elements change, as in JSON.
 */
final class SnowflakeIdSchemas {

	private static final String INTEGER = "integer";

	private static final String STRING = "string";

	private SnowflakeIdSchemas() {
	}

	/** Whether any of the annotations is {@code @SnowflakeId} or is meta-annotated with it. */
	static boolean isMarked(Annotation[] annotations) {
		return annotations != null && MergedAnnotations.from(annotations).isPresent(SnowflakeId.class);
	}

	/** Changes the integer (or string) schema, or its array items or map values, to a digit string. */
	static void toDigitString(Schema<?> schema) {
		if (schema == null) {
			return;
		}
		if (schema.getItems() != null) {
			toDigitString(schema.getItems());
		}
		else if (schema.getAdditionalProperties() instanceof Schema<?> values) {
			toDigitString(values);
		}
		else if (is(schema, INTEGER) || is(schema, STRING)) {
			schema.setType(STRING);
			if (schema.getTypes() != null) {
				schema.setTypes(Set.of(STRING));
			}
			schema.setFormat(null);
			schema.setPattern(DecimalIds.PATTERN);
			schema.setMinimum(null);
			schema.setMaximum(null);
		}
	}

	private static boolean is(Schema<?> schema, String type) {
		return type.equals(schema.getType()) || (schema.getTypes() != null && schema.getTypes().contains(type));
	}

}
