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
package dev.snowflakeid.test.r2dbcapp;

import java.util.Objects;

import dev.snowflakeid.IdFormats;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.r2dbc.test.autoconfigure.DataR2dbcTest;
import org.springframework.r2dbc.core.DatabaseClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Data R2DBC slice with nothing added to the test: the slice includes the
 * generator, the in-memory allocator and the callback that assigns
 * {@code @GeneratedSnowflakeId} ids, and the application's string form for {@code String}
 * attributes, here on an embedded H2 through r2dbc-h2.
 */
@DataR2dbcTest(properties = "snowflake.format.string=crockford32")
class ReceiptRepositoryTests {

	@Autowired
	DatabaseClient database;

	@Autowired
	ReceiptRepository receipts;

	@Test
	void savedAggregatesGetSnowflakeIds() {
		this.database.sql("CREATE TABLE receipt (id BIGINT PRIMARY KEY, reference CHAR(13), customer VARCHAR(100))")
			.then()
			.block();
		Receipt first = Objects.requireNonNull(this.receipts.save(new Receipt(null, null, "ada")).block());
		Receipt second = Objects.requireNonNull(this.receipts.save(new Receipt(null, null, "grace")).block());
		assertThat(first.id()).isPositive();
		assertThat(second.id()).isGreaterThan(first.id());
		assertThat(this.receipts.findById(Objects.requireNonNull(second.id())).block()).isEqualTo(second);
		String reference = Objects.requireNonNull(second.reference());
		assertThat(reference).hasSize(IdFormats.Form.CROCKFORD32.width());
		assertThat(IdFormats.Form.CROCKFORD32.parse(reference)).isPositive().isNotEqualTo(second.id());
	}

}
