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
package dev.snowflakeid.lease;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the keeper's renewal rounds: by default on one daemon thread of the keeper's own,
 * or on an executor the application supplies (a deterministic simulation runs them at
 * simulated instants that way).
 */
@FunctionalInterface
interface RenewalScheduler {

	/**
	 * Runs {@code round} after {@code firstDelayNanos}, then repeatedly with
	 * {@code periodNanos} between the end of one round and the start of the next, until
	 * the returned handle is closed.
	 */
	AutoCloseable schedule(Runnable round, long firstDelayNanos, long periodNanos);

	/**
	 * Rounds on {@code executor}, which stays the application's: closing the handle
	 * cancels the rounds without interrupting one that runs, and leaves the executor
	 * running.
	 */
	static RenewalScheduler on(ScheduledExecutorService executor) {
		return (round, firstDelayNanos, periodNanos) -> {
			ScheduledFuture<?> rounds = executor.scheduleWithFixedDelay(round, firstDelayNanos, periodNanos,
					TimeUnit.NANOSECONDS);
			return () -> rounds.cancel(false);
		};
	}

}
