package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.redis.RedisEvictionPolicyException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis that may evict the high-water marks. */
class RedisEvictionPolicyFailureAnalyzer extends AbstractFailureAnalyzer<RedisEvictionPolicyException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisEvictionPolicyException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". The marks that keep successive owners of a worker code apart have no expiry; an allkeys-* "
				+ "policy may evict them, and the next owner could then reuse timestamps.",
				"Set maxmemory-policy noeviction (recommended) or a volatile-* policy on the lease Redis "
						+ "(CONFIG SET maxmemory-policy noeviction, and in redis.conf), or give the leases a Redis "
						+ "of their own with snowflake.worker.redis.*.",
				cause);
	}

}
