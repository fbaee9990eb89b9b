package dev.snowflakeid.persistence.app;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "jpa_order")
public class JpaOrder {

	@Id
	@GeneratedSnowflakeId
	private Long id;

	@GeneratedSnowflakeId
	private Long trackingNumber;

	private String item;

	protected JpaOrder() {
	}

	public JpaOrder(String item) {
		this.item = item;
	}

	public Long getId() {
		return this.id;
	}

	public void setId(Long id) {
		this.id = id;
	}

	public Long getTrackingNumber() {
		return this.trackingNumber;
	}

	public void setTrackingNumber(Long trackingNumber) {
		this.trackingNumber = trackingNumber;
	}

	public String getItem() {
		return this.item;
	}

	public void setItem(String item) {
		this.item = item;
	}

}
