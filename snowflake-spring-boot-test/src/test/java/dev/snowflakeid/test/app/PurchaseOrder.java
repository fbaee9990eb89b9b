package dev.snowflakeid.test.app;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class PurchaseOrder {

	@Id
	@GeneratedSnowflakeId
	private Long id;

	private String item;

	protected PurchaseOrder() {
	}

	public PurchaseOrder(String item) {
		this.item = item;
	}

	public Long getId() {
		return this.id;
	}

	public String getItem() {
		return this.item;
	}

}
