package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease store that could not be reached at startup. */
class LeaseStoreUnavailableFailureAnalyzer extends AbstractFailureAnalyzer<LeaseStoreUnavailableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, LeaseStoreUnavailableException cause) {
		return new FailureAnalysis("The worker-code lease store could not be reached at startup: " + cause.getMessage()
				+ ". Without a lease no ID can be proven unique, so the application does not start.",
				"Check that Redis is running and reachable with the spring.data.redis.* settings (host, port, password, "
						+ "SSL; snowflake.worker.redis.* for a separate lease Redis), that a TLS server is reached with TLS "
						+ "and a trusted certificate (the lease connection never falls back to plaintext), or raise "
						+ "snowflake.worker.redis.command-timeout if it is merely slow. For a fixed "
						+ "deployment slot, set snowflake.worker.allocator=static with snowflake.worker.code and "
						+ "snowflake.worker.state-file.",
				cause);
	}

}
