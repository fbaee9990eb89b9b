package dev.snowflakeid.lease;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;

import dev.snowflakeid.FakeTime;

/**
 * The lease protocol of the Redis store (claim with quarantine floor, renew raising a persisted ceiling,
 * -1/-2 answers, release), kept in memory on a fake clock, for testing the keeper's own rules. The Redis
 * store itself is tested against real servers.
 */
final class InMemoryLeaseStore implements WorkerLeaseStore {

	private final FakeTime storeClock;

	private final int codes;

	private final Duration ttl;

	private final long leadMillis;

	private final long quarantineMillis;

	private final Map<Integer, String> owners = new HashMap<>();

	private final Map<Integer, Long> expiries = new HashMap<>();

	private final Map<Integer, Long> generations = new HashMap<>();

	private final Map<Integer, Long> highWaterMarks = new HashMap<>();

	final List<String> calls = new ArrayList<>();

	long storeClockOffsetMillis;

	RuntimeException failure;

	Consumer<String> duringCall = (call) -> {
	};

	InMemoryLeaseStore(FakeTime storeClock, int codes, Duration ttl, Duration lead, Duration quarantine) {
		this.storeClock = storeClock;
		this.codes = codes;
		this.ttl = ttl;
		this.leadMillis = lead.toMillis();
		this.quarantineMillis = quarantine.toMillis();
	}

	private long now() {
		return this.storeClock.millis() + this.storeClockOffsetMillis;
	}

	private boolean held(int code, long now) {
		Long expiry = this.expiries.get(code);
		return expiry != null && expiry > now;
	}

	@Override
	public synchronized LeaseGrant claim(int preferredCode) {
		this.calls.add("claim");
		this.duringCall.accept("claim");
		if (this.failure != null) {
			throw this.failure;
		}
		long now = now();
		int code = -1;
		if (preferredCode >= 0 && preferredCode < this.codes && !held(preferredCode, now)) {
			code = preferredCode;
		}
		for (int candidate = 0; code < 0 && candidate < this.codes; candidate++) {
			if (!held(candidate, now)) {
				code = candidate;
			}
		}
		if (code < 0) {
			throw new NoFreeWorkerCodeException(0, this.codes);
		}
		long generation = this.generations.merge(code, 1L, Long::sum);
		String token = generation + "|" + UUID.randomUUID();
		this.owners.put(code, token);
		this.expiries.put(code, now + this.ttl.toMillis());
		long floor = Math.max(this.highWaterMarks.getOrDefault(code, Long.MIN_VALUE), now + this.quarantineMillis);
		long ceiling = floor + this.leadMillis;
		this.highWaterMarks.merge(code, ceiling, Math::max);
		return new LeaseGrant(code, generation, token, floor, ceiling, now, this.ttl);
	}

	@Override
	public synchronized LeaseRenewal renew(LeaseGrant grant) {
		this.calls.add("renew");
		this.duringCall.accept("renew");
		if (this.failure != null) {
			throw this.failure;
		}
		long now = now();
		if (!held(grant.workerCode(), now)) {
			return LeaseRenewal.expired(now);
		}
		if (!grant.token().equals(this.owners.get(grant.workerCode()))) {
			return LeaseRenewal.fenced(now);
		}
		this.expiries.put(grant.workerCode(), now + this.ttl.toMillis());
		long ceiling = Math.max(this.highWaterMarks.get(grant.workerCode()), now + this.leadMillis);
		this.highWaterMarks.put(grant.workerCode(), ceiling);
		return LeaseRenewal.renewed(ceiling, now);
	}

	@Override
	public synchronized void release(LeaseGrant grant, long lastUsedMillis) {
		this.calls.add("release " + grant.workerCode() + " " + lastUsedMillis);
		if (grant.token().equals(this.owners.get(grant.workerCode())) && held(grant.workerCode(), now())) {
			this.highWaterMarks.merge(grant.workerCode(), lastUsedMillis, Math::max);
			this.expiries.remove(grant.workerCode());
		}
	}

	@Override
	public String name() {
		return "in-memory";
	}

	synchronized long highWaterMark(int code) {
		return this.highWaterMarks.getOrDefault(code, Long.MIN_VALUE);
	}

	/** Another process takes the code, as after this owner's lease expired. */
	synchronized void takeOver(int code) {
		this.expiries.remove(code);
		claim(code);
	}

	/** The store forgets everything, as Redis restarted without persistence. */
	synchronized void wipe() {
		this.owners.clear();
		this.expiries.clear();
		this.generations.clear();
		this.highWaterMarks.clear();
	}

	synchronized void free(int code) {
		this.expiries.remove(code);
	}

	synchronized void occupyAll() {
		for (int code = 0; code < this.codes; code++) {
			if (!held(code, now())) {
				claim(code);
			}
		}
	}

}
