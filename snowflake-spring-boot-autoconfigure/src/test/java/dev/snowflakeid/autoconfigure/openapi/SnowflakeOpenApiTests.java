package dev.snowflakeid.autoconfigure.openapi;

import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import dev.snowflakeid.DecimalIds;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The OpenAPI document springdoc-openapi generates: every Snowflake ID is a string of digits, as the Jackson
 * modules write it, and plain longs stay integers.
 */
@SpringBootTest(classes = OpenApiTestApplication.class,
		properties = { "snowflake.worker.allocator=static", "snowflake.worker.code=3",
				"snowflake.public-ids.active-key=a",
				"snowflake.public-ids.keys.a=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=" })
@AutoConfigureMockMvc
class SnowflakeOpenApiTests {

	@Autowired
	MockMvc mvc;

	private DocumentContext document;

	@BeforeEach
	void readDocument() throws Exception {
		String json = this.mvc.perform(get("/v3/api-docs"))
			.andExpect(status().isOk())
			.andReturn()
			.getResponse()
			.getContentAsString();
		this.document = JsonPath.parse(json);
	}

	@Test
	void markedPropertiesAreDigitStrings() {
		assertDigitString("$.components.schemas.Thing.properties.id");
		assertDigitString("$.components.schemas.Thing.properties.code");
		assertDigitString("$.components.schemas.Thing.properties.related.items");
		assertDigitString("$.components.schemas.Thing.properties.byName.additionalProperties");
		assertThat(read("$.components.schemas.Thing.properties.related.type")).isEqualTo("array");
	}

	@Test
	void generatedIdsOfEntitiesAreDigitStrings() {
		assertDigitString("$.components.schemas.Ticket.properties.id");
	}

	@Test
	void pathVariablesAndRequestParametersAreDigitStrings() {
		assertDigitString("$.paths['/things/{id}'].get.parameters[?(@.name == 'id')].schema");
		assertDigitString("$.paths['/things'].get.parameters[?(@.name == 'after')].schema");
	}

	@Test
	void publicIdsAreDocumentedInTheirPublicForm() {
		assertThat(schema("$.components.schemas.Thing.properties.shared")).containsEntry("type", "string")
			.containsEntry("pattern", "^[a-z][0-9A-Za-z]{11}$")
			.doesNotContainKey("format");
		assertThat(schema("$.paths['/things'].get.parameters[?(@.name == 'near')].schema"))
			.containsEntry("type", "string")
			.containsEntry("pattern", "^[a-z][0-9A-Za-z]{11}$");
	}

	@Test
	void unmarkedNumbersStayNumbers() {
		assertThat(read("$.components.schemas.Thing.properties.count.type")).isEqualTo("integer");
		assertThat(read("$.components.schemas.Thing.properties.count.format")).isEqualTo("int64");
		assertThat(schema("$.paths['/things'].get.parameters[?(@.name == 'limit')].schema")).containsEntry("type",
				"integer");
	}

	private void assertDigitString(String path) {
		assertThat(schema(path)).as("%s in %s", path, this.document.jsonString())
			.containsEntry("type", "string")
			.containsEntry("pattern", DecimalIds.PATTERN)
			.doesNotContainKey("format");
	}

	private Object read(String path) {
		return this.document.read(path, Object.class);
	}

	@SuppressWarnings("unchecked")
	private Map<String, Object> schema(String path) {
		Object value = this.document.read(path);
		if (value instanceof List<?> list) {
			assertThat(list).as(path).hasSize(1);
			value = list.get(0);
		}
		return (Map<String, Object>) value;
	}

}
