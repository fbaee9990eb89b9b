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
package dev.snowflakeid.test.app;

import java.time.Instant;

import com.jayway.jsonpath.JsonPath;
import dev.snowflakeid.DecodedId;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.test.autoconfigure.AutoConfigureSnowflake;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Reproducible IDs: a fixed worker code and a fixed clock, chosen on the annotation.
 */
@SpringBootTest
@AutoConfigureSnowflake(workerCode = 7, clock = "2026-06-01T00:00:00Z")
@AutoConfigureMockMvc
class FixedClockOrdersTests {

	@Autowired
	MockMvc mvc;

	@Test
	void orderIdsCarryTheFixedInstantAndCode() throws Exception {
		String body = this.mvc
			.perform(post("/orders").contentType(MediaType.APPLICATION_JSON).content("{\"item\":\"book\"}"))
			.andExpect(status().isCreated())
			.andReturn()
			.getResponse()
			.getContentAsString();
		DecodedId id = SnowflakeLayout.defaults().decode(Long.parseLong(JsonPath.read(body, "$.id")));
		assertThat(id.timestamp()).isEqualTo(Instant.parse("2026-06-01T00:00:00Z"));
		assertThat(id.worker()).isEqualTo(7);
	}

}
