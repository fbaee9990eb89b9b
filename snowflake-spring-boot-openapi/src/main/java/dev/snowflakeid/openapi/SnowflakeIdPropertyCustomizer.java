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

import java.util.Objects;

import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.SnowflakeId;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.PropertyCustomizer;

/**
 * Documents {@link SnowflakeId} (and {@code @GeneratedSnowflakeId}) properties of request
 * and response bodies as {@code type: string} with the pattern of the configured form,
 * and {@code @PublicId} properties with the public form's pattern, as the Jackson modules
 * write them, so that clients generated from the document never read an ID as a
 * double-precision number. With {@code writeAllLongsAsStrings} (the Jackson modules then
 * write every {@code long}, {@code Long} and {@code long[]} as strings), every other
 * {@code long} property, or element of one, is documented as {@code type: string} with
 * the pattern {@code ^-?[0-9]+$}.
 */
public class SnowflakeIdPropertyCustomizer implements PropertyCustomizer {

	private final boolean writeAllLongsAsStrings;

	private final Form form;

	private final boolean numbersWhenSafe;

	/**
	 * Creates a customizer for properties marked as IDs only.
	 */
	public SnowflakeIdPropertyCustomizer() {
		this(false);
	}

	/**
	 * Creates a customizer.
	 * @param writeAllLongsAsStrings whether the Jackson modules write every {@code long}
	 * as a string
	 */
	public SnowflakeIdPropertyCustomizer(boolean writeAllLongsAsStrings) {
		this(writeAllLongsAsStrings, Form.DECIMAL);
	}

	/**
	 * Creates a customizer.
	 * @param writeAllLongsAsStrings whether the Jackson modules write every {@code long}
	 * as a string
	 * @param form string form of IDs ({@code snowflake.format.string}), whose pattern the
	 * schemas of IDs carry
	 */
	public SnowflakeIdPropertyCustomizer(boolean writeAllLongsAsStrings, Form form) {
		this(writeAllLongsAsStrings, form, false);
	}

	/**
	 * Creates a customizer.
	 * @param writeAllLongsAsStrings whether the Jackson modules write every {@code long}
	 * as a string
	 * @param form string form of IDs ({@code snowflake.format.string})
	 * @param numbersWhenSafe whether the Jackson modules write IDs as JSON numbers
	 * ({@code snowflake.jackson.write-as=number-when-safe}), whose schemas then stay
	 * integers
	 */
	public SnowflakeIdPropertyCustomizer(boolean writeAllLongsAsStrings, Form form, boolean numbersWhenSafe) {
		this.writeAllLongsAsStrings = writeAllLongsAsStrings;
		this.form = Objects.requireNonNull(form, "form");
		this.numbersWhenSafe = numbersWhenSafe;
	}

	@Override
	@SuppressWarnings("rawtypes")
	public Schema customize(Schema property, AnnotatedType type) {
		boolean marked = SnowflakeIdSchemas.customize(property, type.getCtxAnnotations(), this.form,
				this.numbersWhenSafe);
		if (!marked && this.writeAllLongsAsStrings) {
			SnowflakeIdSchemas.longsToStrings(property, type.getType());
		}
		return property;
	}

}
