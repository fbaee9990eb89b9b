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
package dev.snowflakeid.autoconfigure;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The one renewal thread and the one listener thread of every lease keeper of an
 * application context, the default generator's and each named generator's: a round of
 * each keeper runs in turn on {@value #RENEWAL_THREAD}, and their lease events reach the
 * listeners in order on {@value #EVENT_THREAD}. Shut down after every keeper has closed
 * (the keepers are destroyed before it), letting the events of the releases reach their
 * listeners first.
 */
final class SnowflakeLeaseThreads implements AutoCloseable {

	/** Name of the renewal thread. */
	static final String RENEWAL_THREAD = "snowflake-lease-keeper";

	/** Name of the listener thread. */
	static final String EVENT_THREAD = RENEWAL_THREAD + "-events";

	private final ScheduledExecutorService renewals = Executors
		.newSingleThreadScheduledExecutor((runnable) -> daemon(runnable, RENEWAL_THREAD));

	private final ExecutorService events = Executors
		.newSingleThreadExecutor((runnable) -> daemon(runnable, EVENT_THREAD));

	ScheduledExecutorService renewals() {
		return this.renewals;
	}

	ExecutorService events() {
		return this.events;
	}

	@Override
	public void close() {
		this.renewals.shutdownNow();
		this.events.shutdown();
		try {
			this.events.awaitTermination(1, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.events.shutdownNow();
	}

	private static Thread daemon(Runnable runnable, String name) {
		Thread thread = new Thread(runnable, name);
		thread.setDaemon(true);
		return thread;
	}

}
