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

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;

import dev.snowflakeid.SnowflakeLayout.InvalidLayoutException;
import org.jspecify.annotations.Nullable;

/**
 * The shape rules of a {@link SnowflakeLayout}, checked before anything is derived from
 * it: each field's width in range, the widths summing to
 * {@value SnowflakeLayout#PAYLOAD_BITS}, a tick of whole milliseconds, an end that an
 * {@link Instant} can hold; and the rule of the generator's duration settings.
 */
final class LayoutChecks {

	private LayoutChecks() {
	}

	static void requireShape(int timestampBits, int regionBits, int workerBits, int sequenceBits, Duration tick) {
		requireWidth("timestampBits", timestampBits, 1, SnowflakeLayout.PAYLOAD_BITS);
		requireWidth("regionBits", regionBits, 0, SnowflakeLayout.MAX_FIELD_BITS);
		requireWidth("workerBits", workerBits, 0, SnowflakeLayout.MAX_FIELD_BITS);
		requireWidth("sequenceBits", sequenceBits, 1, SnowflakeLayout.MAX_FIELD_BITS);
		int sum = timestampBits + regionBits + workerBits + sequenceBits;
		if (sum != SnowflakeLayout.PAYLOAD_BITS) {
			throw new InvalidLayoutException("bitWidths",
					"bit widths must sum to " + SnowflakeLayout.PAYLOAD_BITS + " but timestamp " + timestampBits
							+ " + region " + regionBits + " + worker " + workerBits + " + sequence " + sequenceBits
							+ " = " + sum);
		}
		if (tick.compareTo(Duration.ofMillis(1)) < 0 || tick.getNano() % 1_000_000 != 0) {
			throw new InvalidLayoutException("tick",
					"tick must be a whole number of milliseconds, at least 1 ms, but was " + tick);
		}
	}

	/**
	 * The instant after the last tick must be representable: epoch + 2^timestampBits
	 * ticks.
	 */
	static void requireEndFitsInstant(Instant epoch, int timestampBits, Duration tick) {
		try {
			Instant.ofEpochMilli(Math.addExact(epoch.toEpochMilli(),
					Math.multiplyExact(Math.addExact((1L << timestampBits) - 1, 1), tick.toMillis())));
		}
		catch (ArithmeticException | DateTimeException ex) {
			throw new InvalidLayoutException("tick", "epoch " + epoch + " + 2^" + timestampBits + " ticks of " + tick
					+ " does not fit in an Instant; use fewer timestamp bits or a shorter tick");
		}
	}

	/** A duration setting of the generator that may be zero but never negative. */
	static Duration requireNonNegative(String name, @Nullable Duration value) {
		if (value == null || value.isNegative()) {
			throw new IllegalArgumentException(name + " must be zero or positive but was " + value);
		}
		return value;
	}

	private static void requireWidth(String parameter, int value, int min, int max) {
		if (value < min || value > max) {
			throw new InvalidLayoutException(parameter,
					parameter + " must be between " + min + " and " + max + " but was " + value);
		}
	}

}
