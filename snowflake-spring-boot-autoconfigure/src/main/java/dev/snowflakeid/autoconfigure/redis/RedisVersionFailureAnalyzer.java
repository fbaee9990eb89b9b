package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.redis.RedisLeaseServerCheck;
import dev.snowflakeid.redis.RedisVersionException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis older than the lease scripts need. */
class RedisVersionFailureAnalyzer extends AbstractFailureAnalyzer<RedisVersionException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisVersionException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". The lease scripts set absolute expiry times (SET ... PXAT), which Redis accepts from version "
				+ RedisLeaseServerCheck.MINIMUM_VERSION + " on.",
				"Upgrade Redis to " + RedisLeaseServerCheck.MINIMUM_VERSION + " or later, or point the lease "
						+ "connection at a newer server with spring.data.redis.* or snowflake.worker.redis.* (url, "
						+ "host, sentinel, cluster).",
				cause);
	}

}
