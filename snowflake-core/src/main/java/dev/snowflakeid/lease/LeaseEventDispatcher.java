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

/**
 * Delivers the keeper's lease events to its listeners, in order, on an executor of their own: a slow,
 * blocked or failing listener delays no renewal, and nothing a listener throws reaches the keeper.
 */
final class LeaseEventDispatcher {

	private static final System.Logger logger = System.getLogger(WorkerLeaseKeeper.class.getName());

	private final List<WorkerLeaseListener> listeners;

	private final Executor executor;

	// The keeper's own thread when no executor was configured; shut down by close().
	private final ExecutorService own;

	/** With {@code configured} {@code null}, listeners run on a daemon thread named {@code threadName}. */
	LeaseEventDispatcher(List<WorkerLeaseListener> listeners, Executor configured, String threadName) {
		this.listeners = List.copyOf(listeners);
		this.own = (configured == null && !this.listeners.isEmpty()) ? DaemonThreads.executor(threadName) : null;
		this.executor = (configured != null) ? configured : this.own;
	}

	void dispatch(List<LeaseEvent> happened) {
		if (this.listeners.isEmpty() || happened.isEmpty()) {
			return;
		}
		try {
			this.executor.execute(() -> happened.forEach(this::deliver));
		}
		catch (RuntimeException ex) {
			logger.log(System.Logger.Level.WARNING, "Worker lease events could not be delivered: " + happened, ex);
		}
	}

	private void deliver(LeaseEvent event) {
		for (WorkerLeaseListener listener : this.listeners) {
			try {
				listener.onLeaseEvent(event);
			}
			catch (Throwable ex) {
				logger.log(System.Logger.Level.WARNING, "Worker lease listener failed on " + event.type(), ex);
			}
		}
	}

	/** Lets the events already handed over finish (for up to a second) and stops the own thread. */
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
