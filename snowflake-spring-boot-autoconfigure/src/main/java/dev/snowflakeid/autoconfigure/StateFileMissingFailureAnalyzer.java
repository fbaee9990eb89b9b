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
