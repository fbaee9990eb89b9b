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

import dev.snowflakeid.lease.SideBySideFormats;

/**
 * A Redis server as the lease scripts see it: its clock, its lineage ({@code run_id} and
 * {@code master_replid}), its role and replicas, and the region's keys. {@link #lease}
 * and {@link #release} do what {@code lease.lua} and {@code release.lua} do, step for
 * step, and answer the same replies; the conformance test runs both on the same
 * operations. {@link Mutation}s put a known-bad rule back. {@link JdbcNode} keeps the
 * JDBC store's table in the same structures.
 */
public sealed class RedisNode permits JdbcNode {

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
	 * The arguments of lease.lua that stay the same for a worker; {@code formatDeclared}
	 * is false where the format record cannot be declared beside the region's keys (a
	 * Cluster); {@code sideBySide} is the JDBC store's
	 * {@code format-coexistence=side-by-side}.
	 */
	public record Settings(long skew, long lateness, int replicas, long maxLagSeconds, String layout, String region,
			long quarantine, long ceilingLead, long ttl, int codes, int database, String namespace,
			boolean formatDeclared, long leadLimit, boolean sideBySide) {

		/** Database 0, namespace {@code default}, no format record (as on a Cluster). */
		public Settings(long skew, long lateness, int replicas, long maxLagSeconds, String layout, String region,
				long quarantine, long ceilingLead, long ttl, int codes) {
			this(skew, lateness, replicas, maxLagSeconds, layout, region, quarantine, ceilingLead, ttl, codes, 0,
					"default", false, 0, false);
		}

	}

	/** A lease key: owner token and expiry in this node's clock. */
	record LeaseKey(String token, long expiresAt) {
	}

	/**
	 * Names a region's keys: the database, the namespace and the region (the hash tag
	 * {@code {ns:region}}).
	 */
	public record KeyName(int database, String namespace, String region) {

		static KeyName of(Settings settings) {
			return new KeyName(settings.database(), settings.namespace(), settings.region());
		}

	}

	/** The keys of one region: its state hash, its witness and its lease keys. */
	static final class Keys {

		/** Region state hash; {@code null} while the key does not exist. */
		Map<String, String> state;

		/** The region's witness; {@code null} while the key does not exist. */
		String witness;

		final Map<Integer, LeaseKey> leases = new HashMap<>();

		Keys copy() {
			Keys copy = new Keys();
			copy.state = (this.state != null) ? new HashMap<>(this.state) : null;
			copy.witness = this.witness;
			copy.leases.putAll(this.leases);
			return copy;
		}

		boolean empty() {
			return this.state == null && this.witness == null && this.leases.isEmpty();
		}

	}

	/**
	 * Run ids and replication ids (and the JDBC model's transaction ids) are unique
	 * across every node of every schedule, even run in parallel.
	 */
	static final java.util.concurrent.atomic.AtomicLong identities = new java.util.concurrent.atomic.AtomicLong();

	private final String name;

	private final Set<Mutation> mutations;

	private final LongSupplier trueTime;

	long clockOffset;

	String runId;

	String replid;

	boolean primary = true;

	/**
	 * The keys of every region of every namespace in every database, created when first
	 * named.
	 */
	final Map<KeyName, Keys> regions = new HashMap<>();

	/**
	 * The format record of each database's key space; absent while the key does not
	 * exist.
	 */
	final Map<Integer, Map<String, String>> formats = new HashMap<>();

	/**
	 * The region the methods without a {@link KeyName} act on: the first one a script
	 * named, unless set.
	 */
	private KeyName home;

	/**
	 * Whether the script is in this server's script cache: EVALSHA is answered NOSCRIPT
	 * until an EVAL.
	 */
	boolean scriptCached;

	/**
	 * Whether this server has a replication backlog: the first replica attached without
	 * one changes the replid.
	 */
	boolean backlog;

	/**
	 * Replicas as this node lists them, with the true time of their last acknowledgement.
	 */
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

	/**
	 * lease.lua with "now" given, for the conformance test (which takes it from the real
	 * server's reply).
	 */
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
				return Reply.refused(-6, now,
						attached + " replicas attached, more than the " + s.replicas() + " configured");
			}
			if (good < quorum) {
				return Reply.refused(-6, now, good + " of " + attached + " attached replicas online within "
						+ s.maxLagSeconds() + " s lag, " + quorum + " of " + s.replicas() + " required");
			}
		}
		KeyName name = KeyName.of(s);
		Keys k = keys(name);
		Map<String, String> format = this.formats.get(s.database());
		if (s.formatDeclared()) {
			if (format == null || format.get(formatField(s.region())) == null) {
				return Reply.of(-7, now);
			}
			String owner = format.get("region:" + s.region());
			String recorded = recordedFormat(format, s.region());
			if (!recorded.equals(s.layout()) || (owner != null && !owner.equals(s.namespace()))
					|| !Long.toString(s.leadLimit()).equals(format.get("limit"))) {
				return Reply.refused(-8, now, recorded);
			}
		}
		String lineage = lineage();
		boolean lost = k.state == null || !lineage.equals(k.state.get("lineage"));
		if (!this.mutations.contains(Mutation.LINEAGE_ONLY_LOSS_CHECK) && k.state != null
				&& (!Integer.toString(s.database()).equals(k.state.get("db")) || k.witness == null
						|| !k.witness.equals(k.state.get("w")))) {
			lost = true;
		}
		long floor0 = (k.state != null) ? number(k.state.get("floor0")) : 0;
		if (k.state != null && k.state.get("layout") != null
				&& (!k.state.get("layout").equals(s.layout()) || !s.region().equals(k.state.get("region"))
						|| !Long.toString(s.quarantine()).equals(k.state.get("q"))
						|| !Long.toString(s.ceilingLead()).equals(k.state.get("a")))) {
			boolean passed = !lost && k.state.get("layout").equals(s.layout())
					&& s.region().equals(k.state.get("region"));
			if (passed) {
				long latest = floor0;
				for (int code = 0; code < s.codes(); code++) {
					latest = Math.max(latest, mark(k, Integer.toString(code)));
				}
				passed = now >= latest + number(k.state.get("q"));
			}
			if (!passed) {
				return Reply.refused(-4, now, k.state.get("layout"));
			}
		}
		this.version++;
		if (lost) {
			floor0 = Math.max(floor0, now + s.quarantine());
		}
		if (k.state == null) {
			k.state = new HashMap<>();
		}
		if (s.formatDeclared()) {
			format.putIfAbsent("region:" + s.region(), s.namespace());
		}
		// a value no older copy holds: the real script sets a random one the caller sends
		k.witness = "w" + identities.incrementAndGet();
		k.state.put("lineage", lineage);
		k.state.put("floor0", Long.toString(floor0));
		k.state.put("layout", s.layout());
		k.state.put("region", s.region());
		k.state.put("q", Long.toString(s.quarantine()));
		k.state.put("a", Long.toString(s.ceilingLead()));
		k.state.put("db", Integer.toString(s.database()));
		k.state.put("w", k.witness);
		boolean v1Ceilings = this.mutations.contains(Mutation.V1_CEILINGS);
		long ceiling = now + s.ceilingLead();
		if (op.equals("renew")) {
			String code = Integer.toString(codeArg);
			LeaseKey value = lease(k, codeArg, now);
			if (value == null) {
				return Reply.of(-2, now);
			}
			if (!value.token().equals(nonceOrToken)) {
				return Reply.of(-3, now);
			}
			long floor = this.mutations.contains(Mutation.RENEW_WITHOUT_FLOOR0) ? others(k, code, nonceOrToken)
					: Math.max(others(k, code, nonceOrToken), floor0);
			if (v1Ceilings) {
				ceiling = Math.max(mark(k, code), now + s.ceilingLead());
			}
			k.leases.put(codeArg, new LeaseKey(value.token(), now + s.ttl()));
			record(k, code, nonceOrToken, ceiling);
			long generation = Long.parseLong(nonceOrToken.substring(0, nonceOrToken.indexOf('|')));
			return new Reply(1, codeArg, generation, floor, ceiling, now, quorum, "");
		}
		int code = -1;
		if (codeArg >= 0 && codeArg < s.codes() && lease(k, codeArg, now) == null) {
			code = codeArg;
		}
		else {
			Long lowest = null;
			for (int i = 0; i < s.codes(); i++) {
				int candidate = (start + i) % s.codes();
				if (lease(k, candidate, now) == null) {
					long floor = Math.max(mark(k, Integer.toString(candidate)), floor0);
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
		long floor = Math.max(mark(k, field), floor0);
		if (v1Ceilings) {
			floor = Math.max(floor, now + s.quarantine());
			ceiling = floor + s.ceilingLead();
		}
		long generation = number(k.state.get("g:" + field)) + 1;
		k.state.put("g:" + field, Long.toString(generation));
		String token = generation + "|" + nonceOrToken;
		k.leases.put(code, new LeaseKey(token, now + s.ttl()));
		record(k, field, token, ceiling);
		return new Reply(1, code, generation, floor, ceiling, now, quorum, "");
	}

	// The record's format field: one per key space, or one per region where a mutation
	// compares it per region.
	private String formatField(String region) {
		return this.mutations.contains(Mutation.FORMAT_CHECKED_PER_REGION_ONLY) ? "per-region:" + region : "format";
	}

	/**
	 * format.lua in database 0: records or compares the key space's format and the
	 * region's namespace.
	 * @param mayCreate whether the caller's scan found no region state of another format
	 * @param regions regions, namespaces and formats (empty where the caller's) of the
	 * states the scan found, in triples
	 * @param sideBySide whether the caller may take an unused region side by side
	 */
	public long format(String format, String region, String namespace, long leadLimit, boolean mayCreate,
			List<String> regions, boolean sideBySide) {
		return format(0, format, region, namespace, leadLimit, mayCreate, regions, sideBySide);
	}

	/**
	 * format.lua on the key space of {@code database}: a region's own format
	 * ({@code format:<R>}, recorded side by side) or else the key space's.
	 */
	public long format(int database, String format, String region, String namespace, long leadLimit, boolean mayCreate,
			List<String> regions, boolean sideBySide) {
		if (!this.primary) {
			return 0;
		}
		if (this.home == null) {
			this.home = new KeyName(database, namespace, region);
		}
		String field = formatField(region);
		Map<String, String> record = this.formats.get(database);
		if (record == null || record.get(field) == null) {
			if (!mayCreate) {
				return -7;
			}
			this.version++;
			record = this.formats.computeIfAbsent(database, (db) -> new HashMap<>());
			for (int i = 0; i + 2 < regions.size(); i += 3) {
				record.putIfAbsent("region:" + regions.get(i), regions.get(i + 1));
				if (!regions.get(i + 2).isEmpty()) {
					record.putIfAbsent("format:" + regions.get(i), regions.get(i + 2));
				}
			}
			record.put(field, format);
			record.put("limit", Long.toString(leadLimit));
		}
		String owner = record.get("region:" + region);
		String recorded = recordedFormat(record, region);
		if (!Long.toString(leadLimit).equals(record.get("limit"))
				|| (owner != null && (!owner.equals(namespace) || !recorded.equals(format)))) {
			return -8;
		}
		if (!recorded.equals(format)) {
			if (!sideBySide || !SideBySideFormats.mayShareKeySpace(recorded, format)) {
				return -8;
			}
			this.version++;
			record.put("format:" + region, format);
		}
		if (owner == null) {
			this.version++;
			record.put("region:" + region, namespace);
		}
		return 1;
	}

	// the region's own format where format.lua recorded one side by side, else the key
	// space's (per region where a mutation keeps it so)
	private String recordedFormat(Map<String, String> record, String region) {
		String own = record.get("format:" + region);
		return (own != null) ? own : record.get(formatField(region));
	}

	/**
	 * What the store's SCAN of a key space finds before it creates a missing format
	 * record: the states of {@code database} (of {@code region} alone where a mutation
	 * keeps a format per region), as region, namespace and recorded layout.
	 */
	List<String[]> scan(int database, String region) {
		List<String[]> found = new ArrayList<>();
		boolean perRegion = this.mutations.contains(Mutation.FORMAT_CHECKED_PER_REGION_ONLY);
		this.regions.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().database() == database && entry.getValue().state != null
					&& (!perRegion || entry.getKey().region().equals(region)))
			.sorted(java.util.Comparator.comparing((Map.Entry<KeyName, Keys> entry) -> entry.getKey().namespace())
				.thenComparing((entry) -> entry.getKey().region()))
			.forEach((entry) -> found.add(new String[] { entry.getKey().region(), entry.getKey().namespace(),
					entry.getValue().state.get("layout") }));
		return found;
	}

	/** The layout the home region's state records, or {@code null} without a state. */
	public String recordedLayout() {
		Keys k = home();
		return (k.state != null) ? k.state.get("layout") : null;
	}

	/** release.lua on the home region. */
	public long release(int code, String token) {
		return release(homeName(), code, token);
	}

	/** release.lua on the region {@code name}. */
	long release(KeyName name, int code, String token) {
		Keys k = keys(name);
		LeaseKey value = lease(k, code, now());
		if (value == null || !value.token().equals(token)) {
			return 0;
		}
		k.leases.remove(code);
		this.version++;
		return 1;
	}

	/** available.lua on the home region. */
	public long available(int codes) {
		Keys k = home();
		long free = 0;
		for (int code = 0; code < codes; code++) {
			if (lease(k, code, now()) == null) {
				free++;
			}
		}
		return free;
	}

	/** The unexpired lease keys of a region, by code. */
	Map<Integer, LeaseKey> heldLeases(KeyName name) {
		Keys k = this.regions.get(name);
		Map<Integer, LeaseKey> held = new HashMap<>();
		if (k != null) {
			long now = now();
			k.leases.forEach((code, key) -> {
				if (key.expiresAt() >= now) {
					held.put(code, key);
				}
			});
		}
		return held;
	}

	private Keys keys(KeyName name) {
		if (this.home == null) {
			this.home = name;
		}
		return this.regions.computeIfAbsent(name, (n) -> new Keys());
	}

	KeyName homeName() {
		return (this.home != null) ? this.home : new KeyName(0, "default", "0");
	}

	// does not fix the home: a model asked before its first script acts on the region
	// that script names
	Keys home() {
		return this.regions.computeIfAbsent(homeName(), (n) -> new Keys());
	}

	/** Makes {@code name} the region the methods without a {@link KeyName} act on. */
	void home(KeyName name) {
		this.home = name;
	}

	/**
	 * The home region's lease keys (expired ones included until a script looks at them).
	 */
	Map<Integer, LeaseKey> leases() {
		return home().leases;
	}

	private static LeaseKey lease(Keys k, int code, long now) {
		LeaseKey value = k.leases.get(code);
		if (value != null && value.expiresAt() < now) {
			k.leases.remove(code);
			return null;
		}
		return value;
	}

	/**
	 * The mark of a code in the home region: the highest ceiling ever granted for it, 0
	 * when none is recorded.
	 */
	public long mark(int code) {
		Keys k = home();
		return (k.state != null) ? mark(k, Integer.toString(code)) : 0;
	}

	/** Redis restarted without persistence: new identity, no data. */
	public void restartEmpty() {
		restart(Data.empty());
	}

	/** The lease key of a code of the home region expired or was deleted. */
	public void dropLease(int code) {
		this.version++;
		home().leases.remove(code);
	}

	static long mark(Keys k, String code) {
		return number(k.state.get("m:" + code));
	}

	private long others(Keys k, String code, String token) {
		if (this.mutations.contains(Mutation.RENEW_FLOOR_IGNORES_MARKS)) {
			return 0;
		}
		if (token.equals(k.state.get("t:" + code))) {
			return number(k.state.get("o:" + code));
		}
		return mark(k, code);
	}

	static void record(Keys k, String code, String token, long ceiling) {
		long m = mark(k, code);
		if (token.equals(k.state.get("t:" + code))) {
			if (ceiling > m) {
				k.state.put("m:" + code, Long.toString(ceiling));
			}
		}
		else if (ceiling > m) {
			k.state.put("m:" + code, Long.toString(ceiling));
			k.state.put("t:" + code, token);
			k.state.put("o:" + code, Long.toString(m));
		}
		else if (ceiling > number(k.state.get("o:" + code))) {
			k.state.put("o:" + code, Long.toString(ceiling));
		}
	}

	static long number(String value) {
		return (value != null) ? Long.parseLong(value) : 0;
	}

	// ---- what happens to a server
	// -------------------------------------------------------------------

	/**
	 * Writes a lease key of the home region back, as RESTORE or MIGRATE ... REPLACE
	 * would; the state hash is untouched.
	 */
	void restoreLease(int code, LeaseKey key) {
		this.version++;
		home().leases.put(code, key);
	}

	/** Deletes the home region's state hash, as an eviction or a DEL would. */
	public void evictState() {
		this.version++;
		home().state = null;
	}

	/**
	 * Puts an older copy of the home region's state hash back in place of the current
	 * one, the lineage kept: RENAME of a backup onto the state key, RESTORE, or COPY ...
	 * REPLACE. The witness stays.
	 */
	public void replaceState(Map<String, String> older) {
		this.version++;
		home().state = (older != null) ? new HashMap<>(older) : null;
	}

	/**
	 * SWAPDB with another fleet's database: the state and witness of a database where the
	 * same region was leased are now this one's, the lineage (a server-wide property)
	 * kept. That database wrote its own index and witness; its marks are those of
	 * {@code state}, an older state of this region.
	 */
	void swapInForeignDatabase(Map<String, String> state, int database) {
		this.version++;
		Keys k = home();
		k.state = new HashMap<>(state);
		k.state.put("db", Integer.toString(database));
		// the other fleet's witness, which no copy of this database's state ever recorded
		k.witness = "w" + identities.incrementAndGet();
		k.state.put("w", k.witness);
		k.leases.clear();
	}

	/**
	 * SWAPDB a b: every key of the two databases changes places, format records included;
	 * the states keep the database index they were written in.
	 */
	void swapDatabases(int a, int b) {
		this.version++;
		Map<KeyName, Keys> swapped = new HashMap<>();
		this.regions.forEach((name, keys) -> {
			int database = (name.database() == a) ? b : (name.database() == b) ? a : name.database();
			swapped.put(new KeyName(database, name.namespace(), name.region()), keys);
		});
		this.regions.clear();
		this.regions.putAll(swapped);
		Map<String, String> first = this.formats.remove(a);
		Map<String, String> second = this.formats.remove(b);
		if (first != null) {
			this.formats.put(b, first);
		}
		if (second != null) {
			this.formats.put(a, second);
		}
	}

	/** The home region's witness key deleted. */
	public void dropWitness() {
		this.version++;
		home().witness = null;
	}

	/** The format record of the home region's key space deleted. */
	public void dropFormat() {
		this.version++;
		this.formats.remove(homeName().database());
	}

	/** A copy of the home region's state hash, or {@code null} without one. */
	public Map<String, String> stateCopy() {
		Keys k = home();
		return (k.state != null) ? new HashMap<>(k.state) : null;
	}

	/** FLUSHALL: every key of every database gone, the identity kept. */
	public void flushAll() {
		load(Data.empty());
	}

	/** A copy of this node's data, as a replica or a snapshot holds it. */
	Data data() {
		Map<KeyName, Keys> copy = new HashMap<>();
		this.regions.forEach((name, keys) -> {
			if (!keys.empty()) {
				copy.put(name, keys.copy());
			}
		});
		Map<Integer, Map<String, String>> formats = new HashMap<>();
		this.formats.forEach((database, record) -> formats.put(database, new HashMap<>(record)));
		return new Data(copy, formats, homeName());
	}

	void load(Data data) {
		this.version++;
		this.regions.clear();
		data.regions().forEach((name, keys) -> this.regions.put(name, keys.copy()));
		this.formats.clear();
		data.formats().forEach((database, record) -> this.formats.put(database, new HashMap<>(record)));
	}

	/**
	 * Restart: a new run id and replication id, with the given data (empty without
	 * persistence).
	 */
	void restart(Data data) {
		newRunId();
		newReplid();
		load(data);
		this.primary = this.master == null;
		this.scriptCached = false;
		this.backlog = false;
	}

	/**
	 * REPLICAOF NO ONE: keeps the run id, starts a new replication history. The old
	 * primary is not told (a partition): it lists this replica, with its last
	 * acknowledgement, until it is demoted. A replica's script cache is empty (scripts
	 * replicate as their effects); its backlog stays.
	 */
	void promote() {
		this.master = null;
		this.primary = true;
		this.scriptCached = false;
		this.backlog = true;
		newReplid();
	}

	/**
	 * REPLICAOF primary: a full resync, taking the primary's data and replication id. The
	 * primary this node followed until now drops it from its list only if it
	 * {@code notices} (it is not cut off). A primary without a replication backlog
	 * creates one for its first replica, under a new replication id.
	 */
	void replicate(RedisNode from, boolean notices) {
		if (this.master != null && notices) {
			this.master.replicas.remove(this);
		}
		this.master = from;
		this.primary = false;
		this.replicas.clear();
		if (!from.backlog) {
			from.backlog = true;
			from.newReplid();
		}
		load(from.data());
		this.replid = from.replid;
		this.backlog = true;
		from.replicas.put(this, this.trueTime.getAsLong());
	}

	/**
	 * Data of a node: the keys of every region and the format record of every database,
	 * and the region the accessors without a name read.
	 */
	record Data(Map<KeyName, Keys> regions, Map<Integer, Map<String, String>> formats, KeyName home) {

		static Data empty() {
			return new Data(Map.of(), Map.of(), null);
		}

		/** The home region's state hash, or {@code null}. */
		Map<String, String> state() {
			Keys keys = (this.home != null) ? this.regions.get(this.home) : null;
			return (keys != null) ? keys.state : null;
		}

		/** The home region's lease keys. */
		Map<Integer, LeaseKey> leases() {
			Keys keys = (this.home != null) ? this.regions.get(this.home) : null;
			return (keys != null) ? keys.leases : Map.of();
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
