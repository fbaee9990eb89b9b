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
import java.util.function.Consumer;

import dev.snowflakeid.lease.LeaseEvent.Type;
import org.jspecify.annotations.Nullable;

/**
 * When the keeper's renewal rounds run: at a fixed delay on the keeper's scheduler, from
 * one interval after a claim was sent. Nothing a round throws may end the schedule (an
 * escaping throwable would cancel every later round), so it is reported to the listeners
 * as {@link Type#ROUND_FAILED} and the next round runs.
 */
final class RenewalSchedule {

	private final RenewalScheduler scheduler;

	private final long periodNanos;

	private final Runnable round;

	private final Consumer<List<LeaseEvent>> report;

	// Guarded by the keeper's monitor.
	private @Nullable AutoCloseable running;

	RenewalSchedule(RenewalScheduler scheduler, long periodNanos, Runnable round, Consumer<List<LeaseEvent>> report) {
		this.scheduler = scheduler;
		this.periodNanos = periodNanos;
		this.round = round;
		this.report = report;
	}

	/**
	 * Starts the rounds, the claim having been sent {@code sinceClaimNanos} ago. Under
	 * the keeper's monitor.
	 */
	void start(long sinceClaimNanos) {
		this.running = this.scheduler.schedule(this::runRound, Math.max(0, this.periodNanos - sinceClaimNanos),
				this.periodNanos);
	}

	/**
	 * Takes the running schedule, to {@link #stop} outside the monitor. Under the
	 * keeper's monitor.
	 */
	@Nullable AutoCloseable detach() {
		AutoCloseable detached = this.running;
		this.running = null;
		return detached;
	}

	/**
	 * Stops a detached schedule; a round in flight finishes and finds the keeper
	 * withdrawn.
	 */
	void stop(@Nullable AutoCloseable detached) {
		if (detached != null) {
			try {
				detached.close();
			}
			catch (Exception ex) {
				this.report.accept(List.of(new LeaseEvent(Type.ROUND_FAILED, null, null, ex, Long.MIN_VALUE)));
			}
		}
	}

	private void runRound() {
		try {
			this.round.run();
		}
		catch (Throwable ex) {
			this.report.accept(List.of(new LeaseEvent(Type.ROUND_FAILED, null, null, ex, Long.MIN_VALUE)));
		}
	}

}
