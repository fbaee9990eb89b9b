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

import dev.snowflakeid.lease.StateFileAccessException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a state file, or its directory, that cannot be read or written. */
class StateFileAccessFailureAnalyzer extends AbstractFailureAnalyzer<StateFileAccessException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StateFileAccessException cause) {
		return new FailureAnalysis("The worker state file " + cause.file() + " (snowflake.worker.state-file) cannot be "
				+ "used: " + cause.getMessage() + ".",
				"Give the application's user read and write access to " + cause.file().getParent()
						+ " (it writes the state file, a .tmp file and a .lock file there), check that the volume is "
						+ "mounted writable and that the path names a regular file. Point snowflake.worker.state-file "
						+ "elsewhere only together with the file's content: a new, empty file forgets the high-water mark.",
				cause);
	}

}
