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

import dev.snowflakeid.lease.StateFileOutOfRangeException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a state file whose mark no clock could have written. */
class StateFileOutOfRangeFailureAnalyzer extends AbstractFailureAnalyzer<StateFileOutOfRangeException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StateFileOutOfRangeException cause) {
		return new FailureAnalysis("The worker state file holds an impossible high-water mark: " + cause.getMessage()
				+ ". The file was written by something other than this generator, or damaged; starting above such a "
				+ "mark would never issue an ID, and below it nothing is known.",
				StateFileCorruptFailureAnalyzer.restore(cause.file()), cause);
	}

}
