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

import java.time.Duration;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;

/**
 * The lease Redis could not be reached before the startup wait budget ran out: every
 * attempt of the {@link RedisLeaseServerCheck} was refused a connection, timed out or
 * found the connection not (yet) up. A server that answered and refused is never reported
 * this way, but as an {@link UnsuitableRedisException}.
 */
public final class RedisUnreachableException extends LeaseStoreUnavailableException {

	private static final long serialVersionUID = 1L;

	private final String address;

	private final String settings;

	private final Duration budget;

	private final Duration connectTimeout;

	/**
	 * @param address where the lease connection goes: {@code host:port}, the sentinels or
	 * the Cluster nodes
	 * @param settings the settings that name {@code address}, for the failure analysis
	 * @param budget the startup wait budget that ran out
	 * @param connectTimeout the lease connection's connect timeout, each attempt's limit
	 * @param attempts how many times the check was tried
	 * @param cause the last attempt's failure
	 */
	public RedisUnreachableException(String address, String settings, Duration budget, Duration connectTimeout,
			int attempts, Throwable cause) {
		super("the lease Redis at " + address + " could not be reached within the startup wait budget of "
				+ budget.toMillis() + " ms (" + attempts + ((attempts == 1) ? " attempt" : " attempts")
				+ ", each connection attempt limited to " + connectTimeout.toMillis() + " ms): "
				+ RedisFailures.describe(cause), cause);
		this.address = address;
		this.settings = settings;
		this.budget = budget;
		this.connectTimeout = connectTimeout;
	}

	/**
	 * Where the lease connection goes: {@code host:port}, the sentinels or the Cluster
	 * nodes.
	 */
	public String address() {
		return this.address;
	}

	/** The settings that name {@link #address()}. */
	public String settings() {
		return this.settings;
	}

	/** The startup wait budget that ran out. */
	public Duration budget() {
		return this.budget;
	}

	/** The connect timeout of each connection attempt. */
	public Duration connectTimeout() {
		return this.connectTimeout;
	}

}
