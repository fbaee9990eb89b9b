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
package dev.snowflakeid.sample;

import java.time.Instant;
import java.util.Objects;

import dev.snowflakeid.PublicId;

/**
 * An order as JSON. The ID is written in its public form (twelve characters such as
 * {@code "a3fZk09QbXw1"}), which reveals neither when the order was made, by which
 * worker, nor how many orders came before it; the internal ID stays on the server and on
 * the operator endpoint.
 */
record OrderView(@PublicId long id, String number, String idempotencyKey, String item, int quantity,
		Instant createdAt) {

	static OrderView of(Order order) {
		long id = Objects.requireNonNull(order.getId(), "views are made of persisted orders");
		String number = Objects.requireNonNull(order.getNumber(), "persisted orders have a number");
		return new OrderView(id, number, order.getIdempotencyKey(), order.getItem(), order.getQuantity(),
				order.getCreatedAt());
	}

}
