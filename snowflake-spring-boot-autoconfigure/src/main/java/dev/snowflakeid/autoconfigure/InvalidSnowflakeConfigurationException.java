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
import java.util.function.IntSupplier;
import java.util.function.Supplier;

import dev.snowflakeid.lease.LeaseTiming;
import org.jspecify.annotations.Nullable;

/**
 * A {@code snowflake.*} setting that would make the generator unsafe or unusable, found
 * before any ID is issued. Carries the property to change and how to fix it, for
 * {@link InvalidSnowflakeConfigurationFailureAnalyzer}.
 */
public class InvalidSnowflakeConfigurationException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String property;

	private final String action;

	public InvalidSnowflakeConfigurationException(String property, String description, String action) {
		super(description);
		this.property = property;
		this.action = action;
	}

	/**
	 * Runs a core rule (such as {@code SnowflakeLayout.requireWorkerCode}) on a
	 * configured value, turning its {@link IllegalArgumentException} into a failure that
	 * names {@code property} and {@code action}, so that the rule and its wording stay in
	 * the core.
	 */
	public static int check(String property, IntSupplier rule, String action) {
		try {
			return rule.getAsInt();
		}
		catch (IllegalArgumentException ex) {
			// The core's rules always say what is wrong; valueOf only satisfies the type.
			throw new InvalidSnowflakeConfigurationException(property, String.valueOf(ex.getMessage()), action);
		}
	}

	/**
	 * {@link #check(String, IntSupplier, String)} for a duration rule of the core, such
	 * as {@code LeaseTiming.requirePositiveMillis}.
	 */
	public static Duration check(String property, Supplier<Duration> rule, String action) {
		try {
			return rule.get();
		}
		catch (IllegalArgumentException ex) {
			// The core's rules always say what is wrong; valueOf only satisfies the type.
			throw new InvalidSnowflakeConfigurationException(property, String.valueOf(ex.getMessage()), action);
		}
	}

	/**
	 * The core's rule of lease intervals ({@code LeaseTiming.requirePositiveMillis} and
	 * {@code requireNonNegativeMillis}) on a configured duration, failing with
	 * {@code property}.
	 */
	public static Duration checkMillis(String property, Duration value, boolean zeroAllowed) {
		return check(property,
				() -> zeroAllowed ? LeaseTiming.requireNonNegativeMillis(property, value)
						: LeaseTiming.requirePositiveMillis(property, value),
				"Set " + property + " to " + (zeroAllowed ? "zero or a positive" : "a positive")
						+ " duration in whole milliseconds.");
	}

	/** The property to change, such as {@code snowflake.worker.code}. */
	public String property() {
		return this.property;
	}

	/** What to change. */
	public String action() {
		return this.action;
	}

}
