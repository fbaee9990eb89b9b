package dev.snowflakeid.openapi;

import dev.snowflakeid.SnowflakeId;
import io.swagger.v3.oas.models.parameters.Parameter;
import org.springdoc.core.customizers.ParameterCustomizer;

import org.springframework.core.MethodParameter;

/**
 * Documents {@link SnowflakeId} path variables, request parameters and headers as {@code type: string} with
 * a digits pattern, and {@code @PublicId} ones with the public form's pattern: an ID in a URL is text, and a
 * client that builds the URL from a double loses digits.
 */
public class SnowflakeIdParameterCustomizer implements ParameterCustomizer {

	@Override
	public Parameter customize(Parameter parameter, MethodParameter methodParameter) {
		if (parameter != null) {
			SnowflakeIdSchemas.customize(parameter.getSchema(), methodParameter.getParameterAnnotations());
		}
		return parameter;
	}

}
