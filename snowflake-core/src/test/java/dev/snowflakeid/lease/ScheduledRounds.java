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

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ScheduledExecutorService} that hands the keeper's renewal rounds to a test,
 * which runs them at fake or simulated instants. Only {@link #scheduleWithFixedDelay} is
 * supported, as the keeper uses nothing else; cancelling the answered future closes the
 * test's handle.
 */
public final class ScheduledRounds extends AbstractExecutorService implements ScheduledExecutorService {

	/**
	 * Takes the rounds: runs {@code round} after {@code firstDelayNanos}, then every
	 * {@code periodNanos}.
	 */
	@FunctionalInterface
	public interface Rounds {

		AutoCloseable schedule(Runnable round, long firstDelayNanos, long periodNanos);

	}

	private final Rounds rounds;

	public ScheduledRounds(Rounds rounds) {
		this.rounds = rounds;
	}

	@Override
	public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
		AutoCloseable handle = this.rounds.schedule(command, unit.toNanos(initialDelay), unit.toNanos(delay));
		return new Handle(handle);
	}

	@Override
	public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
		throw new UnsupportedOperationException();
	}

	@Override
	public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
		throw new UnsupportedOperationException();
	}

	@Override
	public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
		throw new UnsupportedOperationException();
	}

	@Override
	public void execute(Runnable command) {
		throw new UnsupportedOperationException();
	}

	@Override
	public void shutdown() {
	}

	@Override
	public List<Runnable> shutdownNow() {
		return List.of();
	}

	@Override
	public boolean isShutdown() {
		return false;
	}

	@Override
	public boolean isTerminated() {
		return false;
	}

	@Override
	public boolean awaitTermination(long timeout, TimeUnit unit) {
		return true;
	}

	private static final class Handle implements ScheduledFuture<Object> {

		private final AutoCloseable handle;

		private volatile boolean cancelled;

		Handle(AutoCloseable handle) {
			this.handle = handle;
		}

		@Override
		public boolean cancel(boolean mayInterruptIfRunning) {
			if (this.cancelled) {
				return false;
			}
			this.cancelled = true;
			try {
				this.handle.close();
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
			return true;
		}

		@Override
		public boolean isCancelled() {
			return this.cancelled;
		}

		@Override
		public boolean isDone() {
			return this.cancelled;
		}

		@Override
		public Object get() {
			throw new UnsupportedOperationException();
		}

		@Override
		public Object get(long timeout, TimeUnit unit) {
			throw new UnsupportedOperationException();
		}

		@Override
		public long getDelay(TimeUnit unit) {
			return 0;
		}

		@Override
		public int compareTo(Delayed other) {
			return Long.compare(0, other.getDelay(TimeUnit.NANOSECONDS));
		}

	}

}
