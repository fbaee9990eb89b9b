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

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.jspecify.annotations.Nullable;

/**
 * An order. Its ID comes from the application's {@code IdGenerator} at persist time, its
 * order number from the named generator {@code order-numbers} (a region of its own) in
 * the configured string form; its idempotency key comes from the client and is what makes
 * a retried request find this order again.
 */
@Entity(name = "CustomerOrder")
@Table(name = "orders")
public class Order {

	@Id
	@GeneratedSnowflakeId
	private @Nullable Long id;

	// nullable in the schema only, so that ddl-auto=update can add the column to a table
	// that already has rows; every order persisted here has one
	@GeneratedSnowflakeId(generator = "order-numbers")
	@Column(name = "order_number", unique = true, updatable = false, length = 20)
	private @Nullable String number;

	@Column(name = "idempotency_key", nullable = false, unique = true, length = 100)
	private String idempotencyKey;

	@Column(nullable = false, length = 200)
	private String item;

	@Column(nullable = false)
	private int quantity;

	@Column(name = "created_at", nullable = false)
	private Instant createdAt;

	protected Order() {
	}

	Order(String idempotencyKey, String item, int quantity, Instant createdAt) {
		this.idempotencyKey = idempotencyKey;
		this.item = item;
		this.quantity = quantity;
		this.createdAt = createdAt;
	}

	/** The ID, or {@code null} until the order is persisted. */
	public @Nullable Long getId() {
		return this.id;
	}

	/**
	 * The order number, as customers quote it, or {@code null} until the order is
	 * persisted.
	 */
	public @Nullable String getNumber() {
		return this.number;
	}

	public String getIdempotencyKey() {
		return this.idempotencyKey;
	}

	public String getItem() {
		return this.item;
	}

	public int getQuantity() {
		return this.quantity;
	}

	public Instant getCreatedAt() {
		return this.createdAt;
	}

}
