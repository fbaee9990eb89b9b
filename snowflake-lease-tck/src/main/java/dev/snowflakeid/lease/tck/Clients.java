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

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import dev.snowflakeid.lease.WorkerLeaseStore;
import org.jspecify.annotations.Nullable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * How the rules call a store: as the keeper does, retrying only an unreachable store (for
 * a while after a fault), and telling a refused claim from a failure.
 */
final class Clients {

	/** How long a store may take to answer again after a fault. */
	static final Duration RECOVERY = Duration.ofSeconds(15);

	private static final long POLL_NANOS = Duration.ofMillis(20).toNanos();

	private Clients() {
	}

	/**
	 * {@code call}'s answer, retried while the store is unavailable, at most
	 * {@link #RECOVERY}.
	 */
	static <T> T retrying(String what, Supplier<T> call) {
		long deadline = System.nanoTime() + RECOVERY.toNanos();
		while (true) {
			try {
				return call.get();
			}
			catch (LeaseStoreUnavailableException ex) {
				if (System.nanoTime() - deadline > 0) {
					throw new AssertionError(what + ": the store stayed unavailable for " + RECOVERY, ex);
				}
				LockSupport.parkNanos(POLL_NANOS);
			}
		}
	}

	/**
	 * A new client, or {@code null} if the store refuses one because the code is held.
	 */
	static @Nullable WorkerLeaseStore openOrRefused(LeaseStoreUnderTest subject) {
		try {
			return subject.open();
		}
		catch (WorkerCodeInUseException ex) {
			return null;
		}
	}

	/** A new client, which the rule needs (no other holds a code). */
	static WorkerLeaseStore open(LeaseStoreUnderTest subject) {
		WorkerLeaseStore store = openOrRefused(subject);
		if (store == null) {
			return fail("a client was refused while no code was held");
		}
		return store;
	}

	/**
	 * A grant, or {@code null} when the claim is refused because every code (or the
	 * preferred static code) is held.
	 */
	static @Nullable LeaseGrant claimOrRefused(WorkerLeaseStore store, int preferredCode) {
		try {
			return retrying("claim", () -> store.claim(preferredCode));
		}
		catch (NoFreeWorkerCodeException | WorkerCodeInUseException ex) {
			return null;
		}
	}

	/** A grant of {@code code}, which is free. */
	static LeaseGrant claimFree(WorkerLeaseStore store, int code) {
		LeaseGrant grant = claimOrRefused(store, code);
		if (grant == null) {
			return fail("a claim of free code " + code + " was refused");
		}
		assertEquals(code, grant.workerCode(), "a claim of free code " + code + " was granted another code");
		return grant;
	}

	/** A claim and {@code renewals} renewals; answers the highest ceiling granted. */
	static long claimAndRenew(WorkerLeaseStore store, LeaseGrant grant, int renewals) {
		long ceiling = grant.ceilingMillis();
		for (int i = 0; i < renewals; i++) {
			LeaseRenewal renewal = retrying("renewal", () -> store.renew(grant));
			assertEquals(LeaseRenewal.Status.RENEWED, renewal.status(), "renewal of a lease nobody else touched");
			ceiling = Math.max(ceiling, renewal.ceilingMillis());
		}
		return ceiling;
	}

	/**
	 * Renews until the store's clock has moved the ceiling above {@code above}; answers
	 * the new ceiling.
	 */
	static long renewAbove(WorkerLeaseStore store, LeaseGrant grant, long above) {
		long deadline = System.nanoTime() + RECOVERY.toNanos();
		while (true) {
			long ceiling = claimAndRenew(store, grant, 1);
			if (ceiling > above) {
				return ceiling;
			}
			if (System.nanoTime() - deadline > 0) {
				return fail("renewals did not raise the ceiling above " + above + " within " + RECOVERY);
			}
			LockSupport.parkNanos(POLL_NANOS);
		}
	}

}
