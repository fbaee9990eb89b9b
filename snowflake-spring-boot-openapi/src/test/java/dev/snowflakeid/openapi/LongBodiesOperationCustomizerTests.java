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

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.method.HandlerMethod;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each wrapper whose content Spring MVC writes as the body is seen through, one handler
 * at a time. The document of a whole application cannot show this: springdoc hands every
 * operation the same {@code Long} schema, so one unwrapped body turns the {@code Long} of
 * every other body into a string too.
 */
class LongBodiesOperationCustomizerTests {

	private static final String LONG = "^-?[0-9]+$";

	@ParameterizedTest
	@ValueSource(strings = { "entity", "future", "called", "deferred" })
	void aLongInsideAWrapperIsAString(String handler) throws Exception {
		Schema<?> body = new IntegerSchema().format("int64");
		new LongBodiesOperationCustomizer(true).customize(responding(body), handler(handler));
		assertLongString(body);
	}

	@Test
	void wrappersInsideWrappersAreSeenThroughToTheElements() throws Exception {
		Schema<?> body = new ArraySchema().items(new IntegerSchema().format("int64"));
		new LongBodiesOperationCustomizer(true).customize(responding(body), handler("nested"));
		assertThat(body.getType()).isEqualTo("array");
		assertLongString(body.getItems());
	}

	@Test
	void aRequestBodyOfLongsIsStrings() throws Exception {
		Schema<?> body = new ArraySchema().items(new IntegerSchema().format("int64"));
		Operation operation = new Operation()
			.requestBody(new RequestBody()
				.content(new Content().addMediaType("application/json", new MediaType().schema(body))))
			.responses(new ApiResponses());
		new LongBodiesOperationCustomizer(true).customize(operation, handler("consume", List.class));
		assertLongString(body.getItems());
	}

	@Test
	void errorResponsesAndTheDefaultAreLeftAlone() throws Exception {
		Schema<?> error = new IntegerSchema().format("int64");
		Operation operation = responding(new IntegerSchema().format("int64"));
		operation.getResponses().addApiResponse("400", response(error));
		new LongBodiesOperationCustomizer(true).customize(operation, handler("entity"));
		assertThat(error.getType()).isEqualTo("integer");

		Schema<?> body = new IntegerSchema().format("int64");
		new LongBodiesOperationCustomizer(false).customize(responding(body), handler("entity"));
		assertThat(body.getType()).isEqualTo("integer");
		assertThat(body.getFormat()).isEqualTo("int64");
	}

	private static void assertLongString(Schema<?> schema) {
		assertThat(schema.getType()).isEqualTo("string");
		assertThat(schema.getPattern()).isEqualTo(LONG);
		assertThat(schema.getFormat()).isNull();
	}

	private static Operation responding(Schema<?> body) {
		return new Operation().responses(new ApiResponses().addApiResponse("200", response(body)));
	}

	private static ApiResponse response(Schema<?> body) {
		return new ApiResponse().content(new Content().addMediaType("application/json", new MediaType().schema(body)));
	}

	private static HandlerMethod handler(String name, Class<?>... parameterTypes) throws NoSuchMethodException {
		return new HandlerMethod(new Handlers(), Handlers.class.getDeclaredMethod(name, parameterTypes));
	}

	static final class Handlers {

		ResponseEntity<Long> entity() {
			return ResponseEntity.ok(1L);
		}

		CompletableFuture<Long> future() {
			return CompletableFuture.completedFuture(1L);
		}

		Callable<Long> called() {
			return () -> 1L;
		}

		DeferredResult<Long> deferred() {
			return new DeferredResult<>();
		}

		DeferredResult<ResponseEntity<List<Long>>> nested() {
			return new DeferredResult<>();
		}

		void consume(@org.springframework.web.bind.annotation.RequestBody List<Long> values) {
		}

	}

}
