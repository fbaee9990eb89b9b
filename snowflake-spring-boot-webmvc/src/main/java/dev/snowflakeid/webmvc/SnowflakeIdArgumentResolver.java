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
package dev.snowflakeid.webmvc;

import java.util.List;
import java.util.Objects;

import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.SnowflakeId;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.MethodParameter;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

/**
 * Resolves {@link SnowflakeId} controller parameters ({@code long} or {@code Long}, with
 * {@code @PathVariable}, {@code @RequestParam}, {@code @RequestHeader} or neither) in the
 * configured string form, as strictly as JSON reads IDs: only that form, the exact width
 * of a padded form, no sign, spaces or separators, nothing above {@link Long#MAX_VALUE}.
 * Anything else is a {@link MethodArgumentTypeMismatchException} whose cause gives the
 * reason: {@code 400 Bad Request}.
 */
public final class SnowflakeIdArgumentResolver extends IdTextArgumentResolver {

	private final SnowflakeIdFormatterFactory formatters;

	SnowflakeIdArgumentResolver(SnowflakeIdFormatterFactory formatters, List<HandlerMethodArgumentResolver> builtIn) {
		super(SnowflakeId.class, builtIn);
		this.formatters = Objects.requireNonNull(formatters, "formatters");
	}

	/**
	 * Puts a {@code SnowflakeIdArgumentResolver} first in every
	 * {@link RequestMappingHandlerAdapter}.
	 * @param formatters the reading of IDs in the configured form
	 */
	public static BeanPostProcessor installer(SnowflakeIdFormatterFactory formatters) {
		return installer((builtIn) -> new SnowflakeIdArgumentResolver(formatters, builtIn));
	}

	@Override
	long decode(MethodParameter parameter, String text) {
		try {
			return this.formatters.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw new MethodArgumentTypeMismatchException(text, parameter.getParameterType(),
					Objects.requireNonNullElse(parameter.getParameterName(), "id"), parameter, ex);
		}
	}

}
