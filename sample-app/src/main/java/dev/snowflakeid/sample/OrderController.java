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

import java.util.List;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.PublicId;
import dev.snowflakeid.webmvc.PublicIdNotFoundException;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.util.StringUtils;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * {@code POST /api/orders} with an {@code Idempotency-Key} header: 201 with a new order
 * for a new key, 200 with the same order (same ID) for a key seen before. {@code GET
 * /api/orders/{id}} takes the public ID; anything else, the internal ID included, is the
 * same 404 problem detail as an unknown order, so a client cannot tell a made-up ID from
 * a deleted one.
 */
@RestController
@RequestMapping("/api/orders")
class OrderController {

	private static final int MAX_KEY_LENGTH = 100;

	private final OrderService service;

	private final OrderRepository orders;

	OrderController(OrderService service, OrderRepository orders) {
		this.service = service;
		this.orders = orders;
	}

	@PostMapping
	ResponseEntity<OrderView> place(@RequestHeader(name = "Idempotency-Key", required = false) @Nullable String key,
			@RequestBody NewOrder request) {
		if (!StringUtils.hasText(key) || key.length() > MAX_KEY_LENGTH) {
			throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
					"an Idempotency-Key header of 1 to " + MAX_KEY_LENGTH + " characters is required");
		}
		if (!StringUtils.hasText(request.item()) || request.item().length() > 200 || request.quantity() < 1) {
			throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
					"an order needs an item of 1 to 200 characters and a quantity of at least 1");
		}
		OrderService.Placed placed = this.service.place(key, request);
		return ResponseEntity.status(placed.created() ? HttpStatus.CREATED : HttpStatus.OK)
			.body(OrderView.of(placed.order()));
	}

	@GetMapping("/{id}")
	OrderView find(@PathVariable @PublicId long id) {
		return this.orders.findById(id).map(OrderView::of).orElseThrow(PublicIdNotFoundException::new);
	}

	@GetMapping
	List<OrderView> recent() {
		return this.orders.findTop50ByOrderByIdDesc().stream().map(OrderView::of).toList();
	}

	/**
	 * The generator could not prove a new ID unique right now (lease being renewed, clock
	 * stepped back): nothing was stored, and the client may retry with the same
	 * idempotency key.
	 */
	@ExceptionHandler(IdGenerationException.class)
	ResponseEntity<ProblemDetail> refused(IdGenerationException ex) {
		HttpStatus status = ex.retryable() ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.INTERNAL_SERVER_ERROR;
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, "no order ID can be issued right now: "
				+ ex.getMessage() + (ex.retryable() ? "; retry with the same Idempotency-Key" : ""));
		problem.setProperty("reason", ex.reason().name());
		ResponseEntity.BodyBuilder response = ResponseEntity.status(status);
		if (ex.retryable()) {
			response.header(HttpHeaders.RETRY_AFTER, "1");
		}
		return response.body(problem);
	}

}
