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
package dev.snowflakeid;

import java.time.Duration;
import java.time.Instant;

import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.lease.WorkerLease;
import org.jspecify.annotations.Nullable;

/**
 * Counts every refusal of one generator and words its message, and tells without issuing
 * why the generator would refuse now. Runs only on the refusing path and for health
 * checks, so the messages may allocate.
 */
final class Refusals {

	static final String PAUSED = "generator is paused: its worker code was released until the worker "
			+ "resumes (a stopped application context, or a checkpoint of the process)";

	private final SnowflakeLayout layout;

	private final GeneratorCounters statistics;

	private final long borrowMillis;

	Refusals(SnowflakeLayout layout, GeneratorCounters statistics, long borrowTicks) {
		this.layout = layout;
		this.statistics = statistics;
		this.borrowMillis = borrowTicks * layout.tickMillis();
	}

	/**
	 * Why the generator would refuse now, or {@code null} if it would issue: its own
	 * checks in its own order, for the clock reading {@code now} and the last issued tick
	 * {@code lastTick} (0 before the first ID).
	 */
	@Nullable String unavailableReason(boolean stopped, boolean paused, @Nullable WorkerLease lease, long now, long lastTick,
			long rollbackBudgetNanos) {
		if (stopped) {
			return "generator is stopped";
		}
		if (paused) {
			return PAUSED;
		}
		if (lease == null) {
			return "no worker lease is held";
		}
		long nowTick = this.layout.tickAt(now);
		if (nowTick > this.layout.maxTimestamp()) {
			return "layout lifetime ended at " + this.layout.lifetimeEnd();
		}
		long borrowTicks = this.borrowMillis / this.layout.tickMillis();
		if (lastTick > 0 && lastTick - nowTick > borrowTicks
				&& TickWaiter.tooFar(this.layout, lastTick - borrowTicks, now, rollbackBudgetNanos)) {
			return "clock is " + (this.layout.tickStartMillis(lastTick) - now) + " ms behind the last issued tick";
		}
		return switch (LeaseRanges.coverage(lease, this.layout.tickStartMillis(nowTick),
				this.layout.tickEndMillis(nowTick))) {
			case LEASE, EARLIER -> null;
			case BELOW_FLOOR -> "clock has not passed the floor of worker code " + lease.workerCode() + " yet ("
					+ (lease.floorMillis() - now + 1) + " ms to go)";
			case ABOVE_CEILING ->
				"clock reached the ceiling of worker code " + lease.workerCode() + " and renewals have not raised it";
		};
	}

	IdGenerationException refuse(Reason reason, String message) {
		this.statistics.refused(reason);
		return new IdGenerationException(reason, message);
	}

	IdGenerationException beforeFirstTick(long now) {
		return refuse(Reason.CLOCK_MOVED_BACKWARDS,
				"clock reads " + Instant.ofEpochMilli(now) + ", not after the first tick of epoch "
						+ this.layout.epoch() + "; tick 0 is never issued so that no ID is 0");
	}

	IdGenerationException epochExhausted(long tick) {
		return refuse(Reason.EPOCH_EXHAUSTED, "tick " + tick + " is beyond the last tick " + this.layout.maxTimestamp()
				+ " of the layout; its lifetime ended at " + this.layout.lifetimeEnd());
	}

	/**
	 * A wait for tick {@code target} that could not start ({@code timedOut} false: it
	 * needed more than the budget) or did not end in time, after the clock read
	 * {@code now} with {@code lastTick} issued last.
	 */
	IdGenerationException waitRefused(Reason reason, long lastTick, long target, long now, long budgetNanos,
			boolean timedOut) {
		long neededMillis = this.layout.tickStartMillis(target) - now;
		String budget = formatBudget(budgetNanos);
		if (reason == Reason.CLOCK_MOVED_BACKWARDS) {
			long step = this.layout.tickStartMillis(lastTick) - now;
			String amount = "clock moved backwards by " + step + " ms" + ((this.borrowMillis > 0)
					? ", " + neededMillis + " ms beyond the " + this.borrowMillis + " ms borrow window" : "");
			return refuse(reason, timedOut ? amount + " and did not catch up within the " + budget + " wait budget"
					: amount + ", more than the " + budget + " wait budget");
		}
		String full = "sequence exhausted: all " + this.layout.maxIdsPerTick() + " IDs of tick " + lastTick
				+ " are used"
				+ ((this.borrowMillis > 0) ? " and the " + this.borrowMillis + " ms borrow window is full" : "");
		return refuse(reason,
				full + "; the next usable tick " + (timedOut ? "did not start within the " + budget + " wait budget"
						: "starts in " + neededMillis + " ms, beyond the " + budget + " wait budget"));
	}

	private static String formatBudget(long nanos) {
		return (nanos % 1_000_000 == 0) ? (nanos / 1_000_000) + " ms" : Duration.ofNanos(nanos).toString();
	}

}
