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

import dev.snowflakeid.lease.WorkerLeaseException.StateFileException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a static allocator state file that cannot be used safely, by
 * {@link StateFileException.Reason}: each action names the property to change and what
 * makes the file usable again.
 */
class StateFileFailureAnalyzer extends AbstractFailureAnalyzer<StateFileException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StateFileException cause) {
		Path file = cause.file();
		return switch (cause.reason()) {
			case ACCESS -> new FailureAnalysis(
					"The worker state file " + file + " (snowflake.worker.state-file) cannot " + "be used: "
							+ cause.getMessage() + ".",
					"Give the application's user read and write access to " + file.getParent()
							+ " (it writes the state file, a .tmp file and a .lock file there), check that the volume is "
							+ "mounted writable and that the path names a regular file. Point snowflake.worker.state-file "
							+ "elsewhere only together with the file's content: a new, empty file forgets the high-water "
							+ "mark.",
					cause);
			case CORRUPT -> new FailureAnalysis("The worker state file is damaged: " + cause.getMessage()
					+ ". Without the mark the generator cannot tell which timestamps an earlier run of this worker code "
					+ "already used.", restore(file), cause);
			case LOCKED -> new FailureAnalysis(
					"The worker state file " + file + " (snowflake.worker.state-file) is in " + "use by "
							+ cause.holder() + ". Two owners of one state file raise the same high-water mark and "
							+ "issue the same IDs, so this instance does not start.",
					"Stop the instance that holds it before starting this one, or give each instance its own "
							+ "snowflake.worker.code and snowflake.worker.state-file. Do not copy a state file to start a "
							+ "second instance, and do not delete the lock file: the holder's lock ends when it exits.",
					cause);
			case MISSING -> new FailureAnalysis("The worker state file " + file + " does not exist, and "
					+ "snowflake.worker.state-file-must-exist=true forbids starting without it: the code's high-water "
					+ "mark would be unknown, and an earlier run's IDs could be issued again.",
					"Check that the volume holding " + file.getParent() + " is mounted and that "
							+ "snowflake.worker.state-file names the file the previous run used, then restore the file. "
							+ "For the very first start of this worker code, start once with "
							+ "snowflake.worker.state-file-must-exist=false, which creates it.",
					cause);
			case OUT_OF_RANGE -> new FailureAnalysis("The worker state file holds an impossible high-water mark: "
					+ cause.getMessage() + ". The file was written by something other than this generator, or "
					+ "damaged; starting above such a mark would never issue an ID, and below it nothing is known.",
					restore(file), cause);
		};
	}

	/** How to replace a state file whose mark cannot be trusted. */
	private static String restore(Path file) {
		return "Restore " + file + " from a backup. If none exists, write into it a time in milliseconds since 1970 "
				+ "later than any ID this worker code issued (when unsure, the current time plus a minute); the "
				+ "generator then starts above it. snowflake.worker.state-file names the file.";
	}

}
