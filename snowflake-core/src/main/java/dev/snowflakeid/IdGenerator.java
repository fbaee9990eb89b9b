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
package dev.snowflakeid;

/**
 * Issues positive, unique, roughly time-ordered 64-bit IDs without a network call per ID.
 *
 * <p>
 * Uniqueness rests on three distinct fields: the worker code (one live owner at a time),
 * the tick (never re-entered by the same owner), and the sequence within a tick (never
 * wrapped). When any of these cannot be guaranteed the generator throws
 * {@link IdGenerationException} instead of issuing.
 *
 * <p>
 * ID order is creation-time order only roughly: it is not commit order, not causality
 * across workers, and not request idempotency. A retried request must keep its own
 * idempotency key; calling {@link #nextId()} again for the retry yields a different,
 * equally unique ID.
 */
public interface IdGenerator {

	/**
	 * Smallest maximum batch size that every implementation accepts in
	 * {@link #nextIds(int)}.
	 */
	int MIN_MAX_BATCH_SIZE = 65_536;

	/**
	 * Returns a new ID, greater than every ID this generator returned before. Never
	 * returns 0 or a negative value.
	 * @throws IdGenerationException if uniqueness cannot be guaranteed right now
	 */
	long nextId();

	/**
	 * Returns {@code count} new IDs, strictly increasing and distinct from every other ID
	 * of this generator. The batch may span several ticks; other threads' IDs never fall
	 * between two IDs of the same batch.
	 * @param count how many IDs, from 1 to {@link #maxBatchSize()}
	 * @throws IllegalArgumentException if {@code count} is outside that range
	 * @throws IdGenerationException if uniqueness cannot be guaranteed; no ID of the
	 * batch is returned
	 */
	long[] nextIds(int count);

	/**
	 * Largest {@code count} accepted by {@link #nextIds(int)}: at least
	 * {@link #MIN_MAX_BATCH_SIZE} and at least {@link SnowflakeLayout#maxIdsPerTick()}.
	 */
	default int maxBatchSize() {
		return (int) Math.min(Integer.MAX_VALUE, Math.max(MIN_MAX_BATCH_SIZE, layout().maxIdsPerTick()));
	}

	/**
	 * Splits an ID into its fields.
	 * @throws IllegalArgumentException if {@code id} is negative
	 */
	default DecodedId decode(long id) {
		return layout().decode(id);
	}

	/** Bit layout, tick and epoch of the IDs. */
	SnowflakeLayout layout();

}
