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

import dev.snowflakeid.redis.RedisLeaseServerCheck;
import dev.snowflakeid.redis.RedisVersionException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis older than the lease scripts need. */
class RedisVersionFailureAnalyzer extends AbstractFailureAnalyzer<RedisVersionException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisVersionException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". The lease scripts set absolute expiry times (SET ... PXAT), which Redis accepts from version "
				+ RedisLeaseServerCheck.MINIMUM_VERSION + " on.",
				"Upgrade Redis to " + RedisLeaseServerCheck.MINIMUM_VERSION + " or later, or point the lease "
						+ "connection at a newer server with spring.data.redis.* or snowflake.worker.redis.* (url, "
						+ "host, sentinel, cluster).",
				cause);
	}

}
