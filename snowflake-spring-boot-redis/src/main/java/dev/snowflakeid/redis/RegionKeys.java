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
package dev.snowflakeid.redis;

/**
 * Names of the Redis keys of one region of a namespace. They share the hash tag
 * {@code {namespace:region}}, so a Redis Cluster keeps them in one slot:
 * <ul>
 * <li>{@code prefix:{ns:R}:lease:<code>}: value {@code generation|nonce}, expiring at the
 * Redis time of the last claim or renewal plus the TTL;</li>
 * <li>{@code prefix:{ns:R}:state}: one hash holding the loss marker ({@code lineage},
 * {@code floor0}), the fleet settings ({@code layout}, {@code region}, {@code q},
 * {@code a}) and per code the mark ({@code m:<code>}, highest ceiling ever granted), its
 * owner ({@code t:<code>}), the highest ceiling of every other owner ({@code o:<code>})
 * and the generation counter ({@code g:<code>}); being one key, all of it survives or
 * vanishes together;</li>
 * <li>{@code prefix:{ns:R}:witness}: a value without expiry that every grant sets to a
 * new random one and records in the state hash: a state hash put back from a copy
 * (RENAME, RESTORE, COPY ... REPLACE) records an older value, and a state hash without
 * its witness is one whose witness was lost, both read as a loss of data;</li>
 * <li>{@code prefix:format}: the format record of the key space (this key prefix in this
 * database, or in a Cluster): the ID format every instance under the prefix uses
 * ({@code format}) and the namespace each region belongs to ({@code region:<R>}); the
 * only key outside the region's hash tag;</li>
 * <li>{@code prefix:{ns:R}:guard}: never written; every script declares it so that Redis
 * Cluster answers TRYAGAIN while the slot is being migrated, instead of running against
 * half of the region's keys.</li>
 * </ul>
 *
 * @param prefix what every key of the region starts with, such as
 * {@code snowflake:{default:0}:}
 * @param format the format record of the key space, such as {@code snowflake:format}
 */
record RegionKeys(String prefix, String format) {

	static RegionKeys of(String keyPrefix, String namespace, int region) {
		requirePart("key prefix", keyPrefix);
		return new RegionKeys(keyPrefix + ":{" + requirePart("namespace", namespace) + ":" + region + "}:",
				keyPrefix + ":format");
	}

	/**
	 * A {@code SCAN} pattern that matches the state hash of every region of every
	 * namespace under {@code keyPrefix}, and nothing else of this starter's.
	 */
	static String statePattern(String keyPrefix) {
		return keyPrefix.replaceAll("([*?\\[\\]\\\\])", "\\\\$1") + ":{*}:state";
	}

	private static String requirePart(String name, String value) {
		if (value == null || value.isEmpty()) {
			throw new IllegalArgumentException(name + " must not be empty");
		}
		if (value.indexOf('{') >= 0 || value.indexOf('}') >= 0) {
			throw new IllegalArgumentException(name + " '" + value
					+ "' must not contain '{' or '}': the keys of a region share the hash tag {namespace:region}");
		}
		return value;
	}

	String guard() {
		return this.prefix + "guard";
	}

	String state() {
		return this.prefix + "state";
	}

	String witness() {
		return this.prefix + "witness";
	}

	/** What every lease key of the region starts with; the scripts append the code. */
	String leasePrefix() {
		return this.prefix + "lease:";
	}

	String lease(int code) {
		return leasePrefix() + code;
	}

	/** All keys of the region, for messages: {@code snowflake:{default:0}:*}. */
	@Override
	public String toString() {
		return this.prefix + "*";
	}

}
