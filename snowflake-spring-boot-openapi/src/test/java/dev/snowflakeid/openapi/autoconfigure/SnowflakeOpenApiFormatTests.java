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

import dev.snowflakeid.IdFormats.Form;
import org.junit.jupiter.api.Test;

import org.springframework.test.context.TestPropertySource;

/**
 * With {@code snowflake.format.string=base62}, the document gives every Snowflake ID the
 * pattern of 11 base62 characters, in bodies and in parameters alike.
 */
@TestPropertySource(properties = { "snowflake.worker.code=3", "snowflake.format.string=base62" })
class SnowflakeOpenApiFormatTests extends OpenApiDocumentTests {

	@Test
	void idsCarryThePatternOfTheConfiguredForm() {
		String pattern = Form.BASE62.pattern();
		this.document.assertString("$.components.schemas.Thing.properties.id", pattern);
		this.document.assertString("$.components.schemas.Thing.properties.related.items", pattern);
		this.document.assertString("$.components.schemas.Ticket.properties.id", pattern);
		this.document.assertString("$.paths['/things/{id}'].get.parameters[?(@.name == 'id')].schema", pattern);
		this.document.assertString("$.paths['/things'].get.parameters[?(@.name == 'after')].schema", pattern);
		this.document.assertString("$.components.schemas.Thing.properties.shared", "^[a-z][0-9A-Za-z]{11}$");
	}

}
