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

import dev.snowflakeid.redis.RedisUnreachableException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Explains a lease Redis that could not be reached within the startup wait budget, naming where the lease
 * connection went and the settings that say so. Ordered before the analyzer of every unavailable lease store,
 * which would explain this failure too, in less detail.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class RedisUnreachableFailureAnalyzer extends AbstractFailureAnalyzer<RedisUnreachableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisUnreachableException cause) {
		return new FailureAnalysis("Worker leases could not reach their Redis at startup: " + cause.getMessage()
				+ ". Without a lease no ID can be proven unique, so the application does not start.",
				"Check that Redis runs at " + cause.address() + " and that " + cause.settings()
						+ " name it, with the right password and TLS settings (a TLS server needs TLS, an SSL bundle "
						+ "for its certificate, and is never reached in plaintext). If Redis starts after the "
						+ "application (a compose file, a pod), raise snowflake.worker.lease.startup-wait-budget from "
						+ cause.budget().toMillis() + "ms, such as to 60s; if connecting is merely slow, raise "
						+ "snowflake.worker.redis.connect-timeout from " + cause.connectTimeout().toMillis()
						+ "ms, such as to 10s. For a fixed deployment slot, set snowflake.worker.allocator=static "
						+ "with snowflake.worker.code and snowflake.worker.state-file.",
				cause);
	}

}
