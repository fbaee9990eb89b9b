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

import dev.snowflakeid.PublicId;
import dev.snowflakeid.webmvc.PublicIdNotFoundException;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/orders")
class OrderController {

	private final PurchaseOrderRepository orders;

	OrderController(PurchaseOrderRepository orders) {
		this.orders = orders;
	}

	@PostMapping
	ResponseEntity<OrderView> create(@RequestBody NewOrder order) {
		return ResponseEntity.status(HttpStatus.CREATED)
			.body(OrderView.of(this.orders.save(new PurchaseOrder(order.item()))));
	}

	@GetMapping("/{id}")
	ResponseEntity<OrderView> find(@PathVariable long id) {
		return ResponseEntity.of(this.orders.findById(id).map(OrderView::of));
	}

	@GetMapping("/public/{id}")
	PublicOrderView findPublic(@PathVariable @PublicId long id) {
		return this.orders.findById(id).map(PublicOrderView::of).orElseThrow(PublicIdNotFoundException::new);
	}

	record NewOrder(String item) {
	}

}
