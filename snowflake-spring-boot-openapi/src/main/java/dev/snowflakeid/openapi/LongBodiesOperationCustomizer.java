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

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionStage;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.responses.ApiResponse;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.customizers.OperationCustomizer;

import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;
import org.springframework.http.HttpEntity;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.method.HandlerMethod;

/**
 * With {@code writeAllLongsAsStrings}, documents request and response bodies that are
 * themselves a {@code long}, {@code Long}, {@code long[]} or a container of them (such as
 * {@code List<Long>}, also inside {@code ResponseEntity}, {@code CompletableFuture},
 * {@code Callable} or {@code DeferredResult}, nested or not) as strings with the pattern
 * {@code ^-?[0-9]+$}, as the Jackson modules write them. Properties of body objects are
 * {@link SnowflakeIdPropertyCustomizer}'s. Parameters (path, query, header) are text that
 * Jackson never writes, so they keep their types; so do error responses, whose bodies are
 * not the method's.
 */
public class LongBodiesOperationCustomizer implements OperationCustomizer {

	private static final List<Class<?>> WRAPPERS = List.of(HttpEntity.class, CompletionStage.class, Callable.class,
			DeferredResult.class);

	private final boolean writeAllLongsAsStrings;

	/**
	 * Creates a customizer.
	 * @param writeAllLongsAsStrings whether the Jackson modules write every {@code long}
	 * as a string; without it the customizer changes nothing
	 */
	public LongBodiesOperationCustomizer(boolean writeAllLongsAsStrings) {
		this.writeAllLongsAsStrings = writeAllLongsAsStrings;
	}

	@Override
	public Operation customize(Operation operation, HandlerMethod handlerMethod) {
		if (!this.writeAllLongsAsStrings) {
			return operation;
		}
		if (operation.getResponses() != null) {
			ResolvableType body = body(handlerMethod.getReturnType());
			operation.getResponses().forEach((status, response) -> {
				if (status.startsWith("2")) {
					customize(response, body);
				}
			});
		}
		if (operation.getRequestBody() != null) {
			for (MethodParameter parameter : handlerMethod.getMethodParameters()) {
				if (parameter.hasParameterAnnotation(RequestBody.class)) {
					customize(operation.getRequestBody().getContent(), body(parameter));
				}
			}
		}
		return operation;
	}

	private static void customize(ApiResponse response, ResolvableType body) {
		if (response != null) {
			customize(response.getContent(), body);
		}
	}

	private static void customize(Content content, ResolvableType body) {
		if (content != null && body.resolve() != null) {
			JavaType type = javaType(body);
			content.values().forEach((media) -> SnowflakeIdSchemas.longsToStrings(media.getSchema(), type));
		}
	}

	/**
	 * {@code type} with every type variable replaced by what it stands for. What a
	 * wrapper carries is often the wrapper's own variable ({@code T} of
	 * {@code HttpEntity<T>} for a {@code ResponseEntity<Long>}), which
	 * {@link ResolvableType#getType()} returns as it is and Jackson would read as
	 * {@code Object}.
	 */
	private static JavaType javaType(ResolvableType type) {
		TypeFactory types = TypeFactory.defaultInstance();
		if (type.isArray()) {
			return types.constructArrayType(javaType(type.getComponentType()));
		}
		ResolvableType[] generics = type.getGenerics();
		if (generics.length == 0) {
			return types.constructType(type.toClass());
		}
		return types.constructParametricType(type.toClass(),
				Arrays.stream(generics).map(LongBodiesOperationCustomizer::javaType).toArray(JavaType[]::new));
	}

	/**
	 * The type Jackson writes or reads: the parameter's, or what an {@code HttpEntity}, a
	 * {@code CompletionStage}, a {@code Callable} or a {@code DeferredResult} carries.
	 */
	private static ResolvableType body(MethodParameter parameter) {
		ResolvableType type = ResolvableType.forMethodParameter(parameter);
		for (Class<?> wrapper = wrapper(type); wrapper != null; wrapper = wrapper(type)) {
			type = type.as(wrapper).getGeneric(0);
		}
		return type;
	}

	private static @Nullable Class<?> wrapper(ResolvableType type) {
		for (Class<?> wrapper : WRAPPERS) {
			if (wrapper.isAssignableFrom(type.toClass())) {
				return wrapper;
			}
		}
		return null;
	}

}
