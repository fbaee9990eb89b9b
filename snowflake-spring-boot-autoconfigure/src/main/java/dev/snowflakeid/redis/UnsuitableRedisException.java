package dev.snowflakeid.redis;

/**
 * The Redis server the leases use cannot keep them safe, found by {@link RedisLeaseServerCheck} before
 * the first claim. Names the server and the Redis setting at fault, so a failure analysis can say what to
 * change.
 */
public abstract class UnsuitableRedisException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String server;

	private final String setting;

	protected UnsuitableRedisException(String server, String setting, String message) {
		super(message);
		this.server = server;
		this.setting = setting;
	}

	/** The server at fault, as {@code host:port}, or a description when the address is not known. */
	public String server() {
		return this.server;
	}

	/** The Redis setting or server property at fault, such as {@code maxmemory-policy}. */
	public String setting() {
		return this.setting;
	}

}
