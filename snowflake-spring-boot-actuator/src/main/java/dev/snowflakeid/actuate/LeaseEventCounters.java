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
package dev.snowflakeid.actuate;

import java.util.concurrent.atomic.AtomicLongArray;

import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.WorkerLeaseListener;

/**
 * Counts what happens to the worker lease, for the {@code snowflake.lease.*} meters and
 * the endpoint. Runs on the lease keeper's thread: a few atomic increments per renew
 * interval, never on the ID path.
 *
 * <p>
 * Renewal results: {@link RenewalResult#RENEWED} the store extended the lease,
 * {@link RenewalResult#FAILED} the store did not answer in time (the lease stays usable
 * up to its ceiling), {@link RenewalResult#REJECTED} the store answered that the lease
 * expired or belongs to another owner now. Losses are counted by {@link LossReason};
 * claims after a loss by {@link ClaimResult}.
 */
public final class LeaseEventCounters implements WorkerLeaseListener {

	private final AtomicLongArray renewals = new AtomicLongArray(RenewalResult.values().length);

	private final AtomicLongArray losses = new AtomicLongArray(LossReason.values().length);

	private final AtomicLongArray claims = new AtomicLongArray(ClaimResult.values().length);

	@Override
	public void onLeaseEvent(LeaseEvent event) {
		switch (event.type()) {
			case RENEWED -> this.renewals.incrementAndGet(RenewalResult.RENEWED.ordinal());
			case RENEWAL_FAILED -> this.renewals.incrementAndGet(RenewalResult.FAILED.ordinal());
			case LOST -> {
				LossReason reason = event.lossReason();
				if (reason != null) {
					this.losses.incrementAndGet(reason.ordinal());
					// The store answered the renewal: the lease expired there or another
					// owner holds it.
					this.renewals.incrementAndGet(RenewalResult.REJECTED.ordinal());
				}
			}
			case REACQUIRED -> this.claims.incrementAndGet(ClaimResult.REACQUIRED.ordinal());
			case CLAIM_FAILED -> this.claims.incrementAndGet(ClaimResult.FAILED.ordinal());
			default -> {
				// ACQUIRED at startup and RELEASED or RELEASE_FAILED at shutdown are not
				// counted.
			}
		}
	}

	/** Renewal rounds that ended with {@code result}. */
	public long renewals(RenewalResult result) {
		return this.renewals.get(result.ordinal());
	}

	/** Leases lost for {@code reason}. */
	public long losses(LossReason reason) {
		return this.losses.get(reason.ordinal());
	}

	/** Claims after a loss that ended with {@code result}. */
	public long claims(ClaimResult result) {
		return this.claims.get(result.ordinal());
	}

	/** Outcome of one renewal round. */
	public enum RenewalResult {

		/** The store extended the lease and possibly raised its ceiling. */
		RENEWED,

		/** The store did not answer in time; the lease stays usable up to its ceiling. */
		FAILED,

		/**
		 * The store answered that the lease expired or that another owner holds the code.
		 */
		REJECTED

	}

	/**
	 * Outcome of a claim after a loss. The claim at startup is not one of them: a key
	 * named {@code acquired} read 0 right after a code was acquired.
	 */
	public enum ClaimResult {

		/** A code was granted again after the held lease was lost. */
		REACQUIRED,

		/** The claim failed; the keeper retries on its next round. */
		FAILED

	}

}
