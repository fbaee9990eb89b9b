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

import dev.snowflakeid.lease.ClockBehindException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a clock that lies behind a worker code's high-water mark at startup. */
class ClockBehindFailureAnalyzer extends AbstractFailureAnalyzer<ClockBehindException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ClockBehindException cause) {
		return new FailureAnalysis("The system clock is behind the high-water mark of the worker code: "
				+ cause.getMessage() + ". Issuing now could repeat IDs an earlier owner of the code already issued.",
				"Fix the system clock (NTP) and restart; or, if the clock is right and merely "
						+ cause.behindMillis() + " ms must pass, raise snowflake.worker.lease.startup-wait-budget.",
				cause);
	}

}
