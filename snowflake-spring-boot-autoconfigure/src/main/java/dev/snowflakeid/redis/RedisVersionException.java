package dev.snowflakeid.redis;

/**
 * The lease Redis is older than {@link RedisLeaseServerCheck#MINIMUM_VERSION}: the lease scripts set
 * absolute expiry times ({@code SET ... PXAT}), which older servers reject.
 */
public final class RedisVersionException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	private final String version;

	public RedisVersionException(String server, String version) {
		super(server, "redis_version", "Redis " + server + " runs version " + version + "; worker leases need Redis "
				+ RedisLeaseServerCheck.MINIMUM_VERSION + " or later");
		this.version = version;
	}

	/** The version the server reported. */
	public String version() {
		return this.version;
	}

}
