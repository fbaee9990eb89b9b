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
import java.util.function.Supplier;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.InvalidPublicIdException;
import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;
import dev.snowflakeid.publicid.PublicIds;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.MethodParameter;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
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
 * It has to run before the built-in resolvers (see {@link IdTextArgumentResolver}); it is
 * put first in each {@link RequestMappingHandlerAdapter} by {@link #installer}.
 */
public final class PublicIdArgumentResolver extends IdTextArgumentResolver {

	private final Supplier<PublicIds> publicIds;

	PublicIdArgumentResolver(Supplier<PublicIds> publicIds, List<HandlerMethodArgumentResolver> builtIn) {
		super(PublicId.class, builtIn);
		this.publicIds = Objects.requireNonNull(publicIds, "publicIds");
	}

	/**
	 * Puts a {@code PublicIdArgumentResolver} first in every
	 * {@link RequestMappingHandlerAdapter}.
	 * @param publicIds the key ring; asked on every request, must not answer {@code null}
	 * then
	 */
	public static BeanPostProcessor installer(Supplier<PublicIds> publicIds) {
		return installer((builtIn) -> new PublicIdArgumentResolver(publicIds, builtIn));
	}

	@Override
	long decode(MethodParameter parameter, String text) {
		PublicIds codec = this.publicIds.get();
		if (codec == null) {
			throw new MissingPublicIdKeyRingException(parameter.getExecutable() + " takes a @PublicId parameter");
		}
		try {
			return codec.decode(text);
		}
		catch (InvalidPublicIdException ex) {
			throw new PublicIdNotFoundException(ex);
		}
	}

}
