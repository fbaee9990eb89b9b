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

import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.LeaseEvent.Type;
import org.jspecify.annotations.Nullable;

/**
 * The keeper's renewal state machine: the range it publishes, the grant it renews, and
 * the round that moves them on. While a grant is held a round renews it; once the store
 * says it expired or was fenced, or while none is held, a round claims again, the last
 * code first.
 *
 * <p>
 * The held range is never withdrawn by a round: every published range was granted by the
 * store, which recorded its ceiling before answering and starts every later owner of the
 * code above it. A new range is joined to the held one by {@link HeldRanges#merge}.
 *
 * <p>
 * Not thread-safe: the keeper calls {@link #publish}, {@link #run} and {@link #withdraw}
 * under its monitor. {@link #current()}, {@link #grant()} and {@link #event} only read
 * volatile fields, from any thread, so the generator's {@code currentLease()} never
 * blocks.
 */
final class RenewalRounds {

	private final WorkerLeaseStore store;

	private volatile @Nullable WorkerLease current;

	// The grant being renewed; null while claiming again.
	private volatile @Nullable LeaseGrant grant;

	private int lastCode = -1;

	RenewalRounds(WorkerLeaseStore store) {
		this.store = store;
	}

	/**
	 * The range the generator may use, or {@code null} before the first grant and after
	 * {@link #withdraw()}.
	 */
	@Nullable WorkerLease current() {
		return this.current;
	}

	/** The grant being renewed, or {@code null} while none is held. */
	@Nullable LeaseGrant grant() {
		return this.grant;
	}

	/**
	 * Makes {@code granted} the grant to renew and joins its range to the published one.
	 */
	void publish(LeaseGrant granted) {
		this.grant = granted;
		this.lastCode = granted.workerCode();
		this.current = HeldRanges.merge(this.current,
				HeldRanges.range(granted, granted.floorMillis(), granted.ceilingMillis()));
	}

	/**
	 * One round: renews the held grant, or claims again while none is held; answers what
	 * happened, in order.
	 */
	List<LeaseEvent> run() {
		LeaseGrant held = this.grant;
		return (held != null) ? renew(held) : reclaim();
	}

	/**
	 * Stops publishing: the range and grant are cleared, and the grant that was held is
	 * answered.
	 */
	@Nullable LeaseGrant withdraw() {
		LeaseGrant held = this.grant;
		this.current = null;
		this.grant = null;
		return held;
	}

	/**
	 * Gives {@code held} back, recording {@code lastUsedMillis}; answers
	 * {@link Type#RELEASED} with {@code released}, or {@link Type#RELEASE_FAILED} with
	 * the failure: the lease then expires by itself and its ceiling still fences the next
	 * owner.
	 */
	LeaseEvent release(LeaseGrant held, @Nullable WorkerLease released, long lastUsedMillis) {
		try {
			this.store.release(held, lastUsedMillis);
			return new LeaseEvent(Type.RELEASED, released, null, null, lastUsedMillis);
		}
		catch (WorkerLeaseException ex) {
			return new LeaseEvent(Type.RELEASE_FAILED, released, null, ex, Long.MIN_VALUE);
		}
	}

	/** An event about the range published now. */
	LeaseEvent event(Type type, @Nullable LossReason reason, @Nullable Throwable cause) {
		return new LeaseEvent(type, this.current, reason, cause, Long.MIN_VALUE);
	}

	private List<LeaseEvent> renew(LeaseGrant held) {
		LeaseRenewal renewal;
		try {
			renewal = this.store.renew(held);
		}
		catch (WorkerLeaseException ex) {
			return List.of(event(Type.RENEWAL_FAILED, null, ex));
		}
		switch (renewal.status()) {
			case RENEWED -> {
				this.current = HeldRanges.merge(this.current,
						HeldRanges.range(held, renewal.floorMillis(), renewal.ceilingMillis()));
				return List.of(event(Type.RENEWED, null, null));
			}
			case EXPIRED, FENCED -> {
				// The held range stays published: its ceiling is below every later
				// owner's floor.
				this.grant = null;
				LossReason reason = (renewal.status() == LeaseRenewal.Status.FENCED) ? LossReason.FENCED
						: LossReason.EXPIRED;
				List<LeaseEvent> happened = new ArrayList<>();
				happened.add(event(Type.LOST, reason, null));
				happened.addAll(reclaim());
				return happened;
			}
			default -> throw new IllegalStateException("unknown renewal status " + renewal.status());
		}
	}

	private List<LeaseEvent> reclaim() {
		LeaseGrant granted;
		try {
			granted = this.store.claim(this.lastCode);
		}
		catch (WorkerLeaseException ex) {
			return List.of(event(Type.CLAIM_FAILED, null, ex));
		}
		publish(granted);
		return List.of(event(Type.REACQUIRED, null, null));
	}

}
