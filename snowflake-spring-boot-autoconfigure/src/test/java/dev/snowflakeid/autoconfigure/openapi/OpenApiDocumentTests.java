package dev.snowflakeid.autoconfigure.openapi;

import org.junit.jupiter.api.BeforeEach;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Tests of the document {@link OpenApiTestApplication} serves. Each subclass sets its own
 * {@code snowflake.worker.code}: the contexts stay cached side by side, and a static code has one owner per JVM.
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
