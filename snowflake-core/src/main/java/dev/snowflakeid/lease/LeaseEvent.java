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

import org.jspecify.annotations.Nullable;

/**
 * A change in the keeper's hold on its worker code, or something the keeper or its
 * generator noticed, delivered to {@link WorkerLeaseListener}s on the keeper's listener
 * executor, in the order it happened. The core writes no log: these events are its one
 * way out, and the starter turns them into log lines.
 *
 * @param type what happened
 * @param lease the lease in force after the change, or {@code null} when none is; for
 * {@link Type#RELEASED} the lease that was given back, for {@link Type#RELEASE_FAILED}
 * the one that was not
 * @param lossReason why the lease was lost, for {@link Type#LOST}; otherwise {@code null}
 * @param cause the failure behind {@link Type#RENEWAL_FAILED}, {@link Type#CLAIM_FAILED},
 * {@link Type#RELEASE_FAILED}, {@link Type#ROUND_FAILED} or {@link Type#LISTENER_FAILED};
 * for {@link Type#STARTED_WITHOUT_MARK} the state file's {@code StateFileException} with
 * reason {@code MISSING}, describing the file; otherwise {@code null}
 * @param lastUsedMillis for {@link Type#RELEASED}, the last millisecond any issued ID
 * covers, recorded in the code's high-water mark; otherwise, or when no ID was issued,
 * {@link Long#MIN_VALUE}
 * @param jumpMillis for {@link Type#CLOCK_JUMPED}, by how much the wall clock advanced
 * faster than elapsed time, in milliseconds; otherwise 0
 */
public record LeaseEvent(Type type, @Nullable WorkerLease lease, @Nullable LossReason lossReason,
		@Nullable Throwable cause, long lastUsedMillis, long jumpMillis) {

	/** An event about the lease itself, with no clock jump. */
	public LeaseEvent(Type type, @Nullable WorkerLease lease, @Nullable LossReason lossReason,
			@Nullable Throwable cause, long lastUsedMillis) {
		this(type, lease, lossReason, cause, lastUsedMillis, 0);
	}

	/** Kinds of change. */
	public enum Type {

		/** First claim at startup succeeded. */
		ACQUIRED,

		/** The store extended the lease and possibly raised its ceiling. */
		RENEWED,

		/**
		 * A renewal did not reach the store or timed out; the lease stays usable up to
		 * its ceiling.
		 */
		RENEWAL_FAILED,

		/**
		 * The lease can no longer be renewed (see {@link LossReason}); IDs continue up to
		 * the ceiling already held while the keeper claims again.
		 */
		LOST,

		/** A new claim after a loss succeeded, possibly with a different code. */
		REACQUIRED,

		/** A claim after a loss failed; the keeper retries on its next round. */
		CLAIM_FAILED,

		/** The code was given back on shutdown. */
		RELEASED,

		/**
		 * Giving the code back on shutdown failed: the lease expires by itself after its
		 * ttl, and its ceiling still fences the next owner.
		 */
		RELEASE_FAILED,

		/**
		 * The generator saw the wall clock advance faster than elapsed time by more than
		 * its alert threshold (see {@link #jumpMillis()}): IDs continue from the new
		 * time, and the jump uses up epoch lifetime. Counted under the generator's lock
		 * and delivered after it is released.
		 */
		CLOCK_JUMPED,

		/**
		 * A renewal round failed unexpectedly (see {@link #cause()}), or its schedule
		 * could not be stopped; the next round runs as scheduled.
		 */
		ROUND_FAILED,

		/**
		 * A listener threw on an event, or events could not be handed to the listener
		 * executor (see {@link #cause()}). The other listeners and the renewals go on.
		 */
		LISTENER_FAILED,

		/**
		 * The static code's state file did not exist: the code started without a
		 * high-water mark, and the file is created with its first ceiling. If the code
		 * issued IDs before (file deleted, volume not mounted, path changed), the
		 * application should stop and the file be restored.
		 */
		STARTED_WITHOUT_MARK

	}

	/** Why a lease was lost. */
	public enum LossReason {

		/** The store no longer has the lease: it expired or was wiped. */
		EXPIRED,

		/** Another owner holds the code now. */
		FENCED

	}

}
