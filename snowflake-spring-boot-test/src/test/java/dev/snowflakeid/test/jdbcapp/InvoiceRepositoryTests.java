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
package dev.snowflakeid.test.jdbcapp;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jdbc.test.autoconfigure.DataJdbcTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Data JDBC slice with nothing added to the test: the slice includes the
 * generator, the in-memory allocator and the callback that assigns
 * {@code @GeneratedSnowflakeId} ids.
 */
@DataJdbcTest
class InvoiceRepositoryTests {

	@Autowired
	InvoiceRepository invoices;

	@Test
	void savedAggregatesGetSnowflakeIds() {
		Invoice first = this.invoices.save(new Invoice(null, "ada"));
		Invoice second = this.invoices.save(new Invoice(null, "grace"));
		assertThat(first.id()).isPositive();
		assertThat(second.id()).isGreaterThan(first.id());
		assertThat(this.invoices.findById(second.id())).contains(second);
	}

}
