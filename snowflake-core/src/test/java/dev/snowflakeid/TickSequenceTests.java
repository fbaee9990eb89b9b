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

import dev.snowflakeid.IdGenerationException.Reason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The choice of the next {@code (tick, sequence)} alone, on a fake clock and a layout of
 * four IDs per tick.
 */
class TickSequenceTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().sequenceBits(2).workerBits(18).build();

	private static final long BUDGET_NANOS = Duration.ofMillis(5).toNanos();

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	private final GeneratorCounters statistics = new GeneratorCounters(LAYOUT);

	private TickSequence ticks(long borrowTicks) {
		WallClockReader clock = new WallClockReader(this.time, this.time, this.statistics, 0);
		TickWaiter waiter = new TickWaiter(LAYOUT, clock, this.time, this.statistics);
		return new TickSequence(LAYOUT.maxIdsPerTick() - 1, 0, borrowTicks, BUDGET_NANOS, BUDGET_NANOS, clock, waiter,
				new Refusals(LAYOUT, this.statistics, borrowTicks), this.statistics);
	}

	private long now() {
		return this.time.millis();
	}

	private long next(TickSequence ticks) {
		long now = now();
		long tick = ticks.choose(now, LAYOUT.tickAt(now));
		ticks.commit();
		return tick;
	}

	@Test
	void withinOneTickTheSequenceCountsUp() {
		TickSequence ticks = ticks(0);
		long tick = LAYOUT.tickAt(now());
		for (long sequence = 0; sequence < 4; sequence++) {
			assertThat(next(ticks)).isEqualTo(tick);
			assertThat(ticks.sequence()).isEqualTo(sequence);
		}
	}

	@Test
	void aPairNotCommittedIsChosenAgain() {
		TickSequence ticks = ticks(0);
		long tick = next(ticks);
		assertThat(ticks.choose(now(), tick)).isEqualTo(tick);
		assertThat(ticks.sequence()).isEqualTo(1);

		assertThat(ticks.choose(now(), tick)).isEqualTo(tick);
		assertThat(ticks.sequence()).as("the refused pair left no trace").isEqualTo(1);
		assertThat(ticks.lastTick()).isEqualTo(tick);
	}

	@Test
	void aUsedUpTickWaitsForTheNextOneWithoutBorrowing() {
		TickSequence ticks = ticks(0);
		long tick = LAYOUT.tickAt(now());
		for (int i = 0; i < 4; i++) {
			next(ticks);
		}
		// With the wall clock stopped, the wait for the next tick runs out its budget and
		// is refused.
		this.time.freezeWall();
		assertThatThrownBy(() -> next(ticks)).isInstanceOfSatisfying(IdGenerationException.class,
				(ex) -> assertThat(ex.reason()).isEqualTo(Reason.SEQUENCE_EXHAUSTED));
		assertThat(this.statistics.sequenceExhaustions()).isEqualTo(1);
		assertThat(this.time.parkedNanos()).isGreaterThanOrEqualTo(BUDGET_NANOS);
		assertThat(ticks.lastTick()).isEqualTo(tick);
	}

	@Test
	void aUsedUpTickMovesOnAtOnceWithinTheBorrowWindow() {
		TickSequence ticks = ticks(2);
		long tick = LAYOUT.tickAt(now());
		for (int i = 0; i < 4; i++) {
			next(ticks);
		}
		assertThat(next(ticks)).isEqualTo(tick + 1);
		assertThat(ticks.sequence()).isZero();
		assertThat(this.statistics.borrowedTicks()).isEqualTo(1);
		assertThat(this.time.parks()).as("no wait").isZero();
	}

	@Test
	void aClockStepBackWithinTheBudgetIsWaitedOutAndLongerStepsAreRefusedAtOnce() {
		TickSequence ticks = ticks(0);
		long tick = next(ticks);
		this.time.stepWall(Duration.ofMillis(-50));
		assertThatThrownBy(() -> next(ticks)).isInstanceOfSatisfying(IdGenerationException.class,
				(ex) -> assertThat(ex.reason()).isEqualTo(Reason.CLOCK_MOVED_BACKWARDS));
		assertThat(this.time.parks()).as("refused without waiting").isZero();

		this.time.stepWall(Duration.ofMillis(48));
		assertThat(next(ticks)).as("the last tick again, once the clock caught up").isEqualTo(tick);
		assertThat(ticks.sequence()).isEqualTo(1);
		assertThat(this.statistics.waits(Reason.CLOCK_MOVED_BACKWARDS)).isEqualTo(1);
		assertThat(this.time.parkedNanos()).isBetween(Duration.ofMillis(2).toNanos(), BUDGET_NANOS);
	}

}
