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

import java.util.Optional;

import dev.snowflakeid.publicid.PublicIds;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.util.ReflectionTestUtils;
import org.springframework.test.web.servlet.MockMvc;

import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.Mockito.times;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The MVC slice writes IDs as production does: as JSON strings, digits intact above 2^53,
 * and public IDs in their public form only, in the path and in the body.
 */
@WebMvcTest(OrderController.class)
class OrderControllerTests {

	private static final long ID = 9007199254740993L;

	@Autowired
	MockMvc mvc;

	@Autowired
	PublicIds publicIds;

	@MockitoBean
	PurchaseOrderRepository orders;

	@Test
	void idsTravelAsStrings() throws Exception {
		PurchaseOrder order = new PurchaseOrder("book");
		ReflectionTestUtils.setField(order, "id", ID);
		given(this.orders.findById(ID)).willReturn(Optional.of(order));
		this.mvc.perform(get("/orders/" + ID))
			.andExpect(status().isOk())
			.andExpect(content().json("{\"id\":\"9007199254740993\",\"item\":\"book\"}", true));
	}

	@Test
	void publicIdsTravelInTheirPublicFormOnly() throws Exception {
		PurchaseOrder order = new PurchaseOrder("book");
		ReflectionTestUtils.setField(order, "id", ID);
		given(this.orders.findById(ID)).willReturn(Optional.of(order));
		String publicId = this.publicIds.encode(ID);
		this.mvc.perform(get("/orders/public/" + publicId))
			.andExpect(status().isOk())
			.andExpect(content().json("{\"id\":\"" + publicId + "\",\"item\":\"book\"}", true));
		// the internal ID in the path names nothing, as an unknown order does
		this.mvc.perform(get("/orders/public/" + ID)).andExpect(status().isNotFound());
		then(this.orders).should(times(1)).findById(ID);
	}

}
