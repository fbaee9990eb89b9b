package dev.snowflakeid.test.app;

import dev.snowflakeid.SnowflakeId;

/** An order as the API shows it. */
public record OrderView(@SnowflakeId long id, String item) {

	static OrderView of(PurchaseOrder order) {
		return new OrderView(order.getId(), order.getItem());
	}

}
