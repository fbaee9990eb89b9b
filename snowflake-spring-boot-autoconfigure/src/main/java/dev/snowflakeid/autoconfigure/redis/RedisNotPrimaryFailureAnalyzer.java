package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.redis.RedisNotPrimaryException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease connection that reached a replica. */
class RedisNotPrimaryFailureAnalyzer extends AbstractFailureAnalyzer<RedisNotPrimaryException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisNotPrimaryException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage()
				+ ". Leases written anywhere but the primary are not fenced.",
				"Point spring.data.redis.host (or snowflake.worker.redis.host/url) at the primary, or configure "
						+ "the set-up as it is so the client finds the primary itself: spring.data.redis.sentinel.master "
						+ "and .nodes for Sentinel, spring.data.redis.masterreplica.nodes for a fixed primary with "
						+ "replicas, spring.data.redis.cluster.nodes for a Cluster.",
				cause);
	}

}
