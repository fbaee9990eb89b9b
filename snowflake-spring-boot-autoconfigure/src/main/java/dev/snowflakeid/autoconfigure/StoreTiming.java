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
package dev.snowflakeid.autoconfigure;

import java.time.Duration;

/**
 * What a lease store adds to the lease timing of {@code snowflake.worker.lease.*}: how
 * late its answers may arrive, how long a failover may lose its newest writes, and
 * whether its key space records the fleet lead limit.
 *
 * @param requestLateness longest time a request may take to reach the store (its command
 * timeout)
 * @param failoverWindow longest span of acknowledged writes a failover may lose
 * @param fleetLeadLimited whether instances share the key space, so that each must stay
 * within {@code snowflake.worker.lease.fleet-lead-limit}
 */
public record StoreTiming(Duration requestLateness, Duration failoverWindow, boolean fleetLeadLimited) {

	/** A store of this process alone: nothing late, nothing lost, no fleet. */
	public static final StoreTiming NONE = new StoreTiming(Duration.ZERO, Duration.ZERO, false);

}
