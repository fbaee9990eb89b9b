package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.lease.StoreMismatchException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease store set up for another layout or region. */
class StoreMismatchFailureAnalyzer extends AbstractFailureAnalyzer<StoreMismatchException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StoreMismatchException cause) {
		return new FailureAnalysis("The worker-code lease store disagrees with this instance: " + cause.getMessage()
				+ ".", "Use the same snowflake.layout.*, snowflake.epoch, snowflake.region and lease timing "
						+ "(snowflake.worker.lease.outage-tolerance, renew-interval, max-clock-skew and "
						+ "snowflake.worker.redis.replicas, max-replica-lag) as the other instances of this namespace, "
						+ "or a new snowflake.worker.redis.namespace for new settings.",
				cause);
	}

}
