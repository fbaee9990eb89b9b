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
package dev.snowflakeid.jackson.autoconfigure.web;

import com.jayway.jsonpath.JsonPath;
import dev.snowflakeid.IdGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

@WebTest
class SnowflakeIdMockMvcTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private WebOrderRepository orders;

	@Autowired
	private IdGenerator ids;

	@BeforeEach
	void deleteOrders() {
		this.orders.deleteAll();
	}

	@Test
	void createdOrderCarriesItsIdsAsStringsAndReadsBackByThem() throws Exception {
		MvcResult created = this.mvc
			.perform(post("/orders").contentType(MediaType.APPLICATION_JSON)
				.content("{\"customerId\":\"9007199254740993\",\"item\":\"book\"}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.id").isString())
			.andExpect(jsonPath("$.customerId").value("9007199254740993"))
			.andReturn();
		String id = JsonPath.read(created.getResponse().getContentAsString(), "$.id");
		assertThat(id).matches("[1-9][0-9]*");
		assertThat(this.ids.decode(Long.parseLong(id)).worker()).isEqualTo(WebTestApplication.WORKER_CODE);
		this.mvc.perform(get("/orders/" + id))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.id").value(id))
			.andExpect(jsonPath("$.item").value("book"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "\"\"", "\"-1\"", "\"+1\"", "\"12a\"", "1.5", "1e3", "-1", "\"9223372036854775808\"",
			"9223372036854775808" })
	void badIdIsA400NamingThePropertyAndNothingIsPersisted(String customerId) throws Exception {
		MvcResult result = this.mvc
			.perform(post("/orders").contentType(MediaType.APPLICATION_JSON)
				.content("{\"customerId\":" + customerId + ",\"item\":\"book\"}"))
			.andExpect(status().isBadRequest())
			.andReturn();
		assertThat(result.getResolvedException()).isInstanceOf(HttpMessageNotReadableException.class)
			.hasMessageContaining("Invalid Snowflake ID for property 'customerId'");
		assertThat(this.orders.count()).isZero();
	}

}
