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

/**
 * First sequence of each tick, the values of {@code snowflake.sequence.start}.
 */
public enum SequenceStart {

	/** Every tick starts at sequence 0: the most IDs per tick. */
	ZERO,

	/**
	 * Every tick starts at a random sequence below 2^min(8, sequence-bits - 4), so that a
	 * quiet service's IDs spread evenly over {@code id % n}; a tick then holds up to that
	 * many IDs fewer.
	 */
	RANDOM

}
