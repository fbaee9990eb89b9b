package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.lease.ClockSkewException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a worker clock that disagrees with the lease store's clock. */
class ClockSkewFailureAnalyzer extends AbstractFailureAnalyzer<ClockSkewException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ClockSkewException cause) {
		return new FailureAnalysis("Clock skew against the lease store: " + cause.getMessage() + ".",
				"Synchronize this host's clock and the Redis host's clock (NTP). Raising "
						+ "snowflake.worker.lease.max-clock-skew lengthens the quarantine after a detected data loss and "
						+ "must be done for every instance of the namespace at once (the quarantine is a fleet-wide setting).",
				cause);
	}

}
