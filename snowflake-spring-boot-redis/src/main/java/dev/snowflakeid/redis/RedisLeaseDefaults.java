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
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

import dev.snowflakeid.lease.LeaseTiming;

/**
 * Defaults of the Redis lease store, in a class that needs nothing but the JDK and the
 * core: configuration properties read them on applications without Spring Data Redis too,
 * where loading the store itself fails.
 */
public final class RedisLeaseDefaults {

	/** Prefix of every lease key. */
	public static final String KEY_PREFIX = "snowflake";

	/** Uniqueness domain within a Redis database. */
	public static final String NAMESPACE = "default";

	/** Lifetime of a lease key without renewal. */
	public static final Duration TTL = LeaseTiming.DEFAULT_TTL;

	/**
	 * Timeout of each lease command: the request lateness the lease timing allows for.
	 */
	public static final Duration COMMAND_TIMEOUT = LeaseTiming.DEFAULT_REQUEST_LATENESS;

	/**
	 * Longest wait for a connection to the lease Redis to be set up, separate from the
	 * command timeout: a server that is still starting, or reached across a slow network,
	 * may take longer to accept a connection than any lease command may take to answer.
	 */
	public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);

	/** Highest replica lag, in whole seconds, at which a primary still grants. */
	public static final Duration MAX_REPLICA_LAG = Duration.ofSeconds(1);

	/**
	 * Monotonic nanoseconds, for every deadline and interval the Redis store code
	 * measures; a seam that tests replace with a fake clock.
	 */
	static final LongSupplier NANO_TIME = System::nanoTime;

	/**
	 * Parks the calling thread for a number of nanoseconds, where the Redis store code
	 * waits between attempts.
	 */
	static final LongConsumer PARK_NANOS = LockSupport::parkNanos;

	private RedisLeaseDefaults() {
	}

}
