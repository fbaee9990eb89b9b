package dev.snowflakeid.sample;

import java.time.Instant;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * An order. Its ID comes from the application's {@code IdGenerator} at persist time; its idempotency key
 * comes from the client and is what makes a retried request find this order again.
 */
@Entity(name = "CustomerOrder")
@Table(name = "orders")
public class Order {

	@Id
	@GeneratedSnowflakeId
	private Long id;

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

	public Long getId() {
		return this.id;
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
