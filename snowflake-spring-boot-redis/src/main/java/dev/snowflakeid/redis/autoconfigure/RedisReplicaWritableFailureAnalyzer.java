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

import dev.snowflakeid.redis.RedisReplicaWritableException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis node whose replicas would accept writes. */
class RedisReplicaWritableFailureAnalyzer extends AbstractFailureAnalyzer<RedisReplicaWritableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisReplicaWritableException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". A writable replica, or a deposed primary that became one, could grant a worker code that the "
				+ "primary has granted too.",
				"Set replica-read-only yes on every node of the lease Redis (CONFIG SET replica-read-only yes, and "
						+ "in redis.conf so it survives a restart; it is the default).",
				cause);
	}

}
