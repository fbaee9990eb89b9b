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
package dev.snowflakeid.lease;

import java.time.Duration;

/**
 * The one home of the duration rules the lease settings follow, and of their wording.
 * Other modules reach them through {@link LeaseTiming#requirePositiveMillis} and
 * {@link LeaseTiming#requireNonNegativeMillis}.
 */
final class Durations {

	private Durations() {
	}

	/** Returns {@code value} if it is above zero; otherwise throws naming the setting. */
	static Duration requirePositive(String name, Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException(name + " must be positive but was " + value);
		}
		return value;
	}

	/**
	 * Returns {@code value} if it is zero or above; otherwise throws naming the setting.
	 */
	static Duration requireNonNegative(String name, Duration value) {
		if (value == null || value.isNegative()) {
			throw new IllegalArgumentException(name + " must be zero or positive but was " + value);
		}
		return value;
	}

	/**
	 * Returns {@code value} if it is a whole number of milliseconds; otherwise throws
	 * naming the setting.
	 */
	static Duration requireWholeMillis(String name, Duration value) {
		if (value.toNanos() % 1_000_000 != 0) {
			throw new IllegalArgumentException(name + " must be a whole number of milliseconds but was " + value);
		}
		return value;
	}

}
