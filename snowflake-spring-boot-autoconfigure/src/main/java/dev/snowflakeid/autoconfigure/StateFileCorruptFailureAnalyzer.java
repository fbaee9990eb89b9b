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

import java.nio.file.Path;

import dev.snowflakeid.lease.StateFileCorruptException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a state file that holds no high-water mark. */
class StateFileCorruptFailureAnalyzer extends AbstractFailureAnalyzer<StateFileCorruptException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StateFileCorruptException cause) {
		return new FailureAnalysis("The worker state file is damaged: " + cause.getMessage() + ". Without the mark "
				+ "the generator cannot tell which timestamps an earlier run of this worker code already used.",
				restore(cause.file()), cause);
	}

	/** How to replace a state file whose mark cannot be trusted. */
	static String restore(Path file) {
		return "Restore " + file + " from a backup. If none exists, write into it a time in milliseconds since 1970 "
				+ "later than any ID this worker code issued (when unsure, the current time plus a minute); the "
				+ "generator then starts above it. snowflake.worker.state-file names the file.";
	}

}
