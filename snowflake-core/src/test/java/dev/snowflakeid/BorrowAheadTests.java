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
import dev.snowflakeid.lease.WorkerLease;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BorrowAheadTests {

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z").freezeWall();

	private final SnowflakeLayout layout = SnowflakeLayout.defaults();

	private SnowflakeIdGenerator.Builder generator() {
		return SnowflakeIdGenerator.builder(this.layout)
			.workerCode(1)
			.borrowAhead(Duration.ofMillis(100))
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time);
	}

	@Test
	void aFrozenClockIssuesExactlyTheBorrowWindowBeyondTheCurrentTickThenRefuses() {
		SnowflakeIdGenerator ids = generator().build();
		long now = this.time.millis();
		long previous = 0;
		int issued = 0;
		while (true) {
			long id;
			try {
				id = ids.nextId();
			}
			catch (IdGenerationException ex) {
				assertThat(ex.reason()).isEqualTo(Reason.SEQUENCE_EXHAUSTED);
				break;
			}
			assertThat(id).isGreaterThan(previous);
			previous = id;
			issued++;
		}
		assertThat(issued).isEqualTo(101 * 4096);
		assertThat(ids.decode(previous).timestamp().toEpochMilli()).isEqualTo(now + 100);
		assertThat(ids.statistics().borrowedTicks()).isEqualTo(100);
		assertThat(ids.leadMillis()).isEqualTo(100);
		assertThat(this.time.parkedNanos()).as("no wait while borrowing; then at most the 5 ms budget")
			.isLessThanOrEqualTo(Duration.ofMillis(5).toNanos());
	}

	@Test
	void borrowedTicksNeverPassTheLeaseCeiling() {
		long now = this.time.millis();
		SnowflakeIdGenerator ids = generator().leaseSource(() -> WorkerLease.bounded(1, now - 1, now + 50)).build();
		long last = 0;
		int issued = 0;
		try {
			while (true) {
				last = ids.nextId();
				issued++;
			}
		}
		catch (IdGenerationException ex) {
			assertThat(ex.reason()).isEqualTo(Reason.LEASE_UNAVAILABLE);
			assertThat(ex).hasMessageContaining("above the lease ceiling");
		}
		assertThat(issued).isEqualTo(51 * 4096);
		assertThat(ids.decode(last).timestamp().toEpochMilli()).isEqualTo(now + 50);
	}

	@Test
	void aRollbackWithinTheLeadIsAbsorbedAndBeyondItRefused() {
		SnowflakeIdGenerator ids = generator().build();
		long first = ids.nextId();
		this.time.stepWall(Duration.ofMillis(-60));
		long absorbed = ids.nextId();
		assertThat(absorbed).isGreaterThan(first);
		assertThat(ids.decode(absorbed).timestamp()).isEqualTo(ids.decode(first).timestamp());
		assertThat(this.time.parks()).isZero();
		assertThat(ids.statistics().clockRollbacks()).isEqualTo(1);
		this.time.stepWall(Duration.ofMillis(-100));
		assertThatThrownBy(ids::nextId)
			.isInstanceOfSatisfying(IdGenerationException.class,
					(ex) -> assertThat(ex.reason()).isEqualTo(Reason.CLOCK_MOVED_BACKWARDS))
			.hasMessage("clock moved backwards by 160 ms, 60 ms beyond the 100 ms borrow window, more than the 5 ms "
					+ "wait budget");
		assertThat(ids.statistics().largestClockRollbackMillis()).isEqualTo(100);
	}

	@Test
	void aFullWindowWaitsForTheClockToOpenItAgain() {
		FakeTime moving = FakeTime.at("2026-11-30T12:00:00Z");
		SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(this.layout)
			.workerCode(1)
			.borrowAhead(Duration.ofMillis(100))
			.wallClock(moving)
			.monotonicClock(moving)
			.parker(moving)
			.build();
		long start = moving.millis();
		long last = 0;
		for (int i = 0; i < 101 * 4096; i++) {
			last = ids.nextId();
		}
		assertThat(ids.decode(last).timestamp().toEpochMilli()).isEqualTo(start + 100);
		assertThat(moving.parks()).isZero();
		long next = ids.nextId();
		assertThat(ids.decode(next).timestamp().toEpochMilli()).isEqualTo(start + 101);
		assertThat(moving.millis()).isEqualTo(start + 1);
		assertThat(moving.parkedNanos()).isLessThanOrEqualTo(Duration.ofMillis(1).plusNanos(100_000).toNanos());
	}

	@Test
	void withoutBorrowingAnExhaustedTickWaitsForTheClock() {
		SnowflakeIdGenerator ids = generator().borrowAhead(Duration.ZERO).build();
		for (int i = 0; i < 4096; i++) {
			ids.nextId();
		}
		assertThatThrownBy(ids::nextId).isInstanceOfSatisfying(IdGenerationException.class,
				(ex) -> assertThat(ex.reason()).isEqualTo(Reason.SEQUENCE_EXHAUSTED));
		assertThat(ids.statistics().borrowedTicks()).isZero();
	}

}
