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

/**
 * Answer of {@link WorkerLeaseStore#renew(LeaseGrant)}.
 *
 * @param status whether the lease is still held
 * @param floorMillis the renewed range starts after this millisecond: above every ceiling
 * granted to another owner of the code and above the store's loss floor; only meaningful
 * when {@link Status#RENEWED}
 * @param ceilingMillis the new ceiling, already recorded as the code's mark; only
 * meaningful when {@link Status#RENEWED}
 * @param storeTimeMillis the store's clock when it answered
 */
public record LeaseRenewal(Status status, long floorMillis, long ceilingMillis, long storeTimeMillis) {

	public static LeaseRenewal renewed(long floorMillis, long ceilingMillis, long storeTimeMillis) {
		return new LeaseRenewal(Status.RENEWED, floorMillis, ceilingMillis, storeTimeMillis);
	}

	public static LeaseRenewal expired(long storeTimeMillis) {
		return new LeaseRenewal(Status.EXPIRED, Long.MIN_VALUE, Long.MIN_VALUE, storeTimeMillis);
	}

	public static LeaseRenewal fenced(long storeTimeMillis) {
		return new LeaseRenewal(Status.FENCED, Long.MIN_VALUE, Long.MIN_VALUE, storeTimeMillis);
	}

	/** Outcome of a renewal. */
	public enum Status {

		/** Still the owner; the range {@code (floor, ceiling]} is granted. */
		RENEWED,

		/**
		 * The lease is gone (expired or wiped); it is never resurrected, the code must be
		 * claimed anew.
		 */
		EXPIRED,

		/** Another owner holds the code now. */
		FENCED

	}

}
