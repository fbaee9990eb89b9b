package dev.snowflakeid.test.app;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.json.JsonTest;
import org.springframework.boot.test.json.JacksonTester;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JSON slice registers the starter's Jackson module: IDs are written as strings and read back.
 */
@JsonTest
class OrderViewJsonTests {

	@Autowired
	JacksonTester<OrderView> json;

	@Test
	void idIsWrittenAsAStringAndReadBack() throws Exception {
		OrderView view = new OrderView(9007199254740993L, "book");
		assertThat(this.json.write(view)).extractingJsonPathStringValue("$.id").isEqualTo("9007199254740993");
		assertThat(this.json.parseObject("{\"id\":\"9007199254740993\",\"item\":\"book\"}")).isEqualTo(view);
	}

}
