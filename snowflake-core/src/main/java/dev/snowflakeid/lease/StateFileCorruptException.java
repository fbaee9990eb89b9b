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

import java.nio.file.Path;

/** The state file holds something other than a high-water mark in milliseconds since 1970. */
public class StateFileCorruptException extends StateFileException {

	private static final long serialVersionUID = 1L;

	private static final int SHOWN = 40;

	public StateFileCorruptException(Path file, String content) {
		super(file, "worker state file " + file + " does not hold a high-water mark (milliseconds since 1970) but '"
				+ ((content.length() <= SHOWN) ? content : content.substring(0, SHOWN) + "...") + "'", null);
	}

}
