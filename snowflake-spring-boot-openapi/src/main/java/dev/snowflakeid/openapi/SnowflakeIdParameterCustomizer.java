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
import io.swagger.v3.oas.models.parameters.Parameter;
import org.springdoc.core.customizers.ParameterCustomizer;

import org.springframework.core.MethodParameter;

/**
 * Documents {@link SnowflakeId} path variables, request parameters and headers as
 * {@code type: string} with the pattern of the configured form, and {@code @PublicId}
 * ones with the public form's pattern: an ID in a URL is text, and a client that builds
 * the URL from a double loses digits.
 */
public class SnowflakeIdParameterCustomizer implements ParameterCustomizer {

	private final Form form;

	/**
	 * Creates a customizer for decimal IDs.
	 */
	public SnowflakeIdParameterCustomizer() {
		this(Form.DECIMAL);
	}

	/**
	 * Creates a customizer.
	 * @param form string form of IDs ({@code snowflake.format.string}), whose pattern the
	 * parameters carry
	 */
	public SnowflakeIdParameterCustomizer(Form form) {
		this.form = Objects.requireNonNull(form, "form");
	}

	@Override
	public Parameter customize(Parameter parameter, MethodParameter methodParameter) {
		if (parameter != null) {
			SnowflakeIdSchemas.customize(parameter.getSchema(), methodParameter.getParameterAnnotations(), this.form,
					false);
		}
		return parameter;
	}

}
