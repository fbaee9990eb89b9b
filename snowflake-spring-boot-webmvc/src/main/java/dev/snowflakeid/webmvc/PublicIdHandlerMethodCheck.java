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

import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;
import dev.snowflakeid.publicid.PublicIds;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * Fails startup when a controller method takes a {@link PublicId} parameter, or binds a
 * form object with a {@link PublicId} field, but no key ring is configured, instead of
 * failing each request that reaches it. Request bodies are left to the Jackson modules,
 * which fail when a marked property is first written.
 */
public final class PublicIdHandlerMethodCheck implements SmartInitializingSingleton {

	private final Iterable<RequestMappingHandlerMapping> mappings;

	private final Supplier<PublicIds> publicIds;

	public PublicIdHandlerMethodCheck(Iterable<RequestMappingHandlerMapping> mappings, Supplier<PublicIds> publicIds) {
		this.mappings = mappings;
		this.publicIds = publicIds;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.publicIds.get() != null) {
			return;
		}
		for (RequestMappingHandlerMapping mapping : this.mappings) {
			for (Map.Entry<RequestMappingInfo, HandlerMethod> entry : mapping.getHandlerMethods().entrySet()) {
				for (MethodParameter parameter : entry.getValue().getMethodParameters()) {
					if (parameter.hasParameterAnnotation(PublicId.class)) {
						throw new MissingPublicIdKeyRingException(entry.getValue().getShortLogMessage()
								+ " takes @PublicId parameter '" + parameter.getParameterName() + "'");
					}
					List<Field> fields = parameter.hasParameterAnnotation(RequestBody.class) ? List.of()
							: PublicIdBindingAdvice.markedFields(parameter.getParameterType());
					if (!fields.isEmpty()) {
						throw new MissingPublicIdKeyRingException(entry.getValue().getShortLogMessage()
								+ " binds @PublicId field '" + fields.get(0).getName() + "' of "
								+ fields.get(0).getDeclaringClass().getSimpleName());
					}
				}
			}
		}
	}

}
