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
package dev.snowflakeid.openapi.autoconfigure;

import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;

import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The OpenAPI document an application serves at {@code /v3/api-docs}, read with JSON
 * paths.
 */
final class OpenApiDocument {

	private final DocumentContext document;

	private OpenApiDocument(DocumentContext document) {
		this.document = document;
	}

	static OpenApiDocument of(MockMvc mvc) throws Exception {
		return new OpenApiDocument(JsonPath.parse(body(mvc, "/v3/api-docs")));
	}

	/** What the application answers to a GET of {@code path}, with 200 OK. */
	static String body(MockMvc mvc, String path) throws Exception {
		return mvc.perform(get(path)).andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
	}

	Object read(String path) {
		return this.document.read(path, Object.class);
	}

	/** The one schema at {@code path} (a filter expression must select exactly one). */
	@SuppressWarnings("unchecked")
	Map<String, Object> schema(String path) {
		Object value = this.document.read(path);
		if (value instanceof List<?> list) {
			assertThat(list).as(path).hasSize(1);
			value = list.get(0);
		}
		return (Map<String, Object>) value;
	}

	/**
	 * Asserts that the schema at {@code path} is a string of {@code pattern}, with no
	 * number format left.
	 */
	void assertString(String path, String pattern) {
		assertThat(schema(path)).as("%s in %s", path, this.document.jsonString())
			.containsEntry("type", "string")
			.containsEntry("pattern", pattern)
			.doesNotContainKey("format");
	}

}
