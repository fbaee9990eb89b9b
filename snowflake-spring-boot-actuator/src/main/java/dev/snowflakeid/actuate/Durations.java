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

import java.util.Locale;

/**
 * Renders durations for people reading health details: {@code 640ms}, {@code 8.912s},
 * {@code 4m 05s}, {@code 3h 12m}, {@code 69y 112d} (years of 365 days).
 */
final class Durations {

	private static final long SECOND = 1_000;

	private static final long MINUTE = 60 * SECOND;

	private static final long HOUR = 60 * MINUTE;

	private static final long DAY = 24 * HOUR;

	private Durations() {
	}

	static String format(long millis) {
		if (millis < 0) {
			return "-" + format(-Math.max(millis, -Long.MAX_VALUE));
		}
		if (millis < SECOND) {
			return millis + "ms";
		}
		if (millis < MINUTE) {
			return String.format(Locale.ROOT, "%d.%03ds", millis / SECOND, millis % SECOND);
		}
		if (millis < HOUR) {
			return String.format(Locale.ROOT, "%dm %02ds", millis / MINUTE, (millis % MINUTE) / SECOND);
		}
		if (millis < DAY) {
			return String.format(Locale.ROOT, "%dh %02dm", millis / HOUR, (millis % HOUR) / MINUTE);
		}
		long days = millis / DAY;
		if (days < 365) {
			return String.format(Locale.ROOT, "%dd %dh", days, (millis % DAY) / HOUR);
		}
		return String.format(Locale.ROOT, "%dy %dd", days / 365, days % 365);
	}

}
