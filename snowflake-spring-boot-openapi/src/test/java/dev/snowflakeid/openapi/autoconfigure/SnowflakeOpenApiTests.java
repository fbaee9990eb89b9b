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

import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document springdoc-openapi generates: every Snowflake ID is a string of
 * digits, as the Jackson modules write it, and plain longs stay integers.
 */
@TestPropertySource(properties = "snowflake.worker.code=3")
class SnowflakeOpenApiTests extends OpenApiDocumentTests {

	@Test
	void markedPropertiesAreDigitStrings() {
		assertDigitString("$.components.schemas.Thing.properties.id");
		assertDigitString("$.components.schemas.Thing.properties.code");
		assertDigitString("$.components.schemas.Thing.properties.related.items");
		assertDigitString("$.components.schemas.Thing.properties.byName.additionalProperties");
		assertDigitString("$.components.schemas.Thing.properties.linked.items");
		assertDigitString("$.components.schemas.Thing.properties.older.items");
		assertDigitString("$.components.schemas.Thing.properties.parent");
		assertThat(this.document.read("$.components.schemas.Thing.properties.related.type")).isEqualTo("array");
		assertThat(this.document.read("$.components.schemas.Thing.properties.linked.uniqueItems")).isEqualTo(true);
	}

	@Test
	void generatedIdsOfEntitiesAreDigitStrings() {
		assertDigitString("$.components.schemas.Ticket.properties.id");
	}

	@Test
	void pathVariablesRequestParametersAndHeadersAreDigitStrings() {
		assertDigitString("$.paths['/things/{id}'].get.parameters[?(@.name == 'id')].schema");
		assertDigitString("$.paths['/things'].get.parameters[?(@.name == 'after')].schema");
		assertDigitString(
				"$.paths['/current-thing'].get.parameters[?(@.name == 'Thing-Id' && @.in == 'header')].schema");
	}

	@Test
	void publicIdsAreDocumentedInTheirPublicForm() {
		this.document.assertString("$.components.schemas.Thing.properties.shared", "^[a-z][0-9A-Za-z]{11}$");
		this.document.assertString("$.paths['/things'].get.parameters[?(@.name == 'near')].schema",
				"^[a-z][0-9A-Za-z]{11}$");
		this.document.assertString("$.paths['/shared-things/{id}'].get.parameters[?(@.name == 'id')].schema",
				"^[a-z][0-9A-Za-z]{11}$");
		this.document.assertString(
				"$.paths['/current-thing'].get.parameters[?(@.name == 'Shared-Thing-Id' && @.in == 'header')].schema",
				"^[a-z][0-9A-Za-z]{11}$");
	}

	@Test
	void unmarkedNumbersStayNumbers() {
		assertThat(this.document.schema("$.components.schemas.Thing.properties.count")).containsEntry("type", "integer")
			.containsEntry("format", "int64");
		assertThat(this.document.schema("$.paths['/things'].get.parameters[?(@.name == 'limit')].schema"))
			.containsEntry("type", "integer");
		assertThat(this.document.schema("$.paths['/current-thing'].get.parameters[?(@.name == 'Revision')].schema"))
			.containsEntry("type", "integer")
			.containsEntry("format", "int64");
		assertThat(this.document.schema("$.components.schemas.Tally.properties.history.items"))
			.containsEntry("type", "integer")
			.containsEntry("format", "int64");
		assertThat(this.document.schema("$.paths['/tallies'].get.responses['200'].content.*.schema.items"))
			.containsEntry("type", "integer")
			.containsEntry("format", "int64");
	}

	private void assertDigitString(String path) {
		this.document.assertString(path, DecimalIds.PATTERN);
	}

}
