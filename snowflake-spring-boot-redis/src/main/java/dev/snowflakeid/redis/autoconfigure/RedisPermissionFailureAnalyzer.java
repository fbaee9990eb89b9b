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

import dev.snowflakeid.redis.RedisPermissionException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis user without the ACL permissions the lease scripts need. */
class RedisPermissionFailureAnalyzer extends AbstractFailureAnalyzer<RedisPermissionException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisPermissionException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis user: " + cause.getMessage() + ".",
				"Grant the missing permissions (ACL SETUSER " + cause.user() + " " + String.join(" ", cause.permissions())
						+ "), or give the user the lease rule from the README: the lease commands on keys ~"
						+ keyPattern(cause.sampleKey()) + ". The user is spring.data.redis.username (or "
						+ "snowflake.worker.redis.username).",
				cause);
	}

	private static String keyPattern(String sampleKey) {
		int colon = sampleKey.indexOf(':');
		return ((colon > 0) ? sampleKey.substring(0, colon) : sampleKey) + ":*";
	}

}
