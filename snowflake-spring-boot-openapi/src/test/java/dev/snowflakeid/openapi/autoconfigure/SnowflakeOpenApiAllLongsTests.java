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

import dev.snowflakeid.SnowflakeId.DecimalIds;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MvcResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * With {@code snowflake.jackson.write-all-longs-as-strings} the document says what the
 * Jackson modules then write: every {@code long} of a JSON body (properties, elements at
 * any depth, whole bodies, also inside {@code ResponseEntity}, {@code CompletableFuture},
 * {@code Callable} and {@code DeferredResult}) is a string that may carry a minus sign,
 * IDs stay digit strings, other integers and all parameters (path, query, header) stay
 * numbers. The bodies the application writes are checked against the same patterns.
 */
@TestPropertySource(properties = { "snowflake.worker.code=4", "snowflake.jackson.write-all-longs-as-strings=true" })
class SnowflakeOpenApiAllLongsTests extends OpenApiDocumentTests {

	private static final String LONG = "^-?[0-9]+$";

	private static final String TALLY = "$.components.schemas.Tally.properties.";

	private static final JsonMapper json = JsonMapper.builder().build();

	@Test
	void everyLongPropertyAndElementIsAString() {
		for (String property : new String[] { "total", "maybe", "samples.items", "boxed.items", "history.items",
				"byKey.additionalProperties", "last", "nested.items.items" }) {
			this.document.assertString(TALLY + property, LONG);
		}
		this.document.assertString("$.components.schemas.Thing.properties.count", LONG);
		assertThat(this.document.read(TALLY + "history.type")).isEqualTo("array");
	}

	@Test
	void idsKeepTheirOwnPatterns() {
		this.document.assertString(TALLY + "id", DecimalIds.PATTERN);
		this.document.assertString("$.components.schemas.Thing.properties.related.items", DecimalIds.PATTERN);
		this.document.assertString("$.components.schemas.Thing.properties.shared", "^[a-z][0-9A-Za-z]{11}$");
	}

	/**
	 * springdoc hands every operation the same {@code Long} schema, so this document
	 * cannot show which wrapper was seen through;
	 * {@code LongBodiesOperationCustomizerTests} checks each on its own.
	 */
	@Test
	void wholeBodiesOfLongsAreStrings() {
		this.document.assertString("$.paths['/tallies'].get.responses['200'].content.*.schema.items", LONG);
		this.document.assertString("$.paths['/tallies/sum'].post.requestBody.content.*.schema.items", LONG);
		this.document.assertString("$.paths['/tallies/sum'].post.responses['200'].content.*.schema", LONG);
		this.document.assertString("$.paths['/tallies/later'].get.responses['200'].content.*.schema.items", LONG);
		this.document.assertString("$.paths['/tallies/called'].get.responses['200'].content.*.schema", LONG);
		this.document.assertString("$.paths['/tallies/deferred'].get.responses['200'].content.*.schema", LONG);
	}

	@Test
	void otherIntegersAndParametersStayNumbers() {
		assertThat(this.document.schema(TALLY + "small")).containsEntry("type", "integer");
		assertThat(this.document.schema(TALLY + "smalls.items")).containsEntry("type", "integer");
		assertThat(this.document.schema("$.paths['/tallies/size'].get.responses['200'].content.*.schema"))
			.containsEntry("type", "integer");
		assertThat(this.document.schema("$.paths['/tallies/{total}'].get.parameters[?(@.name == 'total')].schema"))
			.containsEntry("type", "integer")
			.containsEntry("format", "int64");
		assertThat(this.document.schema("$.paths['/tallies/{total}'].get.parameters[?(@.name == 'above')].schema"))
			.containsEntry("type", "integer");
		assertThat(this.document
			.schema("$.paths['/tallies/{total}'].get.parameters[?(@.name == 'Tally-Base' && @.in == 'header')].schema"))
			.containsEntry("type", "integer")
			.containsEntry("format", "int64");
	}

	@Test
	void theBodiesMatchTheDocument() throws Exception {
		JsonNode tally = json.readTree(OpenApiDocument.body(this.mvc, "/tallies/5"));
		assertLongStrings(tally.get("total"), tally.get("maybe"), tally.get("last"), tally.get("byKey").get("a"));
		assertLongStrings(tally.get("samples").get(0), tally.get("samples").get(1), tally.get("boxed").get(0),
				tally.get("history").get(0), tally.get("nested").get(0).get(0));
		assertThat(tally.get("total").asString()).isEqualTo("-5");
		assertThat(tally.get("id").asString()).matches(DecimalIds.PATTERN).isEqualTo("7349163285118976021");
		assertThat(tally.get("small").isInt()).isTrue();
		assertThat(tally.get("smalls").get(0).isInt()).isTrue();

		JsonNode totals = json.readTree(OpenApiDocument.body(this.mvc, "/tallies"));
		assertLongStrings(totals.get(0), totals.get(1));
		assertThat(totals.get(1).asString()).isEqualTo("9007199254740993");

		String sum = this.mvc
			.perform(post("/tallies/sum").contentType(MediaType.APPLICATION_JSON).content("[\"1\",\"-3\"]"))
			.andExpect(status().isOk())
			.andReturn()
			.getResponse()
			.getContentAsString();
		assertThat(json.readTree(sum).asString()).isEqualTo("-2");

		assertLongStrings(json.readTree(asyncBody("/tallies/later")).get(0),
				json.readTree(asyncBody("/tallies/called")), json.readTree(asyncBody("/tallies/deferred")));
	}

	/**
	 * What the application answers to a GET of {@code path}, a handler that completes
	 * asynchronously.
	 */
	private String asyncBody(String path) throws Exception {
		MvcResult started = this.mvc.perform(get(path)).andExpect(request().asyncStarted()).andReturn();
		return this.mvc.perform(asyncDispatch(started))
			.andExpect(status().isOk())
			.andReturn()
			.getResponse()
			.getContentAsString();
	}

	private static void assertLongStrings(JsonNode... values) {
		for (JsonNode value : values) {
			assertThat(value.isString()).as("%s is a JSON string", value).isTrue();
			assertThat(value.asString()).matches(LONG);
		}
	}

}
