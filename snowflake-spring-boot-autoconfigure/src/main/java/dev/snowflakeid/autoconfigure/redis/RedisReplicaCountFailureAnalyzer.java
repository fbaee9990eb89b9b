package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.redis.RedisReplicaCountException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis primary with more replicas than {@code snowflake.worker.redis.replicas} counts. */
class RedisReplicaCountFailureAnalyzer extends AbstractFailureAnalyzer<RedisReplicaCountException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisReplicaCountException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis as configured: " + cause.getMessage()
				+ ". Grants need a majority of the nodes snowflake.worker.redis.replicas counts; counted against too "
				+ "few nodes, a primary cut off with some replicas and its successor with the others could both "
				+ "have one, so the lease script refuses every grant here.",
				"Set snowflake.worker.redis.replicas=" + cause.attached() + " on every instance of the region, or "
						+ "higher: at least the " + cause.attached() + " attached now, plus every other node that may "
						+ "ever follow the primary (chained replicas, replicas that are down, spares); "
						+ where(cause.setUp()) + ".",
				cause);
	}

	private static String where(RedisReplicaCountException.SetUp setUp) {
		return switch (setUp) {
			case SENTINEL -> "SENTINEL REPLICAS <master> on a sentinel lists the primary's replicas";
			case CLUSTER -> "CLUSTER REPLICAS <node-id> lists those of one shard's primary, and the largest shard "
					+ "counts";
			case FIXED -> "INFO replication on the primary lists its replicas (connected_slaves)";
		};
	}

}
