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
package dev.snowflakeid.actuate.autoconfigure;

import dev.snowflakeid.DecodedId;
import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.actuate.SnowflakeEndpoint;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.webmvc.autoconfigure.SnowflakePublicIdAutoConfiguration;
import dev.snowflakeid.publicid.PublicIds;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.autoconfigure.endpoint.jackson.JacksonEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementContextAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.actuate.web.WebMvcEndpointManagementContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

/**
 * {@code GET /actuator/snowflake/{id}} as an operator's client reads it: the JSON the
 * endpoint's web mapping writes, field for field, with and without a public-ID key ring.
 * Actuator's own JSON mapper leaves {@code null} fields out, so an ID without a public
 * form has no {@code publicId} field at all.
 */
class SnowflakeEndpointWebTests {

	private static final String PUBLIC_ID_KEY = "Jv7rQ2mXc9LpT4wZs1Ek8dYh3uNb6gFa0oRi5tWq2yM=";

	private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
				HttpMessageConvertersAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
				WebMvcAutoConfiguration.class, EndpointAutoConfiguration.class, JacksonEndpointAutoConfiguration.class,
				WebEndpointAutoConfiguration.class, ManagementContextAutoConfiguration.class,
				WebMvcEndpointManagementContextConfiguration.class, SnowflakeAutoConfiguration.class,
				SnowflakeEndpointAutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=7", "snowflake.region=1",
				"management.endpoints.web.exposure.include=snowflake");

	@Test
	void withAKeyRingAnIdInDigitsAndItsPublicIdShowTheSameFieldsAndThePublicForm() {
		this.runner
			.withPropertyValues("snowflake.public-ids.keys.c=" + PUBLIC_ID_KEY, "snowflake.public-ids.active-key=c")
			.run((context) -> {
				long id = context.getBean(IdGenerator.class).nextId();
				String publicId = context.getBean(PublicIds.class).encode(id);
				String expected = fields(context, id) + ",\"publicId\":\"" + publicId + "\"}";
				assertThat(decode(context, Long.toString(id))).isEqualTo(expected);
				assertThat(decode(context, publicId)).isEqualTo(expected);
			});
	}

	@Test
	void withoutAKeyRingThereIsNoPublicIdField() {
		this.runner.run((context) -> {
			assertThat(context).doesNotHaveBean(PublicIds.class);
			long id = context.getBean(IdGenerator.class).nextId();
			assertThat(decode(context, Long.toString(id))).isEqualTo(fields(context, id) + "}");
		});
	}

	@Test
	void zeroHasNoPublicForm() {
		this.runner
			.withPropertyValues("snowflake.public-ids.keys.c=" + PUBLIC_ID_KEY, "snowflake.public-ids.active-key=c")
			.run((context) -> assertThat(decode(context, "0")).isEqualTo(fields(context, 0) + "}"));
	}

	@Test
	void decodesIdsInTheConfiguredFormAndExplainsOthers() {
		this.runner
			.withPropertyValues("snowflake.format.string=base62", "snowflake.public-ids.keys.c=" + PUBLIC_ID_KEY,
					"snowflake.public-ids.active-key=c")
			.run((context) -> {
				long id = context.getBean(IdGenerator.class).nextId();
				String publicId = context.getBean(PublicIds.class).encode(id);
				String expected = fields(context, id) + ",\"publicId\":\"" + publicId + "\"}";
				assertThat(decode(context, Form.BASE62.format(id))).isEqualTo(expected);
				assertThat(decode(context, publicId)).isEqualTo(expected);
				MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
				MvcResult decimal = mvc.perform(get("/actuator/snowflake/" + id)).andReturn();
				assertThat(decimal.getResponse().getStatus()).isEqualTo(400);
				assertThatExceptionOfType(InvalidEndpointRequestException.class)
					.isThrownBy(() -> context.getBean(SnowflakeEndpoint.class).decode(Long.toString(id)))
					.withMessageContaining("not 11")
					.withMessageContaining("give it as exactly 11 base62 characters")
					.withMessageContaining("/actuator/snowflake/" + Form.BASE62.format(123456789));
			});
	}

	/**
	 * The body up to {@code publicId}: the ID in digits and its fields, in the order the
	 * endpoint writes them.
	 */
	private static String fields(AssertableWebApplicationContext context, long id) {
		DecodedId decoded = context.getBean(IdGenerator.class).decode(id);
		return "{\"id\":\"" + id + "\",\"timestamp\":\"" + decoded.timestamp() + "\",\"region\":" + decoded.region()
				+ ",\"worker\":" + decoded.worker() + ",\"sequence\":" + decoded.sequence();
	}

	private static String decode(AssertableWebApplicationContext context, String id) throws Exception {
		MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
		MvcResult result = mvc.perform(get("/actuator/snowflake/" + id)).andReturn();
		assertThat(result.getResponse().getStatus()).as(result.getResponse().getContentAsString()).isEqualTo(200);
		return result.getResponse().getContentAsString();
	}

}
