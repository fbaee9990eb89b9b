package dev.snowflakeid.openapi;

import dev.snowflakeid.SnowflakeId;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.PropertyCustomizer;

/**
 * Documents {@link SnowflakeId} (and {@code @GeneratedSnowflakeId}) properties of request and response bodies
 * as {@code type: string} with a digits pattern, and {@code @PublicId} properties with the public form's
 * pattern, as the Jackson modules write them, so that clients generated from the document never read an ID
 * as a double-precision number.
 */
public class SnowflakeIdPropertyCustomizer implements PropertyCustomizer {

	@Override
	@SuppressWarnings("rawtypes")
	public Schema customize(Schema property, AnnotatedType type) {
		SnowflakeIdSchemas.customize(property, type.getCtxAnnotations());
		return property;
	}

}
