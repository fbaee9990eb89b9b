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
package dev.snowflakeid.lease.tck;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;

/**
 * One region of a store's data, made for one rule and closed after it, and the faults the
 * rules inject into it. A rule calls a fault only when the store did not declare the
 * {@link Capability} it belongs to as not applicable; the defaults throw.
 *
 * <p>
 * The region must be ready to grant usable ranges when the rule starts: a store whose
 * first grant on new data starts after a quarantine (as Redis's first start is a detected
 * loss) waits it out before handing the region over.
 */
public interface LeaseStoreUnderTest extends AutoCloseable {

	/**
	 * A new client of the region's data, as another instance of the application would
	 * open it: its claims compete with those of every other client opened here.
	 * @throws WorkerCodeInUseException if the store admits one client per code at a time
	 * and another holds the code (a static code): the rules count it as a refused claim
	 */
	WorkerLeaseStore open();

	/** Worker codes in the region, at least 1. */
	int codes();

	/**
	 * Makes the lease of {@code grant} lapse as if its holder had stopped renewing it for
	 * longer than the lease lasts (a paused or cut-off holder), without telling the
	 * holder: for Redis, the lease key deleted or expired. Returns once another claimant
	 * can take the code. {@link Capability#EXPIRY}.
	 */
	default void expire(LeaseGrant grant) {
		throw new UnsupportedOperationException("expire: declare Capability.EXPIRY not applicable");
	}

	/**
	 * Loses every piece of the region's state at once, as a restart without data does;
	 * clients opened before keep their connection settings and reach the store again.
	 * {@link Capability#STATE_LOSS}.
	 */
	default void loseState() {
		throw new UnsupportedOperationException("loseState: declare Capability.STATE_LOSS not applicable");
	}

	/**
	 * Takes a copy of the region's state as it is now and answers the fault that puts it
	 * back later, as restoring a snapshot or a backup does.
	 * {@link Capability#STATE_RESTORE}.
	 */
	default Runnable snapshotState() {
		throw new UnsupportedOperationException("snapshotState: declare Capability.STATE_RESTORE not applicable");
	}

	/** Closes every client opened here and drops the region's data. */
	@Override
	void close();

}
