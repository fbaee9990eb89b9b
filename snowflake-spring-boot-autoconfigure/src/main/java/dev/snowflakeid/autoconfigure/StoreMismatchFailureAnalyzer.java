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
						+ "snowflake.worker.redis.command-timeout, replicas, max-replica-lag) as the other instances "
						+ "of this namespace. To change them, start the new settings in a new "
						+ "snowflake.worker.redis.namespace together with a snowflake.region no instance uses, or stop "
						+ "every instance of the old namespace before the first one starts in the new namespace: two "
						+ "namespaces running at once in one region lease the same codes, and their IDs collide "
						+ "(README, \"Uniqueness domain\").",
				cause);
	}

}
