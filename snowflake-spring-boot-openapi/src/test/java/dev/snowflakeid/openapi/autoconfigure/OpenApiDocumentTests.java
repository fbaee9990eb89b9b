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

import org.junit.jupiter.api.BeforeEach;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Tests of the document {@link OpenApiTestApplication} serves. Each subclass sets its own
 * {@code snowflake.worker.code}: the contexts stay cached side by side, and a static code
 * has one owner per JVM.
 */
@SpringBootTest(classes = OpenApiTestApplication.class,
		properties = { "snowflake.worker.allocator=static", "snowflake.public-ids.active-key=a",
				"snowflake.public-ids.keys.a=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=" })
@AutoConfigureMockMvc
abstract class OpenApiDocumentTests {

	@Autowired
	MockMvc mvc;

	OpenApiDocument document;

	@BeforeEach
	void readDocument() throws Exception {
		this.document = OpenApiDocument.of(this.mvc);
	}

}
