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

import dev.snowflakeid.SnowflakeLayout.InvalidLayoutException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains an {@link InvalidLayoutException} in terms of the {@code snowflake.*} property
 * to change.
 */
class InvalidLayoutFailureAnalyzer extends AbstractFailureAnalyzer<InvalidLayoutException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidLayoutException cause) {
		String property = property(cause.parameter());
		return new FailureAnalysis(
				"The Snowflake ID layout is invalid: " + cause.getMessage() + " (property '" + property + "').",
				action(cause.parameter(), property), cause);
	}

	static String property(String parameter) {
		return switch (parameter) {
			case "timestampBits" -> "snowflake.layout.timestamp-bits";
			case "regionBits" -> "snowflake.layout.region-bits";
			case "workerBits" -> "snowflake.layout.worker-bits";
			case "sequenceBits" -> "snowflake.layout.sequence-bits";
			case "bitWidths" -> "snowflake.layout.*-bits";
			case "tick" -> "snowflake.layout.tick";
			case "epoch" -> "snowflake.epoch";
			case "requiredLifetime" -> "snowflake.layout.required-lifetime";
			default -> "snowflake.layout";
		};
	}

	private static String action(String parameter, String property) {
		return switch (parameter) {
			case "bitWidths" -> "Change snowflake.layout.timestamp-bits, region-bits, worker-bits and sequence-bits so "
					+ "that they sum to exactly 63 (default 41/2/8/12). Never change the layout of an ID column that "
					+ "already holds IDs: introduce a new format instead.";
			case "epoch" -> "Set snowflake.epoch to an instant in the past, such as 2026-01-01T00:00:00Z, and never "
					+ "move it once IDs exist.";
			case "requiredLifetime" ->
				"Give the timestamp more bits (snowflake.layout.timestamp-bits, taking them from "
						+ "worker or sequence bits), use a later snowflake.epoch for a new deployment, or lower "
						+ "snowflake.layout.required-lifetime if a shorter lifetime is acceptable.";
			case "tick" -> "Set snowflake.layout.tick to a whole number of milliseconds, at least 1ms, such that "
					+ "epoch + 2^timestamp-bits ticks stays representable.";
			default -> "Set " + property + " within the range given above.";
		};
	}

}
