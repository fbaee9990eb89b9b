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
package dev.snowflakeid.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.Locale;

import dev.snowflakeid.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * Named layouts, the values of {@code snowflake.layout.preset}: each fixes the bit widths
 * and the tick, so that none of {@code snowflake.layout.*-bits} or
 * {@code snowflake.layout.tick} may be set beside it.
 */
public enum LayoutPreset {

	/**
	 * The widths and tick of {@code snowflake.layout.*}, by default 41/2/8/12 bits at 1
	 * ms: about 69.7 years, 4 regions of 256 workers, 4,096 IDs per worker per
	 * millisecond.
	 */
	STANDARD(SnowflakeLayout.DEFAULT_TIMESTAMP_BITS, SnowflakeLayout.DEFAULT_REGION_BITS,
			SnowflakeLayout.DEFAULT_WORKER_BITS, SnowflakeLayout.DEFAULT_SEQUENCE_BITS),

	/**
	 * IDs that a JavaScript number holds exactly: 51/1/5/6 bits at 1 ms, whose top 10
	 * timestamp bits stay 0 for 2^41 ms (about 69.7 years) from the epoch, so every ID
	 * stays below 2^53 until then; 2 regions of 32 workers, 64 IDs per worker per
	 * millisecond (64,000 per second).
	 */
	JS_SAFE(51, 1, 5, 6);

	/** Bits of a JavaScript number's exact integers: IDs below 2^53 are safe. */
	static final int JS_SAFE_BITS = 53;

	private final int timestampBits;

	private final int regionBits;

	private final int workerBits;

	private final int sequenceBits;

	LayoutPreset(int timestampBits, int regionBits, int workerBits, int sequenceBits) {
		this.timestampBits = timestampBits;
		this.regionBits = regionBits;
		this.workerBits = workerBits;
		this.sequenceBits = sequenceBits;
	}

	/**
	 * The layout of this preset and the properties.
	 * @throws InvalidSnowflakeConfigurationException naming a width or tick property set
	 * beside a preset other than {@link #STANDARD}
	 */
	SnowflakeLayout layout(SnowflakeProperties properties) {
		SnowflakeProperties.Layout layout = properties.getLayout();
		SnowflakeLayout.Builder builder = SnowflakeLayout.builder().epoch(properties.getEpoch());
		if (this == STANDARD) {
			return builder.timestampBits(layout.getTimestampBits())
				.regionBits(layout.getRegionBits())
				.workerBits(layout.getWorkerBits())
				.sequenceBits(layout.getSequenceBits())
				.tick(layout.getTick())
				.build();
		}
		requireUnset("timestamp-bits", layout.getTimestampBits() == SnowflakeLayout.DEFAULT_TIMESTAMP_BITS);
		requireUnset("region-bits", layout.getRegionBits() == SnowflakeLayout.DEFAULT_REGION_BITS);
		requireUnset("worker-bits", layout.getWorkerBits() == SnowflakeLayout.DEFAULT_WORKER_BITS);
		requireUnset("sequence-bits", layout.getSequenceBits() == SnowflakeLayout.DEFAULT_SEQUENCE_BITS);
		requireUnset("tick", layout.getTick().equals(SnowflakeLayout.DEFAULT_TICK));
		return builder.timestampBits(this.timestampBits)
			.regionBits(this.regionBits)
			.workerBits(this.workerBits)
			.sequenceBits(this.sequenceBits)
			.tick(Duration.ofMillis(1))
			.build();
	}

	/**
	 * First instant at which an ID of {@code layout} can reach 2^53 and so no longer be
	 * held exactly by a JavaScript number; the layout's end when it never does.
	 */
	static Instant jsSafeUntil(SnowflakeLayout layout) {
		int belowTimestamp = SnowflakeLayout.PAYLOAD_BITS - layout.timestampBits();
		if (belowTimestamp > JS_SAFE_BITS) {
			return layout.epoch();
		}
		long firstUnsafeTick = 1L << (JS_SAFE_BITS - belowTimestamp);
		if (firstUnsafeTick > layout.maxTimestamp()) {
			return layout.lifetimeEnd();
		}
		return Instant.ofEpochMilli(layout.tickStartMillis(firstUnsafeTick));
	}

	/**
	 * Checks, where this context has a generator's layout, that every ID it can issue
	 * from now until the required lifetime ends stays below 2^53, as writing IDs as JSON
	 * numbers needs.
	 * @throws InvalidSnowflakeConfigurationException naming {@code property} otherwise
	 */
	public static void requireJsSafe(@Nullable SnowflakeLayout layout, @Nullable SnowflakeProperties properties,
			String property) {
		if (layout != null && properties != null) {
			requireJsSafe(layout, properties.getLayout().getRequiredLifetime(), property);
		}
	}

	private static void requireJsSafe(SnowflakeLayout layout, Period requiredLifetime, String property) {
		Instant needed = Instant.now().atOffset(ZoneOffset.UTC).plus(requiredLifetime).toInstant();
		Instant safeUntil = jsSafeUntil(layout);
		if (safeUntil.isBefore(needed)) {
			throw new InvalidSnowflakeConfigurationException(property,
					"IDs of layout " + layout + " can reach 2^53 from " + safeUntil
							+ ", before the required lifetime ends (" + needed + "), and JavaScript would round them",
					"Set snowflake.layout.preset=js-safe, or remove " + property + " to write IDs as strings.");
		}
	}

	private void requireUnset(String property, boolean unset) {
		if (!unset) {
			String name = "snowflake.layout." + property;
			throw new InvalidSnowflakeConfigurationException(name,
					name + " is set, but snowflake.layout.preset=" + name().toLowerCase(Locale.ROOT).replace('_', '-')
							+ " fixes the bit widths and the tick",
					"Remove " + name + ", or remove snowflake.layout.preset to choose every width yourself.");
		}
	}

}
