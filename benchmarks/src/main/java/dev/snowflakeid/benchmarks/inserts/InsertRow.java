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

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import org.jspecify.annotations.Nullable;

/**
 * The columns every strategy's row has besides its key: a 40-character note, a quantity
 * and a timestamp, so that each row is about as wide as a small business row.
 */
@MappedSuperclass
public abstract class InsertRow {

	private static final String PADDING = "0".repeat(40);

	@Column(length = 40, nullable = false)
	private @Nullable String note;

	private int quantity;

	@Column(nullable = false)
	private @Nullable Instant createdAt;

	/** Fills the columns for the {@code index}-th row of a run. */
	void fill(long index, Instant now) {
		String digits = Long.toString(index);
		this.note = "row " + PADDING.substring(0, 36 - digits.length()) + digits;
		this.quantity = (int) (index % 1000);
		this.createdAt = now;
	}

}
