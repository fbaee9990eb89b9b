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
