package dev.snowflakeid.persistence.app;

import dev.snowflakeid.persistence.GeneratedSnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "jpa_text_order")
public class JpaTextOrder {

	@Id
	@GeneratedSnowflakeId
	private String id;

	private String item;

	protected JpaTextOrder() {
	}

	public JpaTextOrder(String item) {
		this.item = item;
	}

	public String getId() {
		return this.id;
	}

	public String getItem() {
		return this.item;
	}

}
