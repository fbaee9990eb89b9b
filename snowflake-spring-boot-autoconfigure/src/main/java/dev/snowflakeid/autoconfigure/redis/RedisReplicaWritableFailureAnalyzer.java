package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.redis.RedisReplicaWritableException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis node whose replicas would accept writes. */
class RedisReplicaWritableFailureAnalyzer extends AbstractFailureAnalyzer<RedisReplicaWritableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisReplicaWritableException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". A writable replica, or a deposed primary that became one, could grant a worker code that the "
				+ "primary has granted too.",
				"Set replica-read-only yes on every node of the lease Redis (CONFIG SET replica-read-only yes, and "
						+ "in redis.conf so it survives a restart; it is the default).",
				cause);
	}

}
