/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.redis.autoconfigure;

import dev.snowflakeid.redis.RedisCapabilityException;
import dev.snowflakeid.redis.RedisLeaseServerCheck;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a lease Redis that lacks a server property the safety of leases rests on. */
class RedisCapabilityFailureAnalyzer extends AbstractFailureAnalyzer<RedisCapabilityException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisCapabilityException cause) {
		return new FailureAnalysis("Worker leases cannot use this Redis: " + cause.getMessage() + ". " + reason(cause)
				+ " Without it no lease can be proven safe, so the application does not start.",
				"Use a Redis " + RedisLeaseServerCheck.MINIMUM_VERSION + " or later that runs "
						+ cause.capability() + " as Redis does: remove any rename-command of it from the server's "
						+ "configuration, or, on a managed service or Redis-compatible server that hides or lacks it, "
						+ "point the lease connection at a Redis that has it with spring.data.redis.* or "
						+ "snowflake.worker.redis.* (url, host, sentinel, cluster).",
				cause);
	}

	private static String reason(RedisCapabilityException cause) {
		String capability = cause.capability();
		if (capability.startsWith("INFO run_id") || capability.startsWith("INFO master_replid")) {
			return "The lease script tells a server that lost its data (a restart without persistence, a promoted "
					+ "replica) by run_id and master_replid, and quarantines the codes it granted before.";
		}
		if (capability.startsWith("INFO")) {
			return "The lease script reads the server's role, replicas and lineage from INFO.";
		}
		return switch (capability) {
			case "TIME" -> "Every lease is timed by the server's clock, TIME, not by the workers' clocks.";
			case "WAIT" -> "A grant is used only once WAIT confirms that the replicas hold it.";
			case "SET ... PXAT" -> "Leases expire at absolute server times, SET ... PXAT.";
			default -> "Each claim and renewal is one atomic Lua script, run with EVAL.";
		};
	}

}
