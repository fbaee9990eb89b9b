package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.redis.RedisUnreachableException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Explains a lease Redis that could not be reached within the startup wait budget, naming where the lease
 * connection went and the settings that say so. Ordered before the analyzer of every unavailable lease store,
 * which would explain this failure too, in less detail.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class RedisUnreachableFailureAnalyzer extends AbstractFailureAnalyzer<RedisUnreachableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisUnreachableException cause) {
		return new FailureAnalysis("Worker leases could not reach their Redis at startup: " + cause.getMessage()
				+ ". Without a lease no ID can be proven unique, so the application does not start.",
				"Check that Redis runs at " + cause.address() + " and that " + cause.settings()
						+ " name it, with the right password and TLS settings (a TLS server needs TLS, an SSL bundle "
						+ "for its certificate, and is never reached in plaintext). If Redis starts after the "
						+ "application (a compose file, a pod), raise snowflake.worker.lease.startup-wait-budget from "
						+ cause.budget().toMillis() + "ms, such as to 60s; if connecting is merely slow, raise "
						+ "snowflake.worker.redis.connect-timeout from " + cause.connectTimeout().toMillis()
						+ "ms, such as to 10s. For a fixed deployment slot, set snowflake.worker.allocator=static "
						+ "with snowflake.worker.code and snowflake.worker.state-file.",
				cause);
	}

}
