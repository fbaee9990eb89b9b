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
package dev.snowflakeid.jdbc.lease;

/**
 * Whether an instance whose ID format differs from the one its lease table records may
 * run beside it. IDs of two formats can be equal in any field combination, so another
 * format is accepted only where the two provably cannot meet.
 */
public enum FormatCoexistence {

	/** One format per table: an instance of another format is refused. */
	NONE,

	/**
	 * Another format may take a region that no instance has used yet, if its timestamp
	 * bits, region bits, tick and epoch equal the table's: the timestamp and the region
	 * then lie in the same bits of every ID (the four widths sum to 63), so IDs of two
	 * distinct regions differ whatever the worker and sequence bits below. A region keeps
	 * the format it was first used with.
	 */
	SIDE_BY_SIDE

}
