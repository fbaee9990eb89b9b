package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.lease.ClockBehindException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a clock that lies behind a worker code's high-water mark at startup. */
class ClockBehindFailureAnalyzer extends AbstractFailureAnalyzer<ClockBehindException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ClockBehindException cause) {
		return new FailureAnalysis("The system clock is behind the high-water mark of the worker code: "
				+ cause.getMessage() + ". Issuing now could repeat IDs an earlier owner of the code already issued.",
				"Fix the system clock (NTP) and restart; or, if the clock is right and merely "
						+ cause.behindMillis() + " ms must pass, raise snowflake.worker.lease.startup-wait-budget.",
				cause);
	}

}
