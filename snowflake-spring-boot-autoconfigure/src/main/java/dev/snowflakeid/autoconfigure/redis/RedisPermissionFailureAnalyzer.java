package dev.snowflakeid.autoconfigure.redis;

import dev.snowflakeid.redis.RedisPermissionException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis user without the ACL permissions the lease scripts need. */
class RedisPermissionFailureAnalyzer extends AbstractFailureAnalyzer<RedisPermissionException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisPermissionException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis user: " + cause.getMessage() + ".",
				"Grant the missing permissions (ACL SETUSER " + cause.user() + " " + String.join(" ", cause.permissions())
						+ "), or give the user the lease rule from the README: the lease commands on keys ~"
						+ keyPattern(cause.sampleKey()) + ". The user is spring.data.redis.username (or "
						+ "snowflake.worker.redis.username).",
				cause);
	}

	private static String keyPattern(String sampleKey) {
		int colon = sampleKey.indexOf(':');
		return ((colon > 0) ? sampleKey.substring(0, colon) : sampleKey) + ":*";
	}

}
