package dev.snowflakeid.redis;

/**
 * The lease connection reached a replica: lease scripts write, and a replica either refuses the writes
 * or, worse, accepts writes that its primary never sees.
 */
public final class RedisNotPrimaryException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	private final String role;

	public RedisNotPrimaryException(String server, String role) {
		super(server, "role", "the lease connection reached Redis " + server + " whose role is '" + role
				+ "'; worker leases must be written on the primary");
		this.role = role;
	}

	/** The role the server reported, such as {@code slave}. */
	public String role() {
		return this.role;
	}

}
