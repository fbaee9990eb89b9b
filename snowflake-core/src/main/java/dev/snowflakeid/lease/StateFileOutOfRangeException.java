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

/**
 * The state file holds a number that no clock could have written: before 1970 or after 9999, where adding
 * the ceiling lead could overflow.
 */
public class StateFileOutOfRangeException extends StateFileException {

	private static final long serialVersionUID = 1L;

	private final long mark;

	public StateFileOutOfRangeException(Path file, long mark) {
		super(file, "worker state file " + file + " holds the high-water mark " + mark
				+ ", which is not a time between 1970 and 9999 in milliseconds", null);
		this.mark = mark;
	}

	/** The number found. */
	public long mark() {
		return this.mark;
	}

}
