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

import dev.snowflakeid.redis.RedisNotPrimaryException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease connection that reached a replica. */
class RedisNotPrimaryFailureAnalyzer extends AbstractFailureAnalyzer<RedisNotPrimaryException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisNotPrimaryException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". Leases written anywhere but the primary are not fenced.",
				"Point spring.data.redis.host (or snowflake.worker.redis.host/url) at the primary, or configure "
						+ "the set-up as it is so the client finds the primary itself: spring.data.redis.sentinel.master "
						+ "and .nodes for Sentinel, spring.data.redis.masterreplica.nodes for a fixed primary with "
						+ "replicas, spring.data.redis.cluster.nodes for a Cluster.",
				cause);
	}

}
