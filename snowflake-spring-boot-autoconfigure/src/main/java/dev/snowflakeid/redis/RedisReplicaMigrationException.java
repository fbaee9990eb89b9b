package dev.snowflakeid.redis;

/**
 * A node of a lease Redis Cluster with replicas has {@code cluster-allow-replica-migration yes}: a replica of
 * another shard could then move to a primary that lost its replicas, and give a primary promoted in a
 * partition a majority the lease script counts against the configured number of replicas, while the deposed
 * primary keeps granting with a replica of its own.
 */
public final class RedisReplicaMigrationException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	public RedisReplicaMigrationException(String server) {
		super(server, "cluster-allow-replica-migration", "Redis " + server + " has cluster-allow-replica-migration "
				+ "yes: a replica of another shard may move to a promoted primary and lend it a majority");
	}

}
