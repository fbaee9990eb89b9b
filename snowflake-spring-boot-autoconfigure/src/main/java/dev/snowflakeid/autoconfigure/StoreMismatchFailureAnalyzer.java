package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.lease.StoreMismatchException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease store set up for another layout or region. */
class StoreMismatchFailureAnalyzer extends AbstractFailureAnalyzer<StoreMismatchException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StoreMismatchException cause) {
		return new FailureAnalysis("The worker-code lease store disagrees with this instance: " + cause.getMessage()
				+ ".", "Use the same snowflake.layout.*, snowflake.epoch and snowflake.region as the other instances of "
						+ "this namespace, or a different snowflake.worker.redis.namespace for a different ID format.",
				cause);
	}

}
