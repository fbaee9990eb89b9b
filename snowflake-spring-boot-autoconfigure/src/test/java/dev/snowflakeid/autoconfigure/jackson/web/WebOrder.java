package dev.snowflakeid.autoconfigure.jackson.web;

import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "web_order")
public class WebOrder {

	@Id
	@GeneratedSnowflakeId
	private Long id;

	@SnowflakeId
	private Long customerId;

	private String item;

	protected WebOrder() {
	}

	public WebOrder(Long customerId, String item) {
		this.customerId = customerId;
		this.item = item;
	}

	public Long getId() {
		return this.id;
	}

	public Long getCustomerId() {
		return this.customerId;
	}

	public String getItem() {
		return this.item;
	}

}
