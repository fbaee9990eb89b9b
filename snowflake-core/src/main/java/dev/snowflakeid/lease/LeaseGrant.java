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
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * What a {@link WorkerLeaseStore} granted on a claim: a worker code, its fencing
 * generation and owner token, and the timestamp range
 * {@code (floorMillis, ceilingMillis]} the new owner may use.
 *
 * <p>
 * {@code floorMillis} lies at or above every ceiling ever granted to an earlier owner of
 * the code, and above every ceiling the store may have lost (its loss floor).
 * {@code ceilingMillis} is at most the store's time plus the ceiling lead and was
 * recorded as the code's mark before the grant was returned. The range may be empty for
 * now (ceiling not above floor) right after the store detected a loss: the owner then
 * waits for a renewal whose ceiling lies above the floor.
 *
 * @param workerCode worker code within the region
 * @param generation fencing generation, incremented on every claim of the code
 * @param token owner token that renewals and the release must present; two grants are the
 * same lease only when their tokens are equal
 * @param floorMillis every issued tick must start after this Unix-epoch millisecond
 * @param ceilingMillis no issued tick may end after this Unix-epoch millisecond until a
 * renewal raises it
 * @param storeTimeMillis the store's clock when it granted the claim
 * @param ttl how long the store keeps the lease without renewal; {@code null} for a code
 * that does not expire (a static worker code)
 */
public record LeaseGrant(int workerCode, long generation, String token, long floorMillis, long ceilingMillis,
		long storeTimeMillis, @Nullable Duration ttl) {

	public LeaseGrant {
		Objects.requireNonNull(token, "token");
		if (workerCode < 0) {
			throw new IllegalArgumentException("worker code " + workerCode + " is negative");
		}
	}

	/** Whether the store lets this lease expire without renewal. */
	public boolean expiring() {
		return this.ttl != null;
	}

}
