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

import java.time.Duration;
import java.util.List;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.LeaseEvent.Type;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The renewal state machine alone, on the in-memory store: what each round does and what
 * it keeps published.
 */
class RenewalRoundsTests {

	private static final Duration TTL = Duration.ofSeconds(10);

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	private final InMemoryLeaseStore store = new InMemoryLeaseStore(this.time, 4, TTL, LeaseTiming.defaults());

	private final RenewalRounds rounds = new RenewalRounds(this.store);

	private LeaseGrant claimed(int code) {
		LeaseGrant granted = this.store.claim(code);
		this.rounds.publish(granted);
		return granted;
	}

	private static List<Type> types(List<LeaseEvent> events) {
		return events.stream().map(LeaseEvent::type).toList();
	}

	@Test
	void aRenewalRaisesTheCeilingOfTheSameRange() {
		LeaseGrant granted = claimed(2);
		this.time.advance(Duration.ofSeconds(1));

		List<LeaseEvent> events = this.rounds.run();

		assertThat(types(events)).containsExactly(Type.RENEWED);
		assertThat(this.rounds.grant()).isSameAs(granted);
		WorkerLease current = this.rounds.current();
		assertThat(current.workerCode()).isEqualTo(2);
		assertThat(current.floorMillis()).isEqualTo(granted.floorMillis());
		assertThat(current.ceilingMillis()).isEqualTo(granted.ceilingMillis() + 1000);
		assertThat(current.earlier()).isNull();
	}

	@Test
	void aFailedRenewalKeepsTheRangeAndTheGrant() {
		LeaseGrant granted = claimed(2);
		WorkerLease before = this.rounds.current();
		this.store.failure = new LeaseStoreUnavailableException("connection refused", null);

		List<LeaseEvent> events = this.rounds.run();

		assertThat(types(events)).containsExactly(Type.RENEWAL_FAILED);
		assertThat(events.get(0).cause()).isSameAs(this.store.failure);
		assertThat(this.rounds.current()).isEqualTo(before);
		assertThat(this.rounds.grant()).isSameAs(granted);
	}

	@Test
	void anExpiredGrantIsReportedLostAndItsCodeClaimedAgainInTheSameRound() {
		LeaseGrant granted = claimed(2);
		this.time.advance(TTL.plusSeconds(1));

		List<LeaseEvent> events = this.rounds.run();

		assertThat(types(events)).containsExactly(Type.LOST, Type.REACQUIRED);
		assertThat(events.get(0).lossReason()).isEqualTo(LossReason.EXPIRED);
		assertThat(this.rounds.grant()).isNotSameAs(granted);
		assertThat(this.rounds.grant().workerCode()).isEqualTo(2);
		// The new grant starts at the old ceiling, so the two ranges join into one.
		assertThat(this.rounds.current().floorMillis()).isEqualTo(granted.floorMillis());
		assertThat(this.rounds.current().ceilingMillis()).isGreaterThan(granted.ceilingMillis());
	}

	@Test
	void aFencedGrantKeepsItsRangePublishedWhileNoClaimSucceeds() {
		claimed(2);
		// A first claim on an empty store waits out the quarantine; renewals past it make
		// the range usable.
		while (this.rounds.current().ceilingMillis() <= this.rounds.current().floorMillis()) {
			this.time.advance(LeaseTiming.DEFAULT_RENEW_INTERVAL);
			assertThat(types(this.rounds.run())).containsExactly(Type.RENEWED);
		}
		WorkerLease held = this.rounds.current();
		this.store.takeOver(2);
		this.store.duringCall = (call) -> {
			if (call.equals("claim")) {
				throw new LeaseStoreUnavailableException("connection refused", null);
			}
		};

		List<LeaseEvent> events = this.rounds.run();

		assertThat(types(events)).containsExactly(Type.LOST, Type.CLAIM_FAILED);
		assertThat(events.get(0).lossReason()).isEqualTo(LossReason.FENCED);
		assertThat(this.rounds.grant()).isNull();
		assertThat(this.rounds.current()).isEqualTo(held);

		this.store.duringCall = (call) -> {
		};
		List<LeaseEvent> next = this.rounds.run();

		assertThat(types(next)).containsExactly(Type.REACQUIRED);
		LeaseGrant reclaimed = this.rounds.grant();
		assertThat(reclaimed.workerCode()).isNotEqualTo(2);
		assertThat(this.rounds.current().workerCode()).isEqualTo(reclaimed.workerCode());
		// Another code's range is not joined to the held one, which stays usable as the
		// earlier range.
		assertThat(this.rounds.current().earlier()).isEqualTo(held);
	}

	@Test
	void withdrawingClearsTheRangeAndAnswersTheGrantThatWasHeld() {
		LeaseGrant granted = claimed(1);

		assertThat(this.rounds.withdraw()).isSameAs(granted);
		assertThat(this.rounds.current()).isNull();
		assertThat(this.rounds.grant()).isNull();
		assertThat(this.rounds.withdraw()).isNull();
	}

}
