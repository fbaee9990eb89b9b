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

import dev.snowflakeid.lease.StateFileMissingException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a missing state file that snowflake.worker.state-file-must-exist requires. */
class StateFileMissingFailureAnalyzer extends AbstractFailureAnalyzer<StateFileMissingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StateFileMissingException cause) {
		return new FailureAnalysis("The worker state file " + cause.file() + " does not exist, and "
				+ "snowflake.worker.state-file-must-exist=true forbids starting without it: the code's high-water mark "
				+ "would be unknown, and an earlier run's IDs could be issued again.",
				"Check that the volume holding " + cause.file().getParent() + " is mounted and that "
						+ "snowflake.worker.state-file names the file the previous run used, then restore the file. "
						+ "For the very first start of this worker code, start once with "
						+ "snowflake.worker.state-file-must-exist=false, which creates it.",
				cause);
	}

}
