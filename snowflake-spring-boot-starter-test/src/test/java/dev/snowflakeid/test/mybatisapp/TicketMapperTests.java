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
package dev.snowflakeid.test.mybatisapp;

import java.util.Objects;

import dev.snowflakeid.IdFormats;
import org.junit.jupiter.api.Test;
import org.mybatis.spring.boot.test.autoconfigure.MybatisTest;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MyBatis slice with nothing added to the test: the slice includes the generator, the
 * in-memory allocator and the interceptor that fills {@code @GeneratedSnowflakeId} keys
 * of inserted parameters, in the application's string form for {@code String} properties,
 * here on an embedded H2.
 */
@MybatisTest(properties = "snowflake.format.string=base62")
class TicketMapperTests {

	@Autowired
	TicketMapper tickets;

	@Test
	void insertedParametersGetSnowflakeIds() {
		this.tickets.createTable();
		Ticket first = ticket("printer jam");
		Ticket second = ticket("no coffee");
		assertThat(this.tickets.insert(first)).isOne();
		assertThat(this.tickets.insert(second)).isOne();
		long firstId = Objects.requireNonNull(first.getId());
		long secondId = Objects.requireNonNull(second.getId());
		assertThat(firstId).isPositive();
		assertThat(secondId).isGreaterThan(firstId);
		assertThat(this.tickets.titleOf(secondId)).isEqualTo("no coffee");
		String reference = Objects.requireNonNull(second.getReference());
		assertThat(reference).hasSize(IdFormats.Form.BASE62.width());
		assertThat(IdFormats.Form.BASE62.parse(reference)).isPositive().isNotEqualTo(secondId);
		assertThat(this.tickets.referenceOf(secondId)).isEqualTo(reference);
	}

	private static Ticket ticket(String title) {
		Ticket ticket = new Ticket();
		ticket.setTitle(title);
		return ticket;
	}

}
