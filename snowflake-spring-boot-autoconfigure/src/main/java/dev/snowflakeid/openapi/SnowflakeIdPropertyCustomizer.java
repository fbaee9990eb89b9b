package dev.snowflakeid.openapi;

import dev.snowflakeid.SnowflakeId;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.PropertyCustomizer;

/**
 * Documents {@link SnowflakeId} (and {@code @GeneratedSnowflakeId}) properties of request and response bodies
 * as {@code type: string} with a digits pattern, and {@code @PublicId} properties with the public form's
 * pattern, as the Jackson modules write them, so that clients generated from the document never read an ID
 * as a double-precision number. With {@code writeAllLongsAsStrings} (the Jackson modules then write every
 * {@code long}, {@code Long} and {@code long[]} as strings), every other {@code long} property, or element of
 * one, is documented as {@code type: string} with the pattern {@code ^-?[0-9]+$}.
 */
public class SnowflakeIdPropertyCustomizer implements PropertyCustomizer {

	private final boolean writeAllLongsAsStrings;

	/**
	 * Creates a customizer for properties marked as IDs only.
	 */
	public SnowflakeIdPropertyCustomizer() {
		this(false);
	}

	/**
	 * Creates a customizer.
	 * @param writeAllLongsAsStrings whether the Jackson modules write every {@code long} as a string
	 */
	public SnowflakeIdPropertyCustomizer(boolean writeAllLongsAsStrings) {
		this.writeAllLongsAsStrings = writeAllLongsAsStrings;
	}

	@Override
	@SuppressWarnings("rawtypes")
	public Schema customize(Schema property, AnnotatedType type) {
		boolean marked = SnowflakeIdSchemas.customize(property, type.getCtxAnnotations());
		if (!marked && this.writeAllLongsAsStrings) {
			SnowflakeIdSchemas.longsToStrings(property, type.getType());
		}
		return property;
	}

}
