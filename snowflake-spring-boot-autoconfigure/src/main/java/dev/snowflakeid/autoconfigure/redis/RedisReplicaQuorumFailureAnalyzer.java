package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.redis.RedisReplicaQuorumException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Explains grants refused for want of a replica majority. Ordered first, since the refusal is also a
 * {@code LeaseStoreUnavailableException}, whose own analysis would blame the connection.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class RedisReplicaQuorumFailureAnalyzer extends AbstractFailureAnalyzer<RedisReplicaQuorumException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisReplicaQuorumException cause) {
		int quorum = (cause.configured() + 1) / 2;
		return new FailureAnalysis("Worker leases were refused by Redis within the startup wait budget: "
				+ cause.getMessage() + ". Redis was reached; it grants only as a primary with at least " + quorum
				+ " of the " + cause.configured() + " replicas snowflake.worker.redis.replicas counts online within "
				+ "snowflake.worker.redis.max-replica-lag, and at most " + cause.configured() + " attached.",
				"Set snowflake.worker.redis.replicas to the number of replicas the primary really has (INFO "
						+ "replication, connected_slaves; behind Sentinel, SENTINEL REPLICAS <master>; on a Cluster, "
						+ "the replicas of each shard's primary), chained replicas and spares included, on every "
						+ "instance of the region, and check that at least half of them are online and in sync.",
				cause);
	}

}
