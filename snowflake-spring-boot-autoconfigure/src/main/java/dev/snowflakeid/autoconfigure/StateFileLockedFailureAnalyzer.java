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

import dev.snowflakeid.lease.StateFileLockedException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a static allocator state file that another process or context already holds. */
class StateFileLockedFailureAnalyzer extends AbstractFailureAnalyzer<StateFileLockedException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StateFileLockedException cause) {
		return new FailureAnalysis("The worker state file " + cause.file() + " (snowflake.worker.state-file) is in use by "
				+ cause.holder() + ". Two owners of one state file raise the same high-water mark and issue the same "
				+ "IDs, so this instance does not start.",
				"Stop the instance that holds it before starting this one, or give each instance its own "
						+ "snowflake.worker.code and snowflake.worker.state-file. Do not copy a state file to start a "
						+ "second instance, and do not delete the lock file: the holder's lock ends when it exits.",
				cause);
	}

}
