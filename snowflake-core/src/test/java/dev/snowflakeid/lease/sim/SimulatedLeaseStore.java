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
package dev.snowflakeid.lease.sim;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.SideBySideFormats;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import dev.snowflakeid.lease.WorkerLeaseStore;

/**
 * One worker's view of the simulated Redis: what {@code RedisWorkerLeaseStore} does
 * around the scripts (caller clock, nonce, scan start, reply mapping, WAIT), over a
 * network that may lose or delay requests and replies. Against a {@link JdbcNode} it is
 * {@code JdbcWorkerLeaseStore}: the same calls, each one grant transaction, and the grant
 * counter the store saw. Every range it hands to the keeper is recorded, so the checker
 * can tell whether an issued ID lies inside a range the store really granted.
 */
final class SimulatedLeaseStore implements WorkerLeaseStore {

	/** How a request fares on the way. */
	enum Fate {

		DELIVERED, REQUEST_LOST, REPLY_LOST, LATE

	}

	/** A range the keeper was given: code and {@code (floor, ceiling]}. */
	record Granted(int code, long floor, long ceiling) {
	}

	private final LeaseSimulation world;

	private final SimulatedWorker worker;

	private final RedisNode.Settings settings;

	/** The region's keys this store leases from. */
	private final RedisNode.KeyName keys;

	private final InstantSource callerClock;

	private final Random random;

	private final Duration ttl;

	final List<Granted> granted = new ArrayList<>();

	/** The server that answered the last request. */
	private RedisNode granting;

	/**
	 * Whether format.lua answered 1 since the last -7, as {@code FormatRecord} keeps it.
	 */
	private boolean formatConfirmed;

	/**
	 * The highest grant counter this store wrote or read on a JDBC table, as
	 * {@code LeaseGrants} keeps it.
	 */
	private long seenEpoch;

	SimulatedLeaseStore(LeaseSimulation world, SimulatedWorker worker, RedisNode.Settings settings,
			InstantSource callerClock, Random random) {
		this.world = world;
		this.worker = worker;
		this.settings = settings;
		this.keys = RedisNode.KeyName.of(settings);
		this.callerClock = callerClock;
		this.random = random;
		this.ttl = Duration.ofMillis(settings.ttl());
	}

	@Override
	public LeaseGrant claim(int preferredCode) {
		String nonce = Long.toHexString(this.random.nextLong()) + Long.toHexString(this.random.nextLong());
		int start = this.random.nextInt(this.settings.codes());
		RedisNode.Reply reply = call("claim", nonce, Math.max(-1, preferredCode), start);
		if (reply.status() == -1) {
			throw new NoFreeWorkerCodeException(0, this.settings.codes());
		}
		refuseUnlessGranted(reply);
		String token = reply.generation() + "|" + nonce;
		this.world.handed(this.worker, token);
		this.world.checkHeld(this.granting, this.keys);
		record(new Granted((int) reply.code(), reply.floor(), reply.ceiling()), token);
		return new LeaseGrant((int) reply.code(), reply.generation(), token, reply.floor(), reply.ceiling(),
				reply.time(), this.ttl);
	}

	@Override
	public LeaseRenewal renew(LeaseGrant grant) {
		RedisNode.Reply reply = call("renew", grant.token(), grant.workerCode(), 0);
		if (reply.status() == -2) {
			return LeaseRenewal.expired(reply.time());
		}
		if (reply.status() == -3) {
			return LeaseRenewal.fenced(reply.time());
		}
		refuseUnlessGranted(reply);
		record(new Granted(grant.workerCode(), reply.floor(), reply.ceiling()), grant.token());
		return LeaseRenewal.renewed(reply.floor(), reply.ceiling(), reply.time());
	}

	@Override
	public void release(LeaseGrant grant, long lastUsedMillis) {
		RedisNode node = this.world.route(this.worker);
		if (this.world.reachable(this.worker, node) && this.world.fate(this.worker) == Fate.DELIVERED) {
			node.release(this.keys, grant.workerCode(), grant.token());
			return;
		}
		throw new LeaseStoreUnavailableException("release timed out", null);
	}

	@Override
	public String name() {
		return "simulated-redis";
	}

	private RedisNode.Reply call(String op, String tokenOrNonce, int code, int start) {
		RedisNode node = this.world.route(this.worker);
		if (!this.formatConfirmed) {
			if (!this.world.reachable(this.worker, node)) {
				throw timeout("format check");
			}
			// FormatRecord's SCAN of the key space: the record is made only beside states
			// of this format or of one side by side with it (whose regions keep theirs)
			boolean mayCreate = true;
			List<String> regions = new ArrayList<>();
			for (String[] state : node.scan(this.settings.database(), this.settings.region())) {
				if (state[2] == null) {
					continue;
				}
				boolean mine = state[2].equals(this.settings.layout());
				if (!mine && !SideBySideFormats.mayShareKeySpace(state[2], this.settings.layout())) {
					mayCreate = false;
					break;
				}
				regions.add(state[0]);
				regions.add(state[1]);
				regions.add(mine ? "" : state[2]);
			}
			long status = node.format(this.settings.database(), this.settings.layout(), this.settings.region(),
					this.settings.namespace(), this.settings.leadLimit(), mayCreate, regions,
					this.settings.sideBySide());
			if (status < 0) {
				throw new StoreMismatchException("format record: " + status);
			}
			this.formatConfirmed = status == 1;
		}
		long caller = this.callerClock.millis();
		if (!this.world.reachable(this.worker, node)) {
			// A paused server: the request waits in its socket and runs when it resumes;
			// the caller times out.
			this.world.whenResumed(node, () -> unanswered(node, op, caller, tokenOrNonce, code, start));
			throw timeout(op);
		}
		Fate fate = this.world.fate(this.worker);
		switch (fate) {
			case REQUEST_LOST -> throw timeout(op);
			case LATE -> {
				this.world.later(this.settings.lateness() + 1 + this.random.nextInt(2000),
						() -> unanswered(node, op, caller, tokenOrNonce, code, start));
				throw timeout(op);
			}
			default -> {
			}
		}
		// Within the timeout: EVALSHA answered NOSCRIPT (a restarted or promoted server's
		// script cache is empty),
		// then EVAL with the same arguments, the caller's clock read before the first;
		// and the request itself may
		// arrive late. Nothing else happens meanwhile.
		long delay = this.world.lateWithinTimeout();
		if (delay > 0) {
			this.world.count("request late within its timeout");
		}
		if (!node.scriptCached) {
			node.scriptCached = true;
			delay += this.world.roundTrip();
			this.world.count("NOSCRIPT, then EVAL");
		}
		if (delay > 0) {
			this.world.park(delay * 1_000_000);
		}
		RedisNode.Reply reply = grant(node, op, caller, tokenOrNonce, code, start);
		this.granting = node;
		if (fate == Fate.REPLY_LOST) {
			inFlight(op, tokenOrNonce, reply);
			throw timeout(op);
		}
		if (node instanceof JdbcNode table) {
			this.seenEpoch = Math.max(this.seenEpoch, table.committedEpoch());
		}
		if (reply.status() == 1 && reply.replicas() > 0 && this.world.waitsForReplicas()) {
			// WAIT, then the lineage read again, as RedisWorkerLeaseStore does: both
			// where the client routes them
			String lineage = node.lineage();
			RedisNode waited = this.world.waitTarget(this.worker, node);
			if (!this.world.acknowledged(waited, reply.replicas())) {
				throw unused(op, tokenOrNonce, reply, node,
						"fewer than " + reply.replicas() + " replicas acknowledged the grant");
			}
			if (!waited.lineage().equals(lineage) && !this.world.mutations().contains(Mutation.NO_LINEAGE_CHECK)) {
				throw unused(op, tokenOrNonce, reply, node, "the acknowledgement was read from another server");
			}
		}
		if (reply.status() == 1) {
			this.world.used(this.worker, node, op);
		}
		return reply;
	}

	/**
	 * A claim that is not used is given back with its token, as RedisWorkerLeaseStore
	 * does (through the template's routing, which may reach another server than the one
	 * that granted it); a renewal keeps its key.
	 */
	private LeaseStoreUnavailableException unused(String op, String nonce, RedisNode.Reply grant, RedisNode granting,
			String reason) {
		if (op.equals("claim")) {
			this.world.count("claim refused after the script");
		}
		if (op.equals("claim") && !this.world.mutations().contains(Mutation.NO_RELEASE_OF_REFUSED_CLAIMS)) {
			RedisNode node = this.world.route(this.worker);
			String token = grant.generation() + "|" + nonce;
			if (this.world.reachable(this.worker, node) && this.world.fate(this.worker) == Fate.DELIVERED) {
				node.release(this.keys, (int) grant.code(), token);
			}
			if (node != granting || granting.heldLeases(this.keys).containsKey((int) grant.code())
					&& granting.heldLeases(this.keys).get((int) grant.code()).token().equals(token)) {
				// the release was lost or reached another server: the key is held until
				// it expires
				this.world.inFlight(token);
			}
		}
		this.world.checkHeld(granting, this.keys);
		return new LeaseStoreUnavailableException(reason, null);
	}

	// A request the caller no longer waits for runs: a claim it grants holds a code
	// nobody uses until it expires.
	private void unanswered(RedisNode node, String op, long caller, String tokenOrNonce, int code, int start) {
		inFlight(op, tokenOrNonce, grant(node, op, caller, tokenOrNonce, code, start));
	}

	// lease.lua, or the JDBC store's grant transaction
	private RedisNode.Reply grant(RedisNode node, String op, long caller, String tokenOrNonce, int code, int start) {
		if (node instanceof JdbcNode table) {
			return table.grant(this.settings, op, caller, tokenOrNonce, code, start, this.seenEpoch);
		}
		return node.lease(this.settings, op, caller, tokenOrNonce, code, start);
	}

	private void inFlight(String op, String nonce, RedisNode.Reply reply) {
		if (op.equals("claim") && reply.status() == 1) {
			this.world.inFlight(reply.generation() + "|" + nonce);
		}
	}

	private void record(Granted range, String token) {
		this.granted.add(range);
		this.world.checkGrant(this.worker, range, token);
	}

	private void refuseUnlessGranted(RedisNode.Reply reply) {
		if (reply.status() == 1) {
			return;
		}
		if (reply.status() == -4) {
			throw new StoreMismatchException("settings differ: " + reply.detail());
		}
		if (reply.status() == -8) {
			throw new StoreMismatchException("format record: another format or namespace, " + reply.detail());
		}
		if (reply.status() == -7) {
			this.formatConfirmed = false;
		}
		if (reply.status() == -5) {
			throw new ClockSkewException("clocks differ", this.callerClock.millis() - reply.time());
		}
		throw new LeaseStoreUnavailableException("refused: " + reply.detail(), null);
	}

	private static LeaseStoreUnavailableException timeout(String op) {
		return new LeaseStoreUnavailableException(op + " timed out", null);
	}

}
