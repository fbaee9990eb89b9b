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
 * The lease Redis evicts any key under memory pressure ({@code allkeys-*}): the high-water marks, which
 * have no expiry and must never disappear while the lineage stays the same, could be evicted.
 */
public final class RedisEvictionPolicyException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	private final String policy;

	public RedisEvictionPolicyException(String server, String policy) {
		super(server, "maxmemory-policy", "Redis " + server + " has maxmemory-policy " + policy
				+ ", which may evict the lease high-water marks under memory pressure");
		this.policy = policy;
	}

	/** The configured policy, such as {@code allkeys-lru}. */
	public String policy() {
		return this.policy;
	}

}
