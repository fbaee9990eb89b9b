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
package dev.snowflakeid.test.app;

import dev.snowflakeid.publicid.PublicIds;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.json.JsonTest;
import org.springframework.boot.test.json.JacksonTester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The JSON slice registers the starter's Jackson modules: IDs are written as strings and
 * read back, public IDs in their public form.
 */
@JsonTest
class OrderViewJsonTests {

	@Autowired
	JacksonTester<OrderView> json;

	@Autowired
	JacksonTester<PublicOrderView> publicJson;

	@Autowired
	PublicIds publicIds;

	@Test
	void idIsWrittenAsAStringAndReadBack() throws Exception {
		OrderView view = new OrderView(9007199254740993L, "book");
		assertThat(this.json.write(view)).extractingJsonPathStringValue("$.id").isEqualTo("9007199254740993");
		assertThat(this.json.parseObject("{\"id\":\"9007199254740993\",\"item\":\"book\"}")).isEqualTo(view);
	}

	@Test
	void publicIdIsWrittenInItsPublicFormAndOnlyThatFormIsRead() throws Exception {
		PublicOrderView view = new PublicOrderView(9007199254740993L, "book");
		String publicId = this.publicIds.encode(view.id());
		assertThat(this.publicJson.write(view)).extractingJsonPathStringValue("$.id").isEqualTo(publicId);
		assertThat(this.publicJson.parseObject("{\"id\":\"" + publicId + "\",\"item\":\"book\"}")).isEqualTo(view);
		assertThatException()
			.isThrownBy(() -> this.publicJson.parseObject("{\"id\":\"9007199254740993\",\"item\":\"book\"}"))
			.withMessageContaining("Invalid public ID for property 'id'");
	}

}
