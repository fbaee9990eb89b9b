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
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.snowflakeid.lease.LeaseEvent.Type;
import org.jspecify.annotations.Nullable;

/**
 * Delivers the keeper's lease events to its listeners, in order, on an executor of their
 * own: a slow, blocked or failing listener delays no renewal, and nothing a listener
 * throws reaches the keeper. The events are the core's only way out, so a failure to
 * deliver one is itself delivered: a listener that throws is reported to every listener
 * as {@link Type#LISTENER_FAILED} (once, not again if that report fails too), and events
 * the executor refused are reported the same way with the next batch it accepts.
 */
final class LeaseEventDispatcher {

	private final List<WorkerLeaseListener> listeners;

	// Null only when there are no listeners and none was configured: nothing is ever
	// handed over then.
	private final @Nullable Executor executor;

	// The keeper's own thread when no executor was configured; shut down by close().
	private final @Nullable ExecutorService own;

	// The first refusal of the executor since the last batch it accepted.
	private final AtomicReference<@Nullable RuntimeException> refused = new AtomicReference<>();

	/**
	 * With {@code configured} {@code null}, listeners run on a daemon thread named
	 * {@code threadName}.
	 */
	LeaseEventDispatcher(List<WorkerLeaseListener> listeners, @Nullable Executor configured, String threadName) {
		this.listeners = List.copyOf(listeners);
		this.own = (configured == null && !this.listeners.isEmpty()) ? DaemonThreads.executor(threadName) : null;
		this.executor = (configured != null) ? configured : this.own;
	}

	/**
	 * Hands the events to the listener executor; never blocks on a listener and never
	 * throws.
	 */
	void dispatch(List<LeaseEvent> happened) {
		Executor executor = this.executor;
		if (this.listeners.isEmpty() || happened.isEmpty() || executor == null) {
			return;
		}
		RuntimeException earlier = this.refused.getAndSet(null);
		try {
			executor.execute(() -> {
				if (earlier != null) {
					deliver(new LeaseEvent(Type.LISTENER_FAILED, happened.get(0).lease(), null, earlier,
							Long.MIN_VALUE));
				}
				happened.forEach(this::deliver);
			});
		}
		catch (RuntimeException ex) {
			this.refused.compareAndSet(null, (earlier != null) ? earlier : ex);
		}
	}

	private void deliver(LeaseEvent event) {
		Throwable failure = null;
		for (WorkerLeaseListener listener : this.listeners) {
			try {
				listener.onLeaseEvent(event);
			}
			catch (Throwable ex) {
				failure = (failure != null) ? failure : ex;
			}
		}
		if (failure != null && event.type() != Type.LISTENER_FAILED) {
			deliver(new LeaseEvent(Type.LISTENER_FAILED, event.lease(), null, failure, Long.MIN_VALUE));
		}
	}

	/**
	 * Lets the events already handed over finish (for up to a second) and stops the own
	 * thread.
	 */
	void close() {
		if (this.own == null) {
			return;
		}
		this.own.shutdown();
		try {
			this.own.awaitTermination(1, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
