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

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import dev.snowflakeid.IdGenerationException;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Creates orders at most once per idempotency key. A retry with the same key returns the
 * stored order (and its ID); a unique ID alone could not do that, since every attempt
 * would get a new one.
 */
@Service
class OrderService {

	private final OrderRepository orders;

	private final TransactionTemplate transactions;

	// Microseconds: what the database keeps, so a retry shows the very same order.
	private final Clock clock = Clock.systemUTC();

	OrderService(OrderRepository orders, TransactionTemplate transactions) {
		this.orders = orders;
		this.transactions = transactions;
	}

	Placed place(String idempotencyKey, NewOrder request) {
		Order existing = this.orders.findByIdempotencyKey(idempotencyKey).orElse(null);
		if (existing != null) {
			return new Placed(existing, false);
		}
		try {
			Order created = this.transactions.execute((status) -> this.orders.saveAndFlush(new Order(idempotencyKey,
					request.item(), request.quantity(), Instant.now(this.clock).truncatedTo(ChronoUnit.MICROS))));
			return new Placed(created, true);
		}
		catch (DataIntegrityViolationException ex) {
			// A concurrent request with the same key won the race: return its order.
			return new Placed(this.orders.findByIdempotencyKey(idempotencyKey).orElseThrow(() -> ex), false);
		}
		catch (RuntimeException ex) {
			throw idRefusal(ex).orElseThrow(() -> ex);
		}
	}

	/**
	 * The generator's refusal, if that is what made persisting fail (the persistence
	 * layer wraps it).
	 */
	private static Optional<IdGenerationException> idRefusal(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof IdGenerationException refusal) {
				return Optional.of(refusal);
			}
		}
		return Optional.empty();
	}

	record Placed(Order order, boolean created) {
	}

}
