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

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The keeper's own threads, used unless the application supplies its own: daemons, one of
 * each per keeper.
 */
final class DaemonThreads {

	private DaemonThreads() {
	}

	/**
	 * Runs each round on one daemon thread named {@code name}, at a fixed delay; closing
	 * stops it.
	 */
	static RenewalScheduler scheduler(String name) {
		return (round, firstDelayNanos, periodNanos) -> {
			ScheduledExecutorService executor = Executors
				.newSingleThreadScheduledExecutor((runnable) -> daemon(runnable, name));
			executor.scheduleWithFixedDelay(round, firstDelayNanos, periodNanos, TimeUnit.NANOSECONDS);
			return executor::shutdownNow;
		};
	}

	/** One daemon thread named {@code name} running tasks in order. */
	static ExecutorService executor(String name) {
		return Executors.newSingleThreadExecutor((runnable) -> daemon(runnable, name));
	}

	private static Thread daemon(Runnable runnable, String name) {
		Thread thread = new Thread(runnable, name);
		thread.setDaemon(true);
		return thread;
	}

}
