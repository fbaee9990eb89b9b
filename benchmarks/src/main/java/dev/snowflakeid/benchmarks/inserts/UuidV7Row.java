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

import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.UuidGenerator;
import org.jspecify.annotations.Nullable;

/**
 * Keyed by Hibernate's time-ordered UUIDv7 ({@code TIME} is a version 1 layout in
 * Hibernate 7).
 */
@Entity
@Table(name = "uuid_v7_row")
public class UuidV7Row extends InsertRow {

	@Id
	@UuidGenerator(style = UuidGenerator.Style.VERSION_7)
	private @Nullable UUID id;

	public @Nullable UUID getId() {
		return this.id;
	}

}
