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

import dev.snowflakeid.lease.WorkerLeaseException.ClockBehindException;
import dev.snowflakeid.lease.WorkerLeaseException.ClockException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a clock that stands in the way of a safe start, by
 * {@link ClockException.Reason}: behind a worker code's high-water mark, or skewed
 * against the lease store's clock.
 */
class ClockFailureAnalyzer extends AbstractFailureAnalyzer<ClockException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ClockException cause) {
		return switch (cause.reason()) {
			case BEHIND -> new FailureAnalysis(
					"The system clock is behind the high-water mark of the worker code: " + cause.getMessage()
							+ ". Issuing now could repeat IDs an earlier owner of the code already issued.",
					"Fix the system clock (NTP) and restart; or, if the clock is right and merely "
							+ ((ClockBehindException) cause).behindMillis() + " ms must pass, raise "
							+ "snowflake.worker.lease.startup-wait-budget.",
					cause);
			case SKEW -> new FailureAnalysis("Clock skew against the lease store: " + cause
				.getMessage() + ".", "Synchronize this host's clock and the Redis host's clock (NTP). Raising "
						+ "snowflake.worker.lease.max-clock-skew lengthens the quarantine after a detected data loss "
						+ "and must be done for every instance of the namespace at once (the quarantine is a "
						+ "fleet-wide setting).",
					cause);
		};
	}

}
