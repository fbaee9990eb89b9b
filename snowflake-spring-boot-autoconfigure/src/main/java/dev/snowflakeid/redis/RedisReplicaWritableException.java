package dev.snowflakeid.redis;

/**
 * A lease Redis node has {@code replica-read-only no}: as a replica (or once demoted after a failover) it
 * would accept lease writes that its primary never sees, so two owners could hold one worker code.
 */
public final class RedisReplicaWritableException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	public RedisReplicaWritableException(String server) {
		super(server, "replica-read-only", "Redis " + server + " has replica-read-only no: as a replica it would "
				+ "accept lease writes that the primary never sees");
	}

}
