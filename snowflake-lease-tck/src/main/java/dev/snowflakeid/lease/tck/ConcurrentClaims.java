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
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseException.WorkerCodeInUseException;
import dev.snowflakeid.lease.WorkerLeaseStore;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Claimants, twice as many as the region has codes (at least four), each a client of its
 * own on a thread of its own, start together and claim, renew and release in rounds, each
 * release saying its whole range was used. Every range granted for one code is disjoint
 * from every range of that code granted to another owner.
 */
final class ConcurrentClaims {

	private static final int ROUNDS = 8;

	private ConcurrentClaims() {
	}

	static void neverShareARange(LeaseStoreUnderTest subject, Set<Capability> missing) throws Exception {
		int claimants = Math.max(4, Math.min(16, 2 * subject.codes()));
		ConcurrentLinkedQueue<Range> ranges = new ConcurrentLinkedQueue<>();
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService threads = Executors.newFixedThreadPool(claimants);
		try {
			List<Future<Integer>> running = new ArrayList<>();
			for (int i = 0; i < claimants; i++) {
				running.add(threads.submit(() -> {
					WorkerLeaseStore store = Clients.openOrRefused(subject);
					start.await();
					int rounds = 0;
					for (; store != null && rounds < ROUNDS; rounds++) {
						claimRenewRelease(store, ranges);
					}
					return rounds;
				}));
			}
			start.countDown();
			for (Future<Integer> claimant : running) {
				claimant.get(Clients.RECOVERY.toSeconds() * 4, TimeUnit.SECONDS);
			}
		}
		finally {
			threads.shutdownNow();
		}
		List<Range> usable = ranges.stream().filter(Range::usable).toList();
		assertTrue(!usable.isEmpty(), "no claimant was granted a usable range in " + ranges.size() + " grants");
		for (Range a : usable) {
			for (Range b : usable) {
				if (a.code() == b.code() && !a.token().equals(b.token()) && a.overlaps(b)) {
					fail("code " + a.code() + " granted twice at once: " + a + " and " + b);
				}
			}
		}
	}

	private static void claimRenewRelease(WorkerLeaseStore store, ConcurrentLinkedQueue<Range> ranges) {
		LeaseGrant grant;
		try {
			grant = store.claim(-1);
		}
		catch (NoFreeWorkerCodeException | WorkerCodeInUseException | LeaseStoreUnavailableException ex) {
			return;
		}
		long ceiling = grant.ceilingMillis();
		try {
			LeaseRenewal renewal = store.renew(grant);
			if (renewal.status() == LeaseRenewal.Status.RENEWED) {
				ranges
					.add(new Range(grant.workerCode(), grant.token(), renewal.floorMillis(), renewal.ceilingMillis()));
				ceiling = Math.max(ceiling, renewal.ceilingMillis());
			}
		}
		catch (LeaseStoreUnavailableException ex) {
			// the claimed range still counts, and the release below says it was used
		}
		ranges.add(new Range(grant.workerCode(), grant.token(), grant.floorMillis(), grant.ceilingMillis()));
		try {
			store.release(grant, ceiling);
		}
		catch (LeaseStoreUnavailableException ex) {
			// the lease lapses by itself
		}
	}

	/**
	 * Milliseconds {@code (floor, ceiling]} of one code granted to the owner of
	 * {@code token}, by a claim or a renewal.
	 */
	private record Range(int code, String token, long floor, long ceiling) {

		boolean usable() {
			return this.ceiling > this.floor;
		}

		boolean overlaps(Range other) {
			return this.floor < other.ceiling && other.floor < this.ceiling;
		}

	}

}
