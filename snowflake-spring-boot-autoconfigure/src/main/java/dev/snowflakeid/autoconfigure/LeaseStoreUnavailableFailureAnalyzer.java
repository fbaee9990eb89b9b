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

import dev.snowflakeid.lease.LeaseStoreUnavailableException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease store that could not be reached at startup. */
class LeaseStoreUnavailableFailureAnalyzer extends AbstractFailureAnalyzer<LeaseStoreUnavailableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, LeaseStoreUnavailableException cause) {
		return new FailureAnalysis(
				"The worker-code lease store could not be reached at startup: " + cause.getMessage()
						+ ". Without a lease no ID can be proven unique, so the application does not start.",
				"Check that Redis is running and reachable with the spring.data.redis.* settings (host, port, password, "
						+ "SSL; snowflake.worker.redis.* for a separate lease Redis), that a TLS server is reached with TLS "
						+ "and a trusted certificate (the lease connection never falls back to plaintext), or raise "
						+ "snowflake.worker.redis.command-timeout if it is merely slow. For a fixed "
						+ "deployment slot, set snowflake.worker.allocator=static with snowflake.worker.code and "
						+ "snowflake.worker.state-file.",
				cause);
	}

}
