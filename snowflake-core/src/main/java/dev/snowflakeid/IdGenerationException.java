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

/**
 * Thrown when the generator refuses to issue an ID because it cannot prove the ID would
 * be unique. Nothing is issued when this is thrown.
 */
public final class IdGenerationException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final Reason reason;

	public IdGenerationException(Reason reason, String message) {
		super(message);
		this.reason = reason;
	}

	public Reason reason() {
		return this.reason;
	}

	/**
	 * Whether the same call may succeed later without operator action (the clock catches
	 * up, the next tick starts, the lease is re-acquired). {@link Reason#EPOCH_EXHAUSTED}
	 * is permanent.
	 */
	public boolean retryable() {
		return this.reason.retryable();
	}

	/** Why an ID was refused. */
	public enum Reason {

		/**
		 * The wall clock is behind the last issued tick by more than the rollback wait
		 * budget.
		 */
		CLOCK_MOVED_BACKWARDS(true),

		/**
		 * Every sequence number of the current tick is used and the next tick did not
		 * start in time.
		 */
		SEQUENCE_EXHAUSTED(true),

		/**
		 * No valid worker lease: none held, expired, fenced, or the tick lies outside its
		 * floor and ceiling.
		 */
		LEASE_UNAVAILABLE(true),

		/**
		 * The timestamp field cannot represent the current tick: the layout's lifetime is
		 * over.
		 */
		EPOCH_EXHAUSTED(false);

		private final boolean retryable;

		Reason(boolean retryable) {
			this.retryable = retryable;
		}

		public boolean retryable() {
			return this.retryable;
		}

	}

}
