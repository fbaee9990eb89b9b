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
package dev.snowflakeid.benchmarks.inserts;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/** The key strategies compared, each with the entity it inserts. */
enum KeyStrategy {

	/** {@code @GeneratedSnowflakeId}: the application's {@code IdGenerator} bean. */
	SNOWFLAKE("`@GeneratedSnowflakeId`", SnowflakeRow.class, SnowflakeRow::new),

	/** {@code IDENTITY}: a key per {@code INSERT}, which turns JDBC batching off. */
	IDENTITY("`IDENTITY`", IdentityRow.class, IdentityRow::new),

	/** {@code SEQUENCE}, allocation size 50, pooled optimizer. */
	SEQUENCE("`SEQUENCE` pooled (50)", SequenceRow.class, SequenceRow::new),

	/** Hibernate's UUIDv7. */
	UUID_V7("UUIDv7", UuidV7Row.class, UuidV7Row::new),

	/** Hibernate's random UUIDv4. */
	UUID_V4("UUIDv4", UuidV4Row.class, UuidV4Row::new);

	private final String label;

	private final Class<? extends InsertRow> entity;

	private final Supplier<InsertRow> rows;

	KeyStrategy(String label, Class<? extends InsertRow> entity, Supplier<InsertRow> rows) {
		this.label = label;
		this.entity = entity;
		this.rows = rows;
	}

	/** Name in the result table. */
	String label() {
		return this.label;
	}

	Class<? extends InsertRow> entity() {
		return this.entity;
	}

	/** Table the entity is mapped to. */
	String table() {
		return name().toLowerCase(Locale.ROOT) + "_row";
	}

	InsertRow newRow() {
		return this.rows.get();
	}

	/** Parses a command-line name such as {@code uuid-v7}. */
	static KeyStrategy parse(String name) {
		String constant = name.trim().toUpperCase(Locale.ROOT).replace('-', '_');
		return Arrays.stream(values())
			.filter((strategy) -> strategy.name().equals(constant))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(
					"unknown strategy " + name + "; one of " + Arrays.toString(values()).toLowerCase(Locale.ROOT)));
	}

}
