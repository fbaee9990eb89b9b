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
package dev.snowflakeid.test.app;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JPA slice with nothing added to the test: the slice includes the generator with the
 * in-memory allocator, so {@code @GeneratedSnowflakeId} entities get their IDs.
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
