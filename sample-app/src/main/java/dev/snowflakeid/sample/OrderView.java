package dev.snowflakeid.sample;

import java.time.Instant;

import dev.snowflakeid.SnowflakeId;

/**
 * An order as JSON. The ID is written as a string of decimal digits so that JavaScript clients, whose
 * numbers lose precision above 2^53, see it exactly.
 */
record OrderView(@SnowflakeId long id, String idempotencyKey, String item, int quantity, Instant createdAt) {

	static OrderView of(Order order) {
		return new OrderView(order.getId(), order.getIdempotencyKey(), order.getItem(), order.getQuantity(),
				order.getCreatedAt());
	}

}
