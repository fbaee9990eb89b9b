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
package dev.snowflakeid.jackson.autoconfigure.web;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.snowflakeid.SnowflakeId;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Orders over JSON, plus two echo endpoints that record the value the server received.
 */
@RestController
public class WebOrderController {

	private final WebOrderRepository orders;

	/** IDs received by {@code POST /ids}, in order. */
	public final List<Long> receivedIds = new CopyOnWriteArrayList<>();

	/** Plain numbers received by {@code POST /numbers}, in order. */
	public final List<Long> receivedNumbers = new CopyOnWriteArrayList<>();

	public WebOrderController(WebOrderRepository orders) {
		this.orders = orders;
	}

	@PostMapping("/orders")
	WebOrder create(@RequestBody OrderRequest request) {
		return this.orders.save(new WebOrder(request.customerId(), request.item()));
	}

	@GetMapping("/orders/{id}")
	WebOrder find(@PathVariable long id) {
		return this.orders.findById(id).orElseThrow();
	}

	@PostMapping("/ids")
	IdMessage receiveId(@RequestBody IdMessage message) {
		this.receivedIds.add(message.id());
		return message;
	}

	@GetMapping("/numbers/{value}")
	NumberMessage number(@PathVariable long value) {
		return new NumberMessage(value);
	}

	@PostMapping("/numbers")
	NumberMessage receiveNumber(@RequestBody NumberMessage message) {
		this.receivedNumbers.add(message.value());
		return message;
	}

	record OrderRequest(@SnowflakeId Long customerId, String item) {
	}

	record IdMessage(@SnowflakeId long id) {
	}

	/** A plain {@code long}, without {@link SnowflakeId}: written as a JSON number. */
	record NumberMessage(long value) {
	}

}
