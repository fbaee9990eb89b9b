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

import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.SnowflakeId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

/**
 * {@code @SnowflakeId} path variables and request parameters bind in the configured
 * string form, as strictly as JSON reads IDs: anything else is a 400 with the reason.
 */
class SnowflakeIdWebMvcTests {

	private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
				HttpMessageConvertersAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
				WebMvcAutoConfiguration.class, SnowflakeIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(OrderController.class);

	@ParameterizedTest
	@CsvSource({ "DECIMAL,9223372036854775807", "BASE62,AzL8n0Y58m7", "CROCKFORD32,7ZZZZZZZZZZZZ",
			"CROCKFORD32,7zzzzzzzzzzzz" })
	void bindsIdsInTheConfiguredForm(Form form, String text) {
		this.runner.withPropertyValues("snowflake.format.string=" + form).run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			assertThat(perform(mvc, "/orders/" + text, 200)).isEqualTo("order " + Long.MAX_VALUE);
			assertThat(perform(mvc, "/orders?id=" + text, 200)).isEqualTo("order " + Long.MAX_VALUE);
		});
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`',
			value = { "DECIMAL|-1|negative", "DECIMAL|0x1F|only the digits 0-9", "DECIMAL|%231F|only the digits 0-9",
					"DECIMAL|9223372036854775808|exceeds 9223372036854775807", "BASE62|123|3 characters, not 11",
					"BASE62|9223372036854775807|19 characters, not 11", "BASE62|zzzzzzzzzzz|exceeds AzL8n0Y58m7",
					"CROCKFORD32|000000000000U|'U' at position 13" })
	void rejectsAnythingElseWith400AndTheReason(Form form, String text, String reason) {
		this.runner.withPropertyValues("snowflake.format.string=" + form).run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			for (String path : new String[] { "/orders/", "/orders?id=" }) {
				MvcResult result = mvc.perform(get(path + text)).andReturn();
				assertThat(result.getResponse().getStatus()).as(path + text).isEqualTo(400);
				assertThat(result.getResolvedException()).isInstanceOf(MethodArgumentTypeMismatchException.class)
					.cause()
					.hasMessageContaining(reason)
					.hasMessageContaining("expected " + form.description());
			}
		});
	}

	@Test
	void unmarkedLongsKeepSpringsConversion() {
		this.runner.withPropertyValues("snowflake.format.string=base62").run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			assertThat(perform(mvc, "/counts/42", 200)).isEqualTo("count 42");
		});
	}

	private static String perform(MockMvc mvc, String path, int status) throws Exception {
		MvcResult result = mvc.perform(get(path)).andReturn();
		assertThat(result.getResponse().getStatus()).as(path).isEqualTo(status);
		return result.getResponse().getContentAsString();
	}

	@RestController
	static class OrderController {

		@GetMapping("/orders/{id}")
		String byPath(@PathVariable @SnowflakeId long id) {
			return "order " + id;
		}

		@GetMapping("/orders")
		String byParameter(@RequestParam @SnowflakeId Long id) {
			return "order " + id;
		}

		@GetMapping("/counts/{count}")
		String count(@PathVariable long count) {
			return "count " + count;
		}

	}

}
