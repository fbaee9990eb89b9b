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

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.HandlerMethodArgumentResolverComposite;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

/**
 * Resolves {@code long} or {@code Long} controller parameters marked with an ID
 * annotation from their text: Spring MVC's own resolvers read the raw text, with all
 * their rules for names, required values and defaults, as if the parameter were a
 * {@code String}; {@link #decode} then reads it. It has to run before the built-in
 * resolvers: through the conversion service alone, a failed conversion to {@code long}
 * falls back to the default number editor, which would accept {@code -1}, {@code 0x1F} or
 * the internal ID in decimal digits.
 */
abstract class IdTextArgumentResolver implements HandlerMethodArgumentResolver {

	private final Class<? extends Annotation> marker;

	private final HandlerMethodArgumentResolverComposite rawText = new HandlerMethodArgumentResolverComposite();

	IdTextArgumentResolver(Class<? extends Annotation> marker, List<HandlerMethodArgumentResolver> builtIn) {
		this.marker = marker;
		this.rawText.addResolvers(builtIn);
	}

	/**
	 * Puts the resolver that {@code resolver} makes from the built-in ones first in every
	 * {@link RequestMappingHandlerAdapter}.
	 */
	static BeanPostProcessor installer(
			Function<List<HandlerMethodArgumentResolver>, HandlerMethodArgumentResolver> resolver) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof RequestMappingHandlerAdapter adapter && adapter.getArgumentResolvers() != null) {
					List<HandlerMethodArgumentResolver> resolvers = new ArrayList<>(adapter.getArgumentResolvers());
					resolvers.add(0, resolver.apply(adapter.getArgumentResolvers()));
					adapter.setArgumentResolvers(resolvers);
				}
				return bean;
			}

		};
	}

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		Class<?> type = parameter.getParameterType();
		return parameter.hasParameterAnnotation(this.marker) && (type == Long.class || type == Long.TYPE);
	}

	@Override
	public @Nullable Object resolveArgument(MethodParameter parameter, @Nullable ModelAndViewContainer mavContainer,
			NativeWebRequest webRequest, @Nullable WebDataBinderFactory binderFactory) throws Exception {
		Object text = this.rawText.resolveArgument(new AsText(parameter), mavContainer, webRequest, binderFactory);
		return (text != null) ? decode(parameter, text.toString()) : null;
	}

	/** The ID that {@code text}, given for {@code parameter}, denotes. */
	abstract long decode(MethodParameter parameter, String text);

	/** The same parameter, declared as a {@code String}. */
	private static final class AsText extends MethodParameter {

		AsText(MethodParameter original) {
			super(original);
		}

		@Override
		public Class<?> getParameterType() {
			return String.class;
		}

		@Override
		public Type getGenericParameterType() {
			return String.class;
		}

		@Override
		public Class<?> getNestedParameterType() {
			return String.class;
		}

		@Override
		public Type getNestedGenericParameterType() {
			return String.class;
		}

		@Override
		public AsText clone() {
			return new AsText(this);
		}

	}

}
