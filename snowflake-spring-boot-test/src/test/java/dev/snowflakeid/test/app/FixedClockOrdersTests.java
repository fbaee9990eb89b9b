package dev.snowflakeid.test.app;

import java.time.Instant;

import com.jayway.jsonpath.JsonPath;
import dev.snowflakeid.DecodedId;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.test.autoconfigure.AutoConfigureSnowflake;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Reproducible IDs: a fixed worker code and a fixed clock, chosen on the annotation.
 */
@SpringBootTest
@AutoConfigureSnowflake(workerCode = 7, clock = "2026-06-01T00:00:00Z")
@AutoConfigureMockMvc
class FixedClockOrdersTests {

	@Autowired
	MockMvc mvc;

	@Test
	void orderIdsCarryTheFixedInstantAndCode() throws Exception {
		String body = this.mvc
			.perform(post("/orders").contentType(MediaType.APPLICATION_JSON).content("{\"item\":\"book\"}"))
			.andExpect(status().isCreated())
			.andReturn()
			.getResponse()
			.getContentAsString();
		DecodedId id = SnowflakeLayout.defaults().decode(Long.parseLong(JsonPath.read(body, "$.id")));
		assertThat(id.timestamp()).isEqualTo(Instant.parse("2026-06-01T00:00:00Z"));
		assertThat(id.worker()).isEqualTo(7);
	}

}
