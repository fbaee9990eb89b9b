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

import dev.snowflakeid.lease.WorkerLease;

/**
 * Whether a {@link SnowflakeWorker} can issue IDs right now, and if not, why. Computed from the lease
 * snapshot and the clocks without touching the generator's lock.
 *
 * @param issuable whether {@code nextId()} would issue now (a tick exhausted this very moment aside)
 * @param reason why not, or {@code null} when issuable
 * @param lease the lease in force, or {@code null}
 * @param leaseRemainingMillis for a lease that must be renewed, time until the wall clock reaches its highest
 * ceiling; -1 for a lease that does not expire or when no lease is held
 * @param ceilingRemainingMillis time until the wall clock reaches the lease ceiling, or -1 without one
 * @param epochRemainingMillis time until the layout's last tick ends
 * @param leadMillis how far the last issued tick lies ahead of the wall clock (borrow-ahead)
 */
public record WorkerStatus(boolean issuable, String reason, WorkerLease lease, long leaseRemainingMillis,
		long ceilingRemainingMillis, long epochRemainingMillis, long leadMillis) {
}
