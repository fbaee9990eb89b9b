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

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.InvalidPublicIdException;
import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;
import dev.snowflakeid.publicid.PublicIds;
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
 * Resolves {@link PublicId} controller parameters ({@code long} or {@code Long}, with
 * {@code @PathVariable}, {@code @RequestParam} or neither) from their public form. Spring
 * MVC's own resolvers read the raw text, with all their rules for names, required values
 * and defaults, as if the parameter were a {@code String}; this resolver then decodes it.
 * A string that is not a public ID is a {@link PublicIdNotFoundException},
 * {@code 404 Not Found}, the same answer as for an ID that names nothing.
 *
 * <p>
 * It has to run before the built-in resolvers: through the conversion service alone, a
 * failed conversion to {@code long} falls back to the default number editor, which would
 * accept the internal ID in decimal digits. It is put first in each
 * {@link RequestMappingHandlerAdapter} by {@link #installer}.
 */
public final class PublicIdArgumentResolver implements HandlerMethodArgumentResolver {

	private final Supplier<PublicIds> publicIds;

	private final HandlerMethodArgumentResolverComposite rawText = new HandlerMethodArgumentResolverComposite();

	PublicIdArgumentResolver(Supplier<PublicIds> publicIds, List<HandlerMethodArgumentResolver> builtIn) {
		this.publicIds = Objects.requireNonNull(publicIds, "publicIds");
		this.rawText.addResolvers(builtIn);
	}

	/**
	 * Puts a {@code PublicIdArgumentResolver} first in every
	 * {@link RequestMappingHandlerAdapter}.
	 * @param publicIds the key ring; asked on every request, must not answer {@code null}
	 * then
	 */
	public static BeanPostProcessor installer(Supplier<PublicIds> publicIds) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof RequestMappingHandlerAdapter adapter && adapter.getArgumentResolvers() != null) {
					List<HandlerMethodArgumentResolver> resolvers = new ArrayList<>(adapter.getArgumentResolvers());
					resolvers.add(0, new PublicIdArgumentResolver(publicIds, adapter.getArgumentResolvers()));
					adapter.setArgumentResolvers(resolvers);
				}
				return bean;
			}

		};
	}

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		Class<?> type = parameter.getParameterType();
		return parameter.hasParameterAnnotation(PublicId.class) && (type == Long.class || type == Long.TYPE);
	}

	@Override
	public @Nullable Object resolveArgument(MethodParameter parameter, @Nullable ModelAndViewContainer mavContainer,
			NativeWebRequest webRequest, @Nullable WebDataBinderFactory binderFactory) throws Exception {
		Object text = this.rawText.resolveArgument(new AsText(parameter), mavContainer, webRequest, binderFactory);
		if (text == null) {
			return null;
		}
		PublicIds codec = this.publicIds.get();
		if (codec == null) {
			throw new MissingPublicIdKeyRingException(parameter.getExecutable() + " takes a @PublicId parameter");
		}
		try {
			return codec.decode(text.toString());
		}
		catch (InvalidPublicIdException ex) {
			throw new PublicIdNotFoundException(ex);
		}
	}

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
