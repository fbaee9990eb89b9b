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

/**
 * The rule by which two ID formats may share one lease key space, each in regions of its
 * own: they must have equal timestamp bits, region bits, tick and epoch. The timestamp
 * and the region then lie in the same bits of every ID of both, so IDs of two regions
 * never meet, whatever the worker and sequence split below. Formats are compared as lease
 * stores record them: a layout's {@link dev.snowflakeid.SnowflakeLayout#toString()
 * description}, {@code 41/2/8/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z}.
 */
public final class SideBySideFormats {

	private SideBySideFormats() {
	}

	/**
	 * What formats side by side must share: timestamp bits/region bits, tick and epoch,
	 * as {@code 41/2 tick=PT0.001S epoch=2026-01-01T00:00:00Z}. A description of another
	 * form is returned whole: it shares nothing but itself.
	 * @param description a layout's description, as a lease store recorded it
	 * @return the part that formats side by side must share
	 */
	public static String sharedPart(String description) {
		String[] parts = description.split(" ", 2);
		String[] widths = parts[0].split("/");
		return (widths.length == 4 && parts.length == 2) ? widths[0] + "/" + widths[1] + " " + parts[1] : description;
	}

	/**
	 * Whether two formats may issue side by side, each in regions of its own.
	 * @param one a layout's description
	 * @param other another layout's description
	 * @return whether their shared parts are equal
	 */
	public static boolean mayShareKeySpace(String one, String other) {
		return sharedPart(one).equals(sharedPart(other));
	}

}
