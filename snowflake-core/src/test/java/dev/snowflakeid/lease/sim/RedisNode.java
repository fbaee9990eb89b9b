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

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * A Redis server as the lease scripts see it: its clock, its lineage ({@code run_id} and
 * {@code master_replid}), its role and replicas, and the region's keys. {@link #lease} and {@link #release}
 * do what {@code lease.lua} and {@code release.lua} do, step for step, and answer the same replies; the
 * conformance test runs both on the same operations. {@link Mutation}s put a known-bad rule back.
 */
public final class RedisNode {

	/** The reply of lease.lua: status first, then the fields of that status. */
	public record Reply(long status, long code, long generation, long floor, long ceiling, long time, long replicas,
			String detail) {

		static Reply of(long status, long time) {
			return new Reply(status, 0, 0, 0, 0, time, 0, "");
		}

		static Reply refused(long status, long time, String detail) {
			return new Reply(status, 0, 0, 0, 0, time, 0, detail);
		}

	}

	/**
	 * The arguments of lease.lua that stay the same for a worker; {@code formatDeclared} is false where the
	 * format record cannot be declared beside the region's keys (a Cluster).
	 */
	public record Settings(long skew, long lateness, int replicas, long maxLagSeconds, String layout, String region,
			long quarantine, long ceilingLead, long ttl, int codes, int database, String namespace,
			boolean formatDeclared, long leadLimit) {

		/** Database 0, namespace {@code default}, no format record (as on a Cluster). */
		public Settings(long skew, long lateness, int replicas, long maxLagSeconds, String layout, String region,
				long quarantine, long ceilingLead, long ttl, int codes) {
			this(skew, lateness, replicas, maxLagSeconds, layout, region, quarantine, ceilingLead, ttl, codes, 0,
					"default", false, 0);
		}

	}

	/** A lease key: owner token and expiry in this node's clock. */
	record LeaseKey(String token, long expiresAt) {
	}

	/** Run ids and replication ids are unique across every node of every schedule, even run in parallel. */
	private static final java.util.concurrent.atomic.AtomicLong identities = new java.util.concurrent.atomic.AtomicLong();

	private final String name;

	private final Set<Mutation> mutations;

	private final LongSupplier trueTime;

	long clockOffset;

	String runId;

	String replid;

	boolean primary = true;

	/** Region state hash; {@code null} while the key does not exist. */
	Map<String, String> state;

	/** The region's witness; {@code null} while the key does not exist. */
	String witness;

	/** The key space's format record; {@code null} while the key does not exist. */
	Map<String, String> format;

	final Map<Integer, LeaseKey> leases = new HashMap<>();

	/** Replicas as this node lists them, with the true time of their last acknowledgement. */
	final Map<RedisNode, Long> replicas = new HashMap<>();

	/** The primary this node replicates from, or {@code null}. */
	RedisNode master;

	/** Grows with every write, so that copies are taken only of changed data. */
	long version;

	/** The version of its primary this node last copied. */
	long copiedVersion = -1;

	public RedisNode(String name, LongSupplier trueTime, Set<Mutation> mutations) {
		this.name = name;
		this.trueTime = trueTime;
		this.mutations = mutations.isEmpty() ? EnumSet.noneOf(Mutation.class) : EnumSet.copyOf(mutations);
		newRunId();
		newReplid();
	}

	public String name() {
		return this.name;
	}

	/** This node's clock, Unix-epoch milliseconds. */
	public long now() {
		return this.trueTime.getAsLong() + this.clockOffset;
	}

	void newRunId() {
		this.runId = this.name + "-run-" + identities.incrementAndGet();
	}

	void newReplid() {
		this.replid = this.name + "-repl-" + identities.incrementAndGet();
	}

	String lineage() {
		if (this.mutations.contains(Mutation.LINEAGE_RUN_ID_ONLY)) {
			return this.runId;
		}
		return this.runId + "/" + this.replid;
	}

	/** lease.lua at this node's clock. */
	public Reply lease(Settings settings, String op, long caller, String nonceOrToken, int codeArg, int start) {
		return lease(settings, op, caller, nonceOrToken, codeArg, start, now());
	}

	/** lease.lua with "now" given, for the conformance test (which takes it from the real server's reply). */
	public Reply lease(Settings s, String op, long caller, String nonceOrToken, int codeArg, int start, long now) {
		if (!this.mutations.contains(Mutation.NO_CLOCK_CHECK)
				&& (now < caller - s.skew() || now > caller + s.skew() + s.lateness())) {
			return Reply.refused(-5, now, Long.toString(caller));
		}
		if (!this.primary && !this.mutations.contains(Mutation.NO_ROLE_CHECK)) {
			return Reply.refused(-6, now, "role is slave, not master");
		}
		int quorum = 0;
		if (!this.mutations.contains(Mutation.NO_REPLICA_CHECKS)) {
			int attached = 0;
			int good = 0;
			for (Long ackedAt : this.replicas.values()) {
				long lag = (this.trueTime.getAsLong() - ackedAt) / 1000;
				attached++;
				if (lag <= s.maxLagSeconds()) {
					good++;
				}
			}
			quorum = this.mutations.contains(Mutation.MINORITY_QUORUM) ? Math.min(1, s.replicas())
					: (s.replicas() + 1) / 2;
			if (attached > s.replicas()) {
				return Reply.refused(-6, now, attached + " replicas attached, more than the " + s.replicas() + " configured");
			}
			if (good < quorum) {
				return Reply.refused(-6, now, good + " of " + attached + " attached replicas online within "
						+ s.maxLagSeconds() + " s lag, " + quorum + " of " + s.replicas() + " required");
			}
		}
		if (s.formatDeclared()) {
			if (this.format == null) {
				return Reply.of(-7, now);
			}
			String owner = this.format.get("region:" + s.region());
			if (!this.format.get("format").equals(s.layout()) || (owner != null && !owner.equals(s.namespace()))
					|| !Long.toString(s.leadLimit()).equals(this.format.get("limit"))) {
				return Reply.refused(-8, now, this.format.get("format"));
			}
		}
		String lineage = lineage();
		boolean lost = this.state == null || !lineage.equals(this.state.get("lineage"));
		if (!this.mutations.contains(Mutation.LINEAGE_ONLY_LOSS_CHECK) && this.state != null
				&& (!Integer.toString(s.database()).equals(this.state.get("db")) || this.witness == null
						|| !this.witness.equals(this.state.get("w")))) {
			lost = true;
		}
		long floor0 = (this.state != null) ? number(this.state.get("floor0")) : 0;
		if (this.state != null && this.state.get("layout") != null && (!this.state.get("layout").equals(s.layout())
				|| !s.region().equals(this.state.get("region")) || !Long.toString(s.quarantine()).equals(this.state.get("q"))
				|| !Long.toString(s.ceilingLead()).equals(this.state.get("a")))) {
			boolean passed = !lost && this.state.get("layout").equals(s.layout())
					&& s.region().equals(this.state.get("region"));
			if (passed) {
				long latest = floor0;
				for (int code = 0; code < s.codes(); code++) {
					latest = Math.max(latest, mark(Integer.toString(code)));
				}
				passed = now >= latest + number(this.state.get("q"));
			}
			if (!passed) {
				return Reply.refused(-4, now, this.state.get("layout"));
			}
		}
		this.version++;
		if (lost) {
			floor0 = Math.max(floor0, now + s.quarantine());
		}
		if (this.state == null) {
			this.state = new HashMap<>();
		}
		if (s.formatDeclared()) {
			this.format.putIfAbsent("region:" + s.region(), s.namespace());
		}
		// a value no older copy holds: the real script sets a random one the caller sends
		this.witness = "w" + identities.incrementAndGet();
		this.state.put("lineage", lineage);
		this.state.put("floor0", Long.toString(floor0));
		this.state.put("layout", s.layout());
		this.state.put("region", s.region());
		this.state.put("q", Long.toString(s.quarantine()));
		this.state.put("a", Long.toString(s.ceilingLead()));
		this.state.put("db", Integer.toString(s.database()));
		this.state.put("w", this.witness);
		boolean v1Ceilings = this.mutations.contains(Mutation.V1_CEILINGS);
		long ceiling = now + s.ceilingLead();
		if (op.equals("renew")) {
			String code = Integer.toString(codeArg);
			LeaseKey value = lease(codeArg, now);
			if (value == null) {
				return Reply.of(-2, now);
			}
			if (!value.token().equals(nonceOrToken)) {
				return Reply.of(-3, now);
			}
			long floor = this.mutations.contains(Mutation.RENEW_WITHOUT_FLOOR0) ? others(code, nonceOrToken)
					: Math.max(others(code, nonceOrToken), floor0);
			if (v1Ceilings) {
				ceiling = Math.max(mark(code), now + s.ceilingLead());
			}
			this.leases.put(codeArg, new LeaseKey(value.token(), now + s.ttl()));
			record(code, nonceOrToken, ceiling);
			long generation = Long.parseLong(nonceOrToken.substring(0, nonceOrToken.indexOf('|')));
			return new Reply(1, codeArg, generation, floor, ceiling, now, quorum, "");
		}
		int code = -1;
		if (codeArg >= 0 && codeArg < s.codes() && lease(codeArg, now) == null) {
			code = codeArg;
		}
		else {
			Long lowest = null;
			for (int i = 0; i < s.codes(); i++) {
				int candidate = (start + i) % s.codes();
				if (lease(candidate, now) == null) {
					long floor = Math.max(mark(Integer.toString(candidate)), floor0);
					if (floor < now) {
						code = candidate;
						break;
					}
					if (lowest == null || floor < lowest) {
						code = candidate;
						lowest = floor;
					}
				}
			}
		}
		if (code < 0) {
			return Reply.of(-1, now);
		}
		String field = Integer.toString(code);
		long floor = Math.max(mark(field), floor0);
		if (v1Ceilings) {
			floor = Math.max(floor, now + s.quarantine());
			ceiling = floor + s.ceilingLead();
		}
		long generation = number(this.state.get("g:" + field)) + 1;
		this.state.put("g:" + field, Long.toString(generation));
		String token = generation + "|" + nonceOrToken;
		this.leases.put(code, new LeaseKey(token, now + s.ttl()));
		record(field, token, ceiling);
		return new Reply(1, code, generation, floor, ceiling, now, quorum, "");
	}

	/**
	 * format.lua: records or compares the key space's format and the region's namespace.
	 * @param mayCreate whether the caller's scan found no region state of another format
	 * @param regions regions and namespaces of the states the scan found, in pairs
	 */
	public long format(String format, String region, String namespace, long leadLimit, boolean mayCreate,
			List<String> regions) {
		if (!this.primary) {
			return 0;
		}
		if (this.format == null) {
			if (!mayCreate) {
				return -7;
			}
			this.version++;
			this.format = new HashMap<>();
			for (int i = 0; i + 1 < regions.size(); i += 2) {
				this.format.putIfAbsent("region:" + regions.get(i), regions.get(i + 1));
			}
			this.format.put("format", format);
			this.format.put("limit", Long.toString(leadLimit));
		}
		String owner = this.format.get("region:" + region);
		if (!this.format.get("format").equals(format) || (owner != null && !owner.equals(namespace))
				|| !Long.toString(leadLimit).equals(this.format.get("limit"))) {
			return -8;
		}
		if (owner == null) {
			this.version++;
			this.format.put("region:" + region, namespace);
		}
		return 1;
	}

	/** The layout the region's state records, or {@code null} without a state. */
	public String recordedLayout() {
		return (this.state != null) ? this.state.get("layout") : null;
	}

	/** release.lua. */
	public long release(int code, String token) {
		LeaseKey value = lease(code, now());
		if (value == null || !value.token().equals(token)) {
			return 0;
		}
		this.leases.remove(code);
		this.version++;
		return 1;
	}

	/** available.lua. */
	public long available(int codes) {
		long free = 0;
		for (int code = 0; code < codes; code++) {
			if (lease(code, now()) == null) {
				free++;
			}
		}
		return free;
	}

	private LeaseKey lease(int code, long now) {
		LeaseKey value = this.leases.get(code);
		if (value != null && value.expiresAt() < now) {
			this.leases.remove(code);
			return null;
		}
		return value;
	}

	/** The mark of a code: the highest ceiling ever granted for it, 0 when none is recorded. */
	public long mark(int code) {
		return (this.state != null) ? mark(Integer.toString(code)) : 0;
	}

	/** Redis restarted without persistence: new identity, no data. */
	public void restartEmpty() {
		restart(Data.empty());
	}

	/** The lease key of a code expired or was deleted. */
	public void dropLease(int code) {
		this.version++;
		this.leases.remove(code);
	}

	private long mark(String code) {
		return number(this.state.get("m:" + code));
	}

	private long others(String code, String token) {
		if (this.mutations.contains(Mutation.RENEW_FLOOR_IGNORES_MARKS)) {
			return 0;
		}
		if (token.equals(this.state.get("t:" + code))) {
			return number(this.state.get("o:" + code));
		}
		return mark(code);
	}

	private void record(String code, String token, long ceiling) {
		long m = mark(code);
		if (token.equals(this.state.get("t:" + code))) {
			if (ceiling > m) {
				this.state.put("m:" + code, Long.toString(ceiling));
			}
		}
		else if (ceiling > m) {
			this.state.put("m:" + code, Long.toString(ceiling));
			this.state.put("t:" + code, token);
			this.state.put("o:" + code, Long.toString(m));
		}
		else if (ceiling > number(this.state.get("o:" + code))) {
			this.state.put("o:" + code, Long.toString(ceiling));
		}
	}

	private static long number(String value) {
		return (value != null) ? Long.parseLong(value) : 0;
	}

	// ---- what happens to a server -------------------------------------------------------------------

	/** Writes a lease key back, as RESTORE or MIGRATE ... REPLACE would; the state hash is untouched. */
	void restoreLease(int code, LeaseKey key) {
		this.version++;
		this.leases.put(code, key);
	}

	/** Deletes the state hash, as an eviction or a DEL would. */
	public void evictState() {
		this.version++;
		this.state = null;
	}

	/**
	 * Puts an older copy of the state hash back in place of the current one, the lineage kept: RENAME of a
	 * backup onto the state key, RESTORE, or COPY ... REPLACE. The witness stays.
	 */
	public void replaceState(Map<String, String> older) {
		this.version++;
		this.state = (older != null) ? new HashMap<>(older) : null;
	}

	/**
	 * SWAPDB with another fleet's database: the state and witness of a database where the same region was
	 * leased are now this one's, the lineage (a server-wide property) kept. That database wrote its own index
	 * and witness; its marks are those of {@code state}, an older state of this region.
	 */
	void swapInForeignDatabase(Map<String, String> state, int database) {
		this.version++;
		this.state = new HashMap<>(state);
		this.state.put("db", Integer.toString(database));
		// the other fleet's witness, which no copy of this database's state ever recorded
		this.witness = "w" + identities.incrementAndGet();
		this.state.put("w", this.witness);
		this.leases.clear();
	}

	/** The witness key deleted. */
	public void dropWitness() {
		this.version++;
		this.witness = null;
	}

	/** The key space's format record deleted. */
	public void dropFormat() {
		this.version++;
		this.format = null;
	}

	/** A copy of the state hash, or {@code null} without one. */
	public Map<String, String> stateCopy() {
		return (this.state != null) ? new HashMap<>(this.state) : null;
	}

	/** FLUSHALL: every key gone, the identity kept. */
	public void flushAll() {
		this.version++;
		this.state = null;
		this.witness = null;
		this.format = null;
		this.leases.clear();
	}

	/** A copy of this node's data, as a replica or a snapshot holds it. */
	Data data() {
		Map<Integer, LeaseKey> copy = new HashMap<>(this.leases);
		return new Data((this.state != null) ? new HashMap<>(this.state) : null, copy, this.witness,
				(this.format != null) ? new HashMap<>(this.format) : null);
	}

	void load(Data data) {
		this.version++;
		this.state = (data.state() != null) ? new HashMap<>(data.state()) : null;
		this.witness = data.witness();
		this.format = (data.format() != null) ? new HashMap<>(data.format()) : null;
		this.leases.clear();
		this.leases.putAll(data.leases());
	}

	/** Restart: a new run id and replication id, with the given data (empty without persistence). */
	void restart(Data data) {
		newRunId();
		newReplid();
		load(data);
		this.primary = this.master == null;
	}

	/**
	 * REPLICAOF NO ONE: keeps the run id, starts a new replication history. The old primary is not told
	 * (a partition): it lists this replica, with its last acknowledgement, until it is demoted.
	 */
	void promote() {
		this.master = null;
		this.primary = true;
		newReplid();
	}

	/**
	 * REPLICAOF primary: a full resync, taking the primary's data and replication id. The primary this node
	 * followed until now drops it from its list only if it {@code notices} (it is not cut off).
	 */
	void replicate(RedisNode from, boolean notices) {
		if (this.master != null && notices) {
			this.master.replicas.remove(this);
		}
		this.master = from;
		this.primary = false;
		this.replicas.clear();
		load(from.data());
		this.replid = from.replid;
		from.replicas.put(this, this.trueTime.getAsLong());
	}

	/** Data of a node: the state hash, the lease keys, the witness and the format record. */
	record Data(Map<String, String> state, Map<Integer, LeaseKey> leases, String witness,
			Map<String, String> format) {

		static Data empty() {
			return new Data(null, Map.of(), null, null);
		}

	}

	List<RedisNode> replicaList() {
		return new ArrayList<>(this.replicas.keySet());
	}

	@Override
	public String toString() {
		return this.name + (this.primary ? "(primary " : "(replica ") + this.runId + "/" + this.replid + ")";
	}

}
