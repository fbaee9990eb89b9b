package dev.snowflakeid.persistence.app;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "jpa_primitive_order")
public class JpaPrimitiveOrder {

	@Id
	@GeneratedSnowflakeId
	private long id;

	private String item;

	protected JpaPrimitiveOrder() {
	}

	public JpaPrimitiveOrder(String item) {
		this.item = item;
	}

	public long getId() {
		return this.id;
	}

	public String getItem() {
		return this.item;
	}

}
