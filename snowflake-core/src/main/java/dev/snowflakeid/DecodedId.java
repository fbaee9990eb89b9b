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

import java.time.Instant;

/**
 * The fields of one Snowflake ID.
 *
 * <p>
 * {@code timestamp} is the start of the tick the ID was issued in. It tells roughly when
 * the ID was created, nothing more: it is not commit order, and with borrow-ahead enabled
 * it can lie up to the configured borrow window ahead of wall time.
 *
 * @param id the raw 64-bit value
 * @param timestamp start of the tick encoded in the ID
 * @param region region code
 * @param worker worker code within the region
 * @param sequence position within the tick
 */
public record DecodedId(long id, Instant timestamp, int region, int worker, int sequence) {
}
