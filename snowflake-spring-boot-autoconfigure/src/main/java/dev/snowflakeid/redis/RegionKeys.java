package dev.snowflakeid.redis;

/**
 * Names of the Redis keys of one region of a namespace. They share the hash tag {@code {namespace:region}}, so
 * a Redis Cluster keeps them in one slot:
 * <ul>
 * <li>{@code prefix:{ns:R}:lease:<code>}: value {@code generation|nonce}, expiring at the Redis time of the
 * last claim or renewal plus the TTL;</li>
 * <li>{@code prefix:{ns:R}:state}: one hash holding the loss marker ({@code lineage}, {@code floor0}), the
 * fleet settings ({@code layout}, {@code region}, {@code q}, {@code a}) and per code the mark
 * ({@code m:<code>}, highest ceiling ever granted), its owner ({@code t:<code>}), the highest ceiling of
 * every other owner ({@code o:<code>}) and the generation counter ({@code g:<code>}); being one key, all of
 * it survives or vanishes together;</li>
 * <li>{@code prefix:{ns:R}:guard}: never written; every script declares it so that Redis Cluster answers
 * TRYAGAIN while the slot is being migrated, instead of running against half of the region's keys.</li>
 * </ul>
 *
 * @param prefix what every key of the region starts with, such as {@code snowflake:{default:0}:}
 */
record RegionKeys(String prefix) {

	static RegionKeys of(String keyPrefix, String namespace, int region) {
		return new RegionKeys(requirePart("key prefix", keyPrefix) + ":{" + requirePart("namespace", namespace) + ":"
				+ region + "}:");
	}

	private static String requirePart(String name, String value) {
		if (value == null || value.isEmpty()) {
			throw new IllegalArgumentException(name + " must not be empty");
		}
		if (value.indexOf('{') >= 0 || value.indexOf('}') >= 0) {
			throw new IllegalArgumentException(name + " '" + value
					+ "' must not contain '{' or '}': the keys of a region share the hash tag {namespace:region}");
		}
		return value;
	}

	String guard() {
		return this.prefix + "guard";
	}

	String state() {
		return this.prefix + "state";
	}

	/** What every lease key of the region starts with; the scripts append the code. */
	String leasePrefix() {
		return this.prefix + "lease:";
	}

	String lease(int code) {
		return leasePrefix() + code;
	}

	/** All keys of the region, for messages: {@code snowflake:{default:0}:*}. */
	@Override
	public String toString() {
		return this.prefix + "*";
	}

}
