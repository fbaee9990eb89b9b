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
package dev.snowflakeid.actuate;

import java.util.List;
import java.util.Locale;

import dev.snowflakeid.IdGenerationException.Reason;

/**
 * Keys shared by the endpoint and the meters, kept apart from both so that neither needs
 * the other's library on the classpath.
 */
final class StatisticKeys {

	/** Causes of the waits the generator counts. */
	static final List<Reason> WAIT_REASONS = List.of(Reason.CLOCK_MOVED_BACKWARDS, Reason.SEQUENCE_EXHAUSTED);

	private StatisticKeys() {
	}

	/**
	 * Tag value and JSON key of an enum constant: lower case, as in
	 * {@code lease_unavailable}.
	 */
	static String of(Enum<?> constant) {
		return constant.name().toLowerCase(Locale.ROOT);
	}

}
