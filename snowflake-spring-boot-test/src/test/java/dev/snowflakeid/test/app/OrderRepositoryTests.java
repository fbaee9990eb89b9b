package dev.snowflakeid.test.app;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JPA slice with nothing added to the test: the slice includes the generator with the in-memory
 * allocator, so {@code @GeneratedSnowflakeId} entities get their IDs.
 */
@DataJpaTest
class OrderRepositoryTests {

	@Autowired
	PurchaseOrderRepository orders;

	@Autowired
	IdGenerator ids;

	@Test
	void savedEntitiesGetSnowflakeIds() {
		PurchaseOrder first = this.orders.saveAndFlush(new PurchaseOrder("book"));
		PurchaseOrder second = this.orders.saveAndFlush(new PurchaseOrder("pen"));
		assertThat(first.getId()).isPositive();
		assertThat(second.getId()).isGreaterThan(first.getId());
		assertThat(SnowflakeLayout.defaults().decode(second.getId()).worker())
			.isEqualTo(SnowflakeLayout.defaults().decode(this.ids.nextId()).worker());
		assertThat(this.orders.findById(first.getId())).get().extracting(PurchaseOrder::getItem).isEqualTo("book");
	}

}
