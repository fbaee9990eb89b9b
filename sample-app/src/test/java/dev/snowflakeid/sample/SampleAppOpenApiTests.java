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
package dev.snowflakeid.sample;

import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import dev.snowflakeid.test.autoconfigure.AutoConfigureSnowflake;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The sample app serves its OpenAPI document at {@code /v3/api-docs}, and a client
 * generated from it reads order IDs as strings in their public form, never as numbers.
 * Runs with the in-memory allocator of the test library: no Redis.
 */
@SpringBootTest
@AutoConfigureSnowflake
@AutoConfigureMockMvc
class SampleAppOpenApiTests {

	@Autowired
	MockMvc mvc;

	@Test
	void orderIdsAreDocumentedInTheirPublicForm() throws Exception {
		DocumentContext document = JsonPath.parse(this.mvc.perform(get("/v3/api-docs"))
			.andExpect(status().isOk())
			.andReturn()
			.getResponse()
			.getContentAsString());
		assertPublicId(document.read("$.components.schemas.OrderView.properties.id"));
		List<Object> parameter = document.read("$.paths['/api/orders/{id}'].get.parameters[?(@.name == 'id')].schema");
		assertThat(parameter).hasSize(1);
		assertPublicId(parameter.get(0));
	}

	@SuppressWarnings("unchecked")
	private static void assertPublicId(Object schema) {
		assertThat((Map<String, Object>) schema).containsEntry("type", "string")
			.containsEntry("pattern", "^[a-z][0-9A-Za-z]{11}$")
			.doesNotContainKey("format");
	}

}
