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
package dev.snowflakeid.redis.autoconfigure;

import dev.snowflakeid.redis.RedisEvictionPolicyException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis that may evict the high-water marks. */
class RedisEvictionPolicyFailureAnalyzer extends AbstractFailureAnalyzer<RedisEvictionPolicyException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisEvictionPolicyException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". The marks that keep successive owners of a worker code apart have no expiry; an allkeys-* "
				+ "policy may evict them, and the next owner could then reuse timestamps.",
				"Set maxmemory-policy noeviction (recommended) or a volatile-* policy on the lease Redis "
						+ "(CONFIG SET maxmemory-policy noeviction, and in redis.conf), or give the leases a Redis "
						+ "of their own with snowflake.worker.redis.*.",
				cause);
	}

}
