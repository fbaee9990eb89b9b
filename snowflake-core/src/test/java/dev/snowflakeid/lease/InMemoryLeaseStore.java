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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.sim.RedisNode;

/**
 * The Redis lease store on a fake clock, for testing the keeper's own rules: the
 * simulated Redis of the lease simulation (whose scripts are conformance-checked against
 * the real ones) behind what the Redis store does around them, with hooks to fail or slow
 * a call.
 */
final class InMemoryLeaseStore implements WorkerLeaseStore {

	private final FakeTime storeClock;

	private final Duration ttl;

	final RedisNode node;

	final RedisNode.Settings settings;

	final List<String> calls = new ArrayList<>();

	long storeClockOffsetMillis;

	RuntimeException failure;

	/** Thrown by {@link #release} instead of giving the code back, when set. */
	RuntimeException releaseFailure;

	Consumer<String> duringCall = (call) -> {
	};

	InMemoryLeaseStore(FakeTime storeClock, int codes, Duration ttl, LeaseTiming timing) {
		this.storeClock = storeClock;
		this.ttl = ttl;
		this.node = new RedisNode("redis", () -> storeClock.millis() + this.storeClockOffsetMillis, Set.of());
		this.settings = new RedisNode.Settings(timing.maxClockSkew().toMillis(), 300, 0, 1,
				SnowflakeLayout.defaults().toString(), "0", timing.quarantine().toMillis(),
				timing.ceilingLead().toMillis(), ttl.toMillis(), codes);
	}

	@Override
	public synchronized LeaseGrant claim(int preferredCode) {
		long caller = this.storeClock.millis();
		this.calls.add("claim");
		this.duringCall.accept("claim");
		if (this.failure != null) {
			throw this.failure;
		}
		String nonce = UUID.randomUUID().toString();
		RedisNode.Reply reply = this.node.lease(this.settings, "claim", caller, nonce, preferredCode, 0);
		if (reply.status() == -1) {
			throw new NoFreeWorkerCodeException(0, this.settings.codes());
		}
		refuseUnlessGranted(reply, caller);
		return new LeaseGrant((int) reply.code(), reply.generation(), reply.generation() + "|" + nonce, reply.floor(),
				reply.ceiling(), reply.time(), this.ttl);
	}

	@Override
	public synchronized LeaseRenewal renew(LeaseGrant grant) {
		long caller = this.storeClock.millis();
		this.calls.add("renew");
		this.duringCall.accept("renew");
		if (this.failure != null) {
			throw this.failure;
		}
		RedisNode.Reply reply = this.node.lease(this.settings, "renew", caller, grant.token(), grant.workerCode(), 0);
		if (reply.status() == -2) {
			return LeaseRenewal.expired(reply.time());
		}
		if (reply.status() == -3) {
			return LeaseRenewal.fenced(reply.time());
		}
		refuseUnlessGranted(reply, caller);
		return LeaseRenewal.renewed(reply.floor(), reply.ceiling(), reply.time());
	}

	private void refuseUnlessGranted(RedisNode.Reply reply, long caller) {
		if (reply.status() == -5) {
			throw new ClockSkewException("worker clock and Redis TIME differ by " + (caller - reply.time()) + " ms",
					caller - reply.time());
		}
		if (reply.status() != 1) {
			throw new LeaseStoreUnavailableException("refused: " + reply, null);
		}
	}

	@Override
	public synchronized void release(LeaseGrant grant, long lastUsedMillis) {
		this.calls.add("release " + grant.workerCode());
		if (this.releaseFailure != null) {
			throw this.releaseFailure;
		}
		this.node.release(grant.workerCode(), grant.token());
	}

	@Override
	public String name() {
		return "in-memory";
	}

	synchronized long highWaterMark(int code) {
		return this.node.mark(code);
	}

	/** Another process takes the code, as after this owner's lease expired. */
	synchronized void takeOver(int code) {
		this.node.dropLease(code);
		claim(code);
	}

	/** Redis restarted without persistence. */
	synchronized void wipe() {
		this.node.restartEmpty();
	}

	synchronized void free(int code) {
		this.node.dropLease(code);
	}

	synchronized void occupyAll() {
		for (int code = 0; code < this.settings.codes(); code++) {
			claim(code);
		}
	}

}
