package dev.snowflakeid.test.app;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.util.ReflectionTestUtils;
import org.springframework.test.web.servlet.MockMvc;

import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The MVC slice writes IDs as production does: as JSON strings, digits intact above 2^53.
 */
@WebMvcTest(OrderController.class)
class OrderControllerTests {

	private static final long ID = 9007199254740993L;

	@Autowired
	MockMvc mvc;

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

}
