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
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseStore;

/**
 * A store that follows the safety model in memory, to show that the kit's rules can be
 * met, and with one rule broken at a time ({@link Mutation}), that each rule catches the
 * fault it names. Its "server" has a run id as Redis has: a lost state, or one put back
 * from a copy, no longer carries the lineage the server runs under, which is a detected
 * loss that raises the loss floor a quarantine above the store's clock.
 */
final class ModelLeaseStore implements WorkerLeaseStore {

	static final long LEAD_MILLIS = 300;

	static final long QUARANTINE_MILLIS = 600;

	private final Server server;

	private final Mutation mutation;

	ModelLeaseStore(Server server, Mutation mutation) {
		this.server = server;
		this.mutation = mutation;
	}

	@Override
	public LeaseGrant claim(int preferredCode) {
		synchronized (this.server) {
			long now = System.currentTimeMillis();
			State state = this.server.state(now, this.mutation);
			int code = -1;
			if (preferredCode >= 0 && preferredCode < this.server.codes
					&& (this.mutation == Mutation.CLAIM_IGNORES_HOLDER || !state.holders.containsKey(preferredCode))) {
				code = preferredCode;
			}
			for (int candidate = 0; code < 0 && candidate < this.server.codes; candidate++) {
				if (!state.holders.containsKey(candidate)) {
					code = candidate;
				}
			}
			if (code < 0) {
				throw new NoFreeWorkerCodeException(0, this.server.codes);
			}
			String token = UUID.randomUUID().toString();
			long generation = (this.mutation == Mutation.SAME_GENERATION) ? 1 : ++state.generation;
			long floor = floor(state, code, token);
			long ceiling = state.record(code, token, now + LEAD_MILLIS);
			state.holders.put(code, token);
			return new LeaseGrant(code, generation, token, floor, ceiling, now, Duration.ofSeconds(5));
		}
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		synchronized (this.server) {
			long now = System.currentTimeMillis();
			State state = this.server.state(now, this.mutation);
			String holder = state.holders.get(grant.workerCode());
			if (!grant.token().equals(holder) && this.mutation != Mutation.RENEW_IGNORES_TOKEN) {
				return (holder == null) ? LeaseRenewal.expired(now) : LeaseRenewal.fenced(now);
			}
			long ceiling = state.record(grant.workerCode(), grant.token(), now + LEAD_MILLIS);
			return LeaseRenewal.renewed(floor(state, grant.workerCode(), grant.token()), ceiling, now);
		}
	}

	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
		synchronized (this.server) {
			State state = this.server.state(System.currentTimeMillis(), this.mutation);
			state.record(grant.workerCode(), grant.token(), lastUsedMillis);
			if (grant.token().equals(state.holders.get(grant.workerCode()))
					&& this.mutation != Mutation.RELEASE_KEEPS_CODE) {
				state.holders.remove(grant.workerCode());
			}
		}
	}

	@Override
	public long availableCodes() {
		synchronized (this.server) {
			State state = this.server.state;
			return this.server.codes - ((state != null) ? state.holders.size() : 0);
		}
	}

	@Override
	public String name() {
		return "model";
	}

	// Above every other owner's ceilings of the code and the loss floor.
	private long floor(State state, int code, String token) {
		long floor = state.floor0;
		if (this.mutation != Mutation.FLOOR_IGNORES_MARKS) {
			for (Map.Entry<String, Long> owner : state.ceilings.getOrDefault(code, Map.of()).entrySet()) {
				if (!owner.getKey().equals(token)) {
					floor = Math.max(floor, owner.getValue());
				}
			}
		}
		return floor;
	}

	/** One rule of the safety model broken. */
	enum Mutation {

		NONE, CLAIM_IGNORES_HOLDER, SAME_GENERATION, FLOOR_IGNORES_MARKS, RENEW_IGNORES_TOKEN, NO_LOSS_DETECTION,
		LINEAGE_NOT_CHECKED, RELEASE_KEEPS_CODE

	}

	/** The data of one region and the server it lives on. */
	static final class Server {

		private final int codes;

		private String runId = UUID.randomUUID().toString();

		private State state;

		Server(int codes) {
			this.codes = codes;
			this.state = new State(this.runId);
		}

		synchronized void loseState() {
			this.runId = UUID.randomUUID().toString();
			this.state = null;
		}

		synchronized Runnable snapshot() {
			State copy = (this.state != null) ? this.state.copy() : null;
			return () -> {
				synchronized (this) {
					this.runId = UUID.randomUUID().toString();
					this.state = (copy != null) ? copy.copy() : null;
				}
			};
		}

		synchronized void expire(int code) {
			if (this.state != null) {
				this.state.holders.remove(code);
			}
		}

		// Guarded by this: the state, after the loss check every call makes first.
		State state(long now, Mutation mutation) {
			State current = this.state;
			if (current == null) {
				current = new State(this.runId);
				if (mutation != Mutation.NO_LOSS_DETECTION) {
					current.floor0 = now + QUARANTINE_MILLIS;
				}
				this.state = current;
			}
			else if (!current.lineage.equals(this.runId)) {
				if (mutation != Mutation.LINEAGE_NOT_CHECKED) {
					current.floor0 = Math.max(current.floor0, now + QUARANTINE_MILLIS);
				}
				current.lineage = this.runId;
			}
			return current;
		}

	}

	/**
	 * Marks, holders, the generation counter, the loss floor and the lineage, together.
	 */
	private static final class State {

		private String lineage;

		private long floor0 = Long.MIN_VALUE;

		private long generation;

		private final Map<Integer, String> holders = new HashMap<>();

		// Per code, the highest ceiling (or last used millisecond) of each owner.
		private final Map<Integer, Map<String, Long>> ceilings = new HashMap<>();

		State(String lineage) {
			this.lineage = lineage;
		}

		long record(int code, String token, long ceiling) {
			return this.ceilings.computeIfAbsent(code, (key) -> new HashMap<>()).merge(token, ceiling, Math::max);
		}

		State copy() {
			State copy = new State(this.lineage);
			copy.floor0 = this.floor0;
			copy.generation = this.generation;
			copy.holders.putAll(this.holders);
			this.ceilings.forEach((code, owners) -> copy.ceilings.put(code, new HashMap<>(owners)));
			return copy;
		}

	}

}
