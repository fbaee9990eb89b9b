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

import dev.snowflakeid.redis.RedisReplicaQuorumException;
import dev.snowflakeid.redis.RedisUnreachableException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Explains a lease Redis that granted nothing within the startup wait budget, for either
 * of two reasons that call for opposite fixes: it could not be reached
 * ({@link RedisUnreachableException}), naming where the lease connection went and the
 * settings that say so; or it answered and refused for want of a replica majority
 * ({@link RedisReplicaQuorumException}), which is never advised as a connection to check
 * nor fixed by counting fewer replicas. Both are {@code LeaseStoreUnavailableException}s,
 * so this analyzer is ordered before the one of every unavailable lease store, which
 * would explain them in less detail, and the second wrongly.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
class RedisLeaseUnavailableFailureAnalyzer implements FailureAnalyzer {

	@Override
	public @Nullable FailureAnalysis analyze(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof RedisUnreachableException unreachable) {
				return unreachable(unreachable);
			}
			if (cause instanceof RedisReplicaQuorumException quorum) {
				return replicaQuorum(quorum);
			}
		}
		return null;
	}

	private static FailureAnalysis unreachable(RedisUnreachableException cause) {
		return new FailureAnalysis(
				"Worker leases could not reach their Redis at startup: " + cause.getMessage()
						+ ". Without a lease no ID can be proven unique, so the application does not start.",
				"Check that Redis runs at " + cause.address() + " and that " + cause.settings()
						+ " name it, with the right password and TLS settings (a TLS server needs TLS, an SSL bundle "
						+ "for its certificate, and is never reached in plaintext). If Redis starts after the "
						+ "application (a compose file, a pod), raise snowflake.worker.lease.startup-wait-budget from "
						+ cause.budget().toMillis() + "ms, such as to 60s; if connecting is merely slow, raise "
						+ "snowflake.worker.redis.connect-timeout from " + cause.connectTimeout().toMillis()
						+ "ms, such as to 10s. For a fixed deployment slot, set snowflake.worker.allocator=static "
						+ "with snowflake.worker.code and snowflake.worker.state-file.",
				cause);
	}

	private static FailureAnalysis replicaQuorum(RedisReplicaQuorumException cause) {
		int quorum = (cause.configured() + 1) / 2;
		return new FailureAnalysis(
				"Worker leases were refused by Redis within the startup wait budget: " + cause.getMessage()
						+ ". Redis was reached; it grants only as a primary with at least " + quorum + " of the "
						+ cause.configured() + " replicas snowflake.worker.redis.replicas counts online within "
						+ "snowflake.worker.redis.max-replica-lag, and at most " + cause.configured() + " attached.",
				cause.tooMany() ? "Set snowflake.worker.redis.replicas on every instance of the region to at least "
						+ "the number of replicas attached, plus every other node that may ever follow the primary "
						+ "(chained replicas, replicas that are down, spares)."
						: "Bring replicas back until at least " + quorum + " of them are online and in sync (INFO "
								+ "replication on the primary lists them, with their lag). Do not lower "
								+ "snowflake.worker.redis.replicas below the number of nodes that may ever follow "
								+ "the primary, replicas that are down included: counted too low, two primaries "
								+ "could each find a majority and grant the same worker code.",
				cause);
	}

}
