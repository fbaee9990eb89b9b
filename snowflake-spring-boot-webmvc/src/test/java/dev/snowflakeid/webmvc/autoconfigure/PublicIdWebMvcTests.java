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

import java.util.Map;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.publicid.MissingPublicIdKeyRingException;
import dev.snowflakeid.publicid.PublicIds;
import dev.snowflakeid.webmvc.PublicIdNotFoundException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

/**
 * {@code @PublicId} path variables, request parameters and fields of form objects (bound
 * through setters and through a record's constructor) in Spring MVC, with and without RFC
 * 9457 problem details: a public ID converts to its internal ID; anything else, the
 * internal ID in decimal or hexadecimal digits included, is the same 404 as an ID that
 * names nothing.
 */
class PublicIdWebMvcTests {

	private static final long KNOWN = 7_349_163_285_118_976_021L;

	private static final String POST = "POST ";

	/** Every way a controller takes the ID; the value follows each. */
	private static final String[] PATHS = { "/orders/", "/orders?id=", "/orders/query?id=",
			POST + "/orders/lookup?id=" };

	private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
				HttpMessageConvertersAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
				WebMvcAutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class))
		.withUserConfiguration(ParameterController.class, FormController.class)
		.withPropertyValues("snowflake.public-ids.keys.a=" + TestKeys.KEY_A,
				"snowflake.public-ids.keys.b=" + TestKeys.KEY_B, "snowflake.public-ids.active-key=b");

	@ParameterizedTest
	@ValueSource(booleans = { true, false })
	void publicIdConvertsAndEverythingElseIsTheSame404AsAnUnknownId(boolean problemDetails) {
		this.runner.withPropertyValues("spring.mvc.problemdetails.enabled=" + problemDetails).run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			PublicIds publicIds = context.getBean(PublicIds.class);
			String known = publicIds.encode(KNOWN);
			for (String path : PATHS) {
				assertThat(body(mvc, path + known, 200)).as(path).isEqualTo("order " + KNOWN);
			}
			String olderKey = new PublicIds(Map.of('a', java.util.Base64.getDecoder().decode(TestKeys.KEY_A)), 'a')
				.encode(KNOWN);
			assertThat(body(mvc, "/orders/" + olderKey, 200)).isEqualTo("order " + KNOWN);
			String unknown = body(mvc, "/orders/" + publicIds.encode(KNOWN + 1), 404);
			for (String notPublic : new String[] { Long.toString(KNOWN), "0x" + Long.toHexString(KNOWN), "b",
					"b0000000000%21", "z" + known.substring(1), known.substring(0, 11), known + "0",
					"B" + known.substring(1), publicIds.encode(KNOWN + 1) }) {
				for (String path : PATHS) {
					assertThat(body(mvc, path + notPublic, 404)).as(path + notPublic).isEqualTo(unknown);
				}
			}
			if (problemDetails) {
				assertThat(unknown).contains("\"status\":404")
					.contains("\"title\":\"Not Found\"")
					.doesNotContain("detail");
			}
		});
	}

	@Test
	void controllerParameterWithoutKeyRingFailsStartup() {
		withoutKeyRing(ParameterController.class).run((context) -> assertThat(context).getFailure()
			.isInstanceOf(MissingPublicIdKeyRingException.class)
			.hasMessageContaining("takes @PublicId parameter 'id'"));
	}

	@Test
	void formObjectWithoutKeyRingFailsStartup() {
		withoutKeyRing(FormController.class).run((context) -> assertThat(context).getFailure()
			.isInstanceOf(MissingPublicIdKeyRingException.class)
			.hasMessageMatching(
					".* binds @PublicId field 'id' of (OrderQuery|OrderReference), but no public-ID key ring .*"));
	}

	private static WebApplicationContextRunner withoutKeyRing(Class<?> controller) {
		return new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
					HttpMessageConvertersAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
					WebMvcAutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class))
			.withUserConfiguration(controller);
	}

	private static String body(MockMvc mvc, String path, int status) throws Exception {
		MvcResult result = mvc.perform(path.startsWith(POST)
				? post(path.substring(POST.length())).contentType(MediaType.APPLICATION_FORM_URLENCODED) : get(path))
			.andReturn();
		assertThat(result.getResponse().getStatus()).as(path).isEqualTo(status);
		// A problem detail names the request path; the rest must be identical.
		return result.getResponse().getContentAsString().replace(result.getRequest().getRequestURI(), "{path}");
	}

	private static String lookUp(long id) {
		if (id != KNOWN) {
			throw new PublicIdNotFoundException();
		}
		return "order " + id;
	}

	@RestController
	static class ParameterController {

		@GetMapping("/orders/{id}")
		String find(@PathVariable @PublicId long id) {
			return lookUp(id);
		}

		@GetMapping("/orders")
		String search(@RequestParam @PublicId Long id) {
			return lookUp(id);
		}

	}

	@RestController
	static class FormController {

		@GetMapping("/orders/query")
		String query(OrderQuery query) {
			return lookUp(query.getId());
		}

		@PostMapping("/orders/lookup")
		String lookup(@ModelAttribute OrderReference reference) {
			return lookUp(reference.id());
		}

	}

	/** Bound through its setter. */
	public static class OrderQuery {

		@PublicId
		private Long id;

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

	}

	/** Bound through its constructor. */
	public record OrderReference(@PublicId long id) {
	}

}
