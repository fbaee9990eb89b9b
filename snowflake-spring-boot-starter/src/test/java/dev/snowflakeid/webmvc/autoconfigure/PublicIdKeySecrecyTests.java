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
package dev.snowflakeid.webmvc.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.PublicIds;
import dev.snowflakeid.webmvc.PublicIdNotFoundException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.RequestBuilder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

/**
 * Key material never leaves the key ring: a whole application, with the health details,
 * the snowflake endpoint, the environment and configuration-properties endpoints exposed,
 * the starter logging at TRACE and the condition evaluation report printed, is asked for
 * everything it shows and sent malformed public IDs; neither a response nor the log holds
 * either key in any of its usual spellings.
 */
@SpringBootTest(classes = PublicIdKeySecrecyTests.App.class,
		properties = { "snowflake.worker.allocator=static", "snowflake.worker.code=41",
				"snowflake.public-ids.keys.a=" + PublicIdKeySecrecyTests.KEY_A,
				"snowflake.public-ids.keys.b=" + PublicIdKeySecrecyTests.KEY_B, "snowflake.public-ids.active-key=b",
				"management.endpoints.web.exposure.include=*", "management.endpoint.health.show-details=always",
				"spring.mvc.problemdetails.enabled=true", "logging.level.dev.snowflakeid=trace", "debug=true" })
@AutoConfigureMockMvc
@ExtendWith(OutputCaptureExtension.class)
class PublicIdKeySecrecyTests {

	static final String KEY_A = "Q7mZ2vR9tXc4LpW8sN1eK6dY3hU0bF5gJ2aT7iO4rE8=";

	static final String KEY_B = "hV3nB8xQ1wL6tZ9cM4rK7pS2dF5gY0jE3uA8iO6lN1s=";

	private static final long ID = 7_349_163_285_118_976_021L;

	@Autowired
	MockMvc mvc;

	@Autowired
	PublicIds publicIds;

	@Test
	void keysAppearInNoResponseAndNoLogLine(CapturedOutput output) throws Exception {
		String known = this.publicIds.encode(ID);
		String malformed = "b" + "!".repeat(11);
		List<String> shown = new ArrayList<>();
		shown.add(body(get("/actuator/health"), 200, "\"snowflake\""));
		shown.add(body(get("/actuator/snowflake"), 200, "\"workerCode\":41"));
		shown.add(body(get("/actuator/snowflake/" + known), 200, "\"id\":\"" + ID + "\""));
		shown.add(body(get("/actuator/snowflake/" + ID), 200, "\"publicId\":\"" + known + "\""));
		shown.add(body(get("/actuator/snowflake/" + malformed), 400, ""));
		shown.add(body(get("/actuator/env"), 200, "snowflake.public-ids.keys.a"));
		shown.add(body(get("/actuator/env/snowflake.public-ids.keys.b"), 200, "******"));
		shown.add(body(get("/actuator/configprops"), 200, "snowflake.public-ids"));
		shown.add(body(get("/actuator/beans"), 200, "snowflakePublicIds"));
		shown.add(body(get("/items/" + known), 200, known));
		shown.add(body(get("/items/" + malformed), 404, ""));
		shown.add(body(post("/items").contentType(MediaType.APPLICATION_JSON).content("{\"id\":\"" + malformed + "\"}"),
				400, ""));
		shown.add(output.getAll());
		assertThat(output.getAll()).as("the condition evaluation report")
			.contains("SnowflakePublicIdAutoConfiguration");
		for (String key : new String[] { KEY_A, KEY_B }) {
			for (String spelling : spellings(key)) {
				assertThat(shown).noneMatch((text) -> text.contains(spelling));
			}
		}
	}

	/**
	 * Base64 with and without padding, URL-safe Base64, hexadecimal in both cases, the
	 * raw bytes.
	 */
	private static List<String> spellings(String key) {
		byte[] bytes = Base64.getDecoder().decode(key);
		String hex = HexFormat.of().formatHex(bytes);
		return List.of(key, key.replace("=", ""), Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), hex,
				hex.toUpperCase(), new String(bytes, StandardCharsets.ISO_8859_1));
	}

	private String body(RequestBuilder request, int status, String expected) throws Exception {
		MvcResult result = this.mvc.perform(request).andReturn();
		String body = result.getResponse().getContentAsString();
		assertThat(result.getResponse().getStatus()).as(body).isEqualTo(status);
		assertThat(body).contains(expected);
		return body;
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(ItemController.class)
	static class App {

	}

	record Item(@PublicId long id) {
	}

	@RestController
	static class ItemController {

		@GetMapping("/items/{id}")
		Item find(@PathVariable @PublicId long id) {
			if (id != ID) {
				throw new PublicIdNotFoundException();
			}
			return new Item(id);
		}

		@PostMapping("/items")
		Item create(@RequestBody Item item) {
			return item;
		}

	}

}
