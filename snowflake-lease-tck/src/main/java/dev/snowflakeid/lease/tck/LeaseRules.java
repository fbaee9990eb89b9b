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

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.lease.tck.WorkerLeaseStoreTck.Rule;

import static dev.snowflakeid.lease.tck.Clients.claimAndRenew;
import static dev.snowflakeid.lease.tck.Clients.claimFree;
import static dev.snowflakeid.lease.tck.Clients.claimOrRefused;
import static dev.snowflakeid.lease.tck.Clients.open;
import static dev.snowflakeid.lease.tck.Clients.openOrRefused;
import static dev.snowflakeid.lease.tck.Clients.renewAbove;
import static dev.snowflakeid.lease.tck.Clients.retrying;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules, each against a fresh region. Claim numbers are those of the README's "Safety
 * model".
 */
final class LeaseRules {

	static final List<Rule> ALL = List.of(
			new Rule("claims are exclusive", "one live owner per code; claims 4 and 5", null,
					LeaseRules::claimsAreExclusive),
			new Rule("generations grow", "fencing generation of every claim", Capability.GENERATIONS,
					LeaseRules::generationsGrow),
			new Rule("a released code is claimable above its last ceiling", "claims 3 and 4", null,
					LeaseRules::releasedCodeIsClaimableAboveItsCeiling),
			new Rule("a stale owner is fenced", "claims 4 and 5; the ceiling is the fence", Capability.EXPIRY,
					LeaseRules::staleOwnerIsFenced),
			new Rule("a lost state raises floors", "claims 6 and 7", Capability.STATE_LOSS,
					LeaseRules::lostStateRaisesFloors),
			new Rule("a restored state raises floors", "claim 6", Capability.STATE_RESTORE,
					LeaseRules::restoredStateRaisesFloors),
			new Rule("grants not used are released", "claim 3: a grant not used is given back at once", null,
					LeaseRules::unusedGrantIsReleased),
			new Rule("many concurrent claimants never share a range", "claim 5", null,
					ConcurrentClaims::neverShareARange));

	private LeaseRules() {
	}

	/**
	 * While one client holds a code, a second is given every other code of the region,
	 * one by one, never the held one, even when it asks for it, and is refused only once
	 * all are held.
	 */
	static void claimsAreExclusive(LeaseStoreUnderTest subject, Set<Capability> missing) {
		LeaseGrant held = retrying("claim", () -> open(subject).claim(-1));
		Set<Integer> codes = new HashSet<>(Set.of(held.workerCode()));
		WorkerLeaseStore second = openOrRefused(subject);
		for (int i = 0; second != null && i < subject.codes(); i++) {
			LeaseGrant grant = claimOrRefused(second, held.workerCode());
			if (grant == null) {
				break;
			}
			assertTrue(codes.add(grant.workerCode()), "code " + grant.workerCode() + " granted while held");
		}
		assertEquals(subject.codes(), codes.size(), "a claim was refused while a code was free, or too many codes");
	}

	/**
	 * Each claim of a code, after the previous holder released it, has a higher
	 * generation.
	 */
	static void generationsGrow(LeaseStoreUnderTest subject, Set<Capability> missing) {
		WorkerLeaseStore client = open(subject);
		LeaseGrant previous = retrying("claim", () -> client.claim(-1));
		WorkerLeaseStore holder = client;
		for (int i = 0; i < 3; i++) {
			release(holder, previous, previous.ceilingMillis());
			holder = open(subject);
			LeaseGrant next = claimFree(holder, previous.workerCode());
			assertTrue(next.generation() > previous.generation(), "generation " + next.generation()
					+ " after generation " + previous.generation() + " of code " + previous.workerCode());
			assertNotEquals(previous.token(), next.token(), "a new claim reuses its predecessor's token");
			previous = next;
		}
	}

	/**
	 * A holder renews, then releases its code saying it used the whole range; the next
	 * claimant of the code starts at or above that ceiling.
	 */
	static void releasedCodeIsClaimableAboveItsCeiling(LeaseStoreUnderTest subject, Set<Capability> missing) {
		WorkerLeaseStore holder = open(subject);
		LeaseGrant grant = retrying("claim", () -> holder.claim(-1));
		long ceiling = claimAndRenew(holder, grant, 2);
		release(holder, grant, ceiling);
		LeaseGrant next = claimFree(open(subject), grant.workerCode());
		assertTrue(next.floorMillis() >= ceiling,
				"floor " + next.floorMillis() + " below the released ceiling " + ceiling);
	}

	/**
	 * A holder whose lease lapsed (it paused past the lease) is replaced: the successor
	 * starts at or above the stale holder's ceiling, the stale holder's renewal is
	 * refused and its release does not free the successor's code.
	 */
	static void staleOwnerIsFenced(LeaseStoreUnderTest subject, Set<Capability> missing) {
		WorkerLeaseStore stale = open(subject);
		LeaseGrant old = retrying("claim", () -> stale.claim(-1));
		long ceiling = claimAndRenew(stale, old, 1);
		subject.expire(old);
		WorkerLeaseStore successor = open(subject);
		LeaseGrant taken = claimFree(successor, old.workerCode());
		assertTrue(taken.floorMillis() >= ceiling,
				"successor's floor " + taken.floorMillis() + " below the stale owner's ceiling " + ceiling);
		if (!missing.contains(Capability.GENERATIONS)) {
			assertTrue(taken.generation() > old.generation(), "successor's generation does not fence the stale one");
		}
		LeaseRenewal renewal = retrying("renewal", () -> stale.renew(old));
		assertNotEquals(LeaseRenewal.Status.RENEWED, renewal.status(), "the stale owner's renewal was granted");
		release(stale, old, ceiling);
		LeaseGrant third = claimOrRefused(open(subject), old.workerCode());
		assertTrue(third == null || third.workerCode() != old.workerCode(),
				"the stale owner's release freed its successor's code");
		assertEquals(LeaseRenewal.Status.RENEWED, retrying("renewal", () -> successor.renew(taken)).status(),
				"the successor lost its lease to the stale owner's release");
	}

	/**
	 * After the store lost its state, every grant, of any code, renewals included, starts
	 * at or above every ceiling granted before the loss.
	 */
	static void lostStateRaisesFloors(LeaseStoreUnderTest subject, Set<Capability> missing) {
		WorkerLeaseStore holder = open(subject);
		LeaseGrant grant = retrying("claim", () -> holder.claim(-1));
		long ceiling = claimAndRenew(holder, grant, 2);
		subject.loseState();
		assertGrantsAbove(subject, holder, grant, ceiling, "a loss");
	}

	/**
	 * After the store's state was put back from an older copy, every grant starts at or
	 * above every ceiling granted after the copy was taken.
	 */
	static void restoredStateRaisesFloors(LeaseStoreUnderTest subject, Set<Capability> missing) {
		WorkerLeaseStore holder = open(subject);
		LeaseGrant grant = retrying("claim", () -> holder.claim(-1));
		long copied = claimAndRenew(holder, grant, 1);
		Runnable restore = subject.snapshotState();
		long ceiling = renewAbove(holder, grant, copied);
		restore.run();
		assertGrantsAbove(subject, holder, grant, ceiling, "a restore");
	}

	/** Gives {@code grant} back, retrying while the store is unavailable. */
	static void release(WorkerLeaseStore store, LeaseGrant grant, long lastUsedMillis) {
		retrying("release", () -> {
			store.release(grant, lastUsedMillis);
			return grant;
		});
	}

	private static void assertGrantsAbove(LeaseStoreUnderTest subject, WorkerLeaseStore holder, LeaseGrant grant,
			long ceiling, String fault) {
		List<LeaseGrant> grants = new ArrayList<>();
		WorkerLeaseStore claimant = open(subject);
		for (int i = 0; i < subject.codes(); i++) {
			LeaseGrant next = claimOrRefused(claimant, grant.workerCode());
			if (next == null) {
				break;
			}
			grants.add(next);
			assertTrue(next.floorMillis() >= ceiling, "after " + fault + ", code " + next.workerCode()
					+ " granted from " + next.floorMillis() + ", below the ceiling " + ceiling + " granted before");
		}
		assertTrue(!grants.isEmpty() || subject.codes() == 1, "after " + fault + ", no code could be claimed");
		LeaseRenewal renewal = retrying("renewal", () -> holder.renew(grant));
		assertTrue(renewal.status() != LeaseRenewal.Status.RENEWED || renewal.floorMillis() >= ceiling, "after " + fault
				+ ", the holder's renewal starts at " + renewal.floorMillis() + ", below the ceiling " + ceiling);
	}

	/**
	 * A grant given back unused (the caller could not use it) frees its code at once: the
	 * count of free codes is restored and another client claims the code without waiting
	 * for the lease to lapse.
	 */
	static void unusedGrantIsReleased(LeaseStoreUnderTest subject, Set<Capability> missing) {
		WorkerLeaseStore first = open(subject);
		long free = first.availableCodes();
		LeaseGrant grant = retrying("claim", () -> first.claim(-1));
		if (free != -1) {
			assertEquals(free - 1, first.availableCodes(), "free codes while one is held");
		}
		release(first, grant, Long.MIN_VALUE);
		if (free != -1) {
			assertEquals(free, first.availableCodes(), "free codes after the unused grant was released");
		}
		LeaseGrant next = claimFree(open(subject), grant.workerCode());
		assertNotEquals(grant.token(), next.token(), "the released grant's token was handed out again");
	}

}
