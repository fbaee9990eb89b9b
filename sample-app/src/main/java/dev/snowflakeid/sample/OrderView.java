package dev.snowflakeid.sample;

import java.time.Instant;

import dev.snowflakeid.PublicId;

/**
 * An order as JSON. The ID is written in its public form (twelve characters such as {@code "a3fZk09QbXw1"}),
 * which reveals neither when the order was made, by which worker, nor how many orders came before it; the
 * internal ID stays on the server and on the operator endpoint.
 */
record OrderView(@PublicId long id, String idempotencyKey, String item, int quantity, Instant createdAt) {

	static OrderView of(Order order) {
		return new OrderView(order.getId(), order.getIdempotencyKey(), order.getItem(), order.getQuantity(),
				order.getCreatedAt());
	}

}
