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

import dev.snowflakeid.lease.ClockSkewException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a worker clock that disagrees with the lease store's clock. */
class ClockSkewFailureAnalyzer extends AbstractFailureAnalyzer<ClockSkewException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ClockSkewException cause) {
		return new FailureAnalysis("Clock skew against the lease store: " + cause.getMessage() + ".",
				"Synchronize this host's clock and the Redis host's clock (NTP). Raising "
						+ "snowflake.worker.lease.max-clock-skew lengthens the quarantine after a detected data loss and "
						+ "must be done for every instance of the namespace at once (the quarantine is a fleet-wide setting).",
				cause);
	}

}
