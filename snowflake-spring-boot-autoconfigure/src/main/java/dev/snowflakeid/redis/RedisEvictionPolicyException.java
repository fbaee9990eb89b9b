package dev.snowflakeid.redis;

/**
 * The lease Redis evicts any key under memory pressure ({@code allkeys-*}): the high-water marks, which
 * have no expiry and must never disappear while the lineage stays the same, could be evicted.
 */
public final class RedisEvictionPolicyException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	private final String policy;

	public RedisEvictionPolicyException(String server, String policy) {
		super(server, "maxmemory-policy", "Redis " + server + " has maxmemory-policy " + policy
				+ ", which may evict the lease high-water marks under memory pressure");
		this.policy = policy;
	}

	/** The configured policy, such as {@code allkeys-lru}. */
	public String policy() {
		return this.policy;
	}

}
