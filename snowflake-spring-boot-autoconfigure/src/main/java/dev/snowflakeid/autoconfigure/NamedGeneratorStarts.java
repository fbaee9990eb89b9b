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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import dev.snowflakeid.autoconfigure.SnowflakeGenerators.Named;
import org.jspecify.annotations.Nullable;

/**
 * Starts the named generators' workers together, one thread each: a start claims a code
 * and returns once the clock lies inside its range, which on an empty store is a
 * quarantine of its region; together, those waits overlap instead of adding up. Returns
 * when every start has returned or failed, so that nothing is still starting when the
 * caller closes them after a failure. Each store is an instance of its own (the lease
 * connection or pool they share is safe for concurrent calls), and a JDBC table's grants
 * are serialized by its meta row's lock.
 */
final class NamedGeneratorStarts {

	private NamedGeneratorStarts() {
	}

	/**
	 * Starts every worker of {@code generators}; one alone on the calling thread.
	 * @throws RuntimeException the first failure of a start, with the others suppressed
	 */
	static void startAll(Map<String, Named> generators) {
		if (generators.size() == 1) {
			generators.values().iterator().next().worker().start();
			return;
		}
		AtomicInteger count = new AtomicInteger();
		ExecutorService starts = Executors.newFixedThreadPool(generators.size(), (task) -> {
			Thread thread = new Thread(task, "snowflake-start-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		try {
			List<Callable<Object>> tasks = new ArrayList<>();
			generators.values().forEach((named) -> tasks.add(() -> named.worker().start()));
			RuntimeException failure = null;
			for (Future<Object> start : starts.invokeAll(tasks)) {
				failure = failed(start, failure);
			}
			if (failure != null) {
				throw failure;
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while the named generators started", ex);
		}
		finally {
			starts.shutdownNow();
		}
	}

	private static @Nullable RuntimeException failed(Future<Object> start, @Nullable RuntimeException first)
			throws InterruptedException {
		try {
			start.get();
			return first;
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause();
			if (cause instanceof Error error) {
				throw error;
			}
			RuntimeException failure = (cause instanceof RuntimeException runtime) ? runtime
					: new IllegalStateException(cause);
			if (first == null) {
				return failure;
			}
			first.addSuppressed(failure);
			return first;
		}
	}

}
