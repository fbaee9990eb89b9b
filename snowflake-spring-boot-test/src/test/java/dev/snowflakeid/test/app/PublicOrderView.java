package dev.snowflakeid.test.app;

import dev.snowflakeid.PublicId;

/** An order as a public API shows it: its ID in the public form only. */
public record PublicOrderView(@PublicId long id, String item) {

	static PublicOrderView of(PurchaseOrder order) {
		return new PublicOrderView(order.getId(), order.getItem());
	}

}
