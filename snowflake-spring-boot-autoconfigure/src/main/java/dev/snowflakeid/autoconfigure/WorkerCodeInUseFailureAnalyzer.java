package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.lease.WorkerCodeInUseException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a static worker code that another generator in this JVM already uses. */
class WorkerCodeInUseFailureAnalyzer extends AbstractFailureAnalyzer<WorkerCodeInUseException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, WorkerCodeInUseException cause) {
		return new FailureAnalysis("Another generator in this JVM uses the same static worker code: "
				+ cause.getMessage() + ". Two generators with one code issue the same IDs.",
				"Give each application context in this JVM its own snowflake.worker.code (or snowflake.region), "
						+ "share one IdGenerator bean between them (for example from a parent context), or close the "
						+ "first one before starting this one.",
				cause);
	}

}
