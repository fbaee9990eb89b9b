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
package dev.snowflakeid.redis;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;

/**
 * The lease script refused to grant because the primary's replicas do not make up the
 * majority that {@code snowflake.worker.redis.replicas} asks for: fewer than half of them
 * online within {@code max-replica-lag}, or more attached than counted. The server
 * answered, so this is no unreachable Redis; a keeper retries it like any unavailability,
 * since a replica that is resyncing comes back.
 */
public final class RedisReplicaQuorumException extends LeaseStoreUnavailableException {

	private static final long serialVersionUID = 1L;

	private final int configured;

	private final boolean tooMany;

	/**
	 * @param message what the script answered, with the region's keys
	 * @param configured {@code snowflake.worker.redis.replicas}
	 * @param tooMany whether more replicas were attached than configured, rather than too
	 * few online
	 */
	public RedisReplicaQuorumException(String message, int configured, boolean tooMany) {
		super(message, null);
		this.configured = configured;
		this.tooMany = tooMany;
	}

	/**
	 * Whether more replicas were attached than configured, rather than too few online.
	 */
	public boolean tooMany() {
		return this.tooMany;
	}

	/** The configured count, {@code snowflake.worker.redis.replicas}. */
	public int configured() {
		return this.configured;
	}

}
