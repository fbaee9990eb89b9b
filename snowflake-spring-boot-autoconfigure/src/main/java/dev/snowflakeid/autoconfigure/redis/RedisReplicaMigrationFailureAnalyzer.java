package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.redis.RedisReplicaMigrationException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis Cluster whose replicas may migrate between shards. */
class RedisReplicaMigrationFailureAnalyzer extends AbstractFailureAnalyzer<RedisReplicaMigrationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisReplicaMigrationException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis Cluster: " + cause.getMessage()
				+ ". Grants need a majority of a primary's nodes (snowflake.worker.redis.replicas counts them); a "
				+ "migrated replica is a node the count does not know, so a primary cut off with one of its replicas "
				+ "and its successor with a migrated one could both grant the same worker code.",
				"Set cluster-allow-replica-migration no on every node of the lease Cluster (CONFIG SET "
						+ "cluster-allow-replica-migration no, and in redis.conf so it survives a restart).",
				cause);
	}

}
