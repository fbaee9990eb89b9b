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

import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;

/**
 * Where worker codes are leased. Implementations take "now" from the store's own clock,
 * never from the caller, and persist every ceiling they hand out as the code's high-water
 * mark before answering, so that the next owner's floor lies above it.
 *
 * <p>
 * The keeper calls the store from its renewal rounds and from the threads that start and
 * close it, one call at a time, never on the ID path. Each call either answers or throws
 * {@link LeaseStoreUnavailableException}; it must not buffer and replay a command later.
 */
public interface WorkerLeaseStore {

	/**
	 * Claims a free worker code in one round trip, trying {@code preferredCode} first
	 * when it is not negative.
	 * @throws NoFreeWorkerCodeException if every code of the region is held
	 * @throws LeaseStoreUnavailableException if the store cannot be reached or answers
	 * too late
	 */
	LeaseGrant claim(int preferredCode);

	/**
	 * Extends the lease and raises its ceiling, if {@code grant} still owns the code.
	 * @throws LeaseStoreUnavailableException if the store cannot be reached or answers
	 * too late
	 */
	LeaseRenewal renew(LeaseGrant grant);

	/**
	 * Gives the code back after the generator has stopped, recording
	 * {@code lastUsedMillis} (the last millisecond any issued ID covers, or
	 * {@link Long#MIN_VALUE}) in the code's high-water mark.
	 * @throws LeaseStoreUnavailableException if the store cannot be reached; the lease
	 * then expires by itself
	 */
	void release(LeaseGrant grant, long lastUsedMillis);

	/**
	 * Worker codes of the region nobody holds, or -1 when the store cannot tell cheaply.
	 */
	default long availableCodes() {
		return -1;
	}

	/**
	 * Short name of the allocator for health and logs, such as {@code redis} or
	 * {@code static}.
	 */
	String name();

}
