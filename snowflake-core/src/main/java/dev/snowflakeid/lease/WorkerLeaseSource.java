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
 * Where the generator reads its current worker lease. Implementations publish each new grant as one
 * immutable {@link WorkerLease} through a single volatile reference: {@link #currentLease()} is called
 * for every ID and must not block, allocate or do I/O.
 */
@FunctionalInterface
public interface WorkerLeaseSource {

	/** The lease in force, or {@code null} while none is held. */
	WorkerLease currentLease();

	/** A source that always returns the same lease. */
	static WorkerLeaseSource of(WorkerLease lease) {
		return () -> lease;
	}

}
