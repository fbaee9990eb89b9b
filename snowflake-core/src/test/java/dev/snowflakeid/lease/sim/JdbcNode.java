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

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import dev.snowflakeid.lease.SideBySideFormats;

/**
 * A PostgreSQL server as {@code JdbcWorkerLeaseStore} sees it: its clock
 * ({@code clock_timestamp()}), its server lineage ({@code system_identifier} and
 * timeline), whether it is a standby, and one lease table per key space. {@link #grant}
 * does what {@code LeaseGrants} and the store's {@code claim} and {@code renew} do in one
 * transaction, step for step; a refusal writes nothing.
 *
 * <p>
 * It keeps its table in the structures of {@link RedisNode}, so that replication,
 * snapshots, promotions and restarts are the same code: the meta row of the key space of
 * database {@code d} (the table of that fleet) is {@code formats.get(d)}; the region row
 * and the code rows of region {@code r} are the state of the region named
 * {@code (d, "", r)}: per code {@code c} its generation {@code g:c}, marks {@code m:c},
 * {@code t:c}, {@code o:c}, and the row's {@code witness_xid} {@code w:c} and
 * {@code xmin} {@code x:c} (the region row is code -1 and holds {@code ns}); a row exists
 * while it has an {@code xmin}. A code row's token and expiry are its lease key. The run
 * id stands for the system identifier (a physical standby has its primary's) and the
 * replication id for the timeline (a promotion starts a new one; a restart keeps both, as
 * PostgreSQL's does). Swapping two databases swaps two fleets' tables, as
 * {@code ALTER TABLE ... RENAME} does: rows, {@code xmin} and grant counters kept.
 */
final class JdbcNode extends RedisNode {

	/** The region row's code. */
	private static final int REGION_ROW = -1;

	private final Set<Mutation> mutations;

	/**
	 * Whether the server was stopped when a standby was promoted (the old primary fenced,
	 * as the JDBC store's safety argument requires without synchronous standbys).
	 */
	boolean fenced;

	/** The grant counter the last transaction committed, 0 if it committed none. */
	private long committedEpoch;

	JdbcNode(String name, LongSupplier trueTime, Set<Mutation> mutations) {
		super(name, trueTime, mutations);
		this.mutations = mutations;
		// no script cache, and attaching a standby changes no lineage
		this.scriptCached = true;
		this.backlog = true;
	}

	/**
	 * One grant transaction: the role, the meta row locked (created if missing), the
	 * clock read after the lock and checked against the caller's, the format, namespace
	 * and timing, the loss decision and the loss floor, then the code.
	 * @param seenEpoch the highest grant counter the calling store wrote or read
	 */
	Reply grant(Settings s, String op, long caller, String tokenOrNonce, int codeArg, int start, long seenEpoch) {
		long now = now();
		this.committedEpoch = 0;
		if (this.fenced) {
			return Reply.refused(-6, now, "the server was stopped when its standby was promoted");
		}
		if (!this.primary) {
			return Reply.refused(-6, now, "pg_is_in_recovery()");
		}
		Map<String, String> meta = this.formats.get(s.database());
		boolean created = meta == null;
		if (!this.mutations.contains(Mutation.NO_CLOCK_CHECK)
				&& (now < caller - s.skew() || now > caller + s.skew() + s.lateness())) {
			return Reply.refused(-5, now, Long.toString(caller));
		}
		Keys k = rows(s.database(), s.region());
		if (exists(k, REGION_ROW) && !s.namespace().equals(k.state.get("ns"))) {
			return Reply.refused(-8, now, "region of namespace " + k.state.get("ns"));
		}
		String refused = formatRefused(s, created ? null : meta, k);
		if (refused != null) {
			return Reply.refused(-8, now, refused);
		}
		Set<String> regions = created ? new TreeSet<>() : regions(meta.get("regions"));
		boolean inUse = regions.contains(s.region());
		int rows = 0;
		for (int code = REGION_ROW; code < s.codes(); code++) {
			rows += exists(k, code) ? 1 : 0;
		}
		boolean lost = lost(meta, s.database(), k, rows != s.codes() + 1 && inUse || !inUse && rows > 0, seenEpoch);
		if (!created && meta.get("q") != null && (!Long.toString(s.quarantine()).equals(meta.get("q"))
				|| !Long.toString(s.ceilingLead()).equals(meta.get("a")))) {
			long latest = Math.max(number(meta.get("floor0")), highestMark(s.database()));
			if (lost || now < latest + number(meta.get("q"))) {
				return Reply.refused(-4, now, meta.get("format"));
			}
		}
		// the transaction writes from here on and commits
		this.version++;
		long xid = identities.incrementAndGet();
		if (created) {
			meta = new HashMap<>();
			this.formats.put(s.database(), meta);
		}
		long floor0 = number(meta.get("floor0"));
		String lineage = meta.get("lineage");
		if (lost) {
			floor0 = Math.max(floor0, now + s.quarantine());
			lineage = "l" + identities.incrementAndGet();
			tableRows(s.database()).forEach((region, keys) -> stamp(keys, xid));
			regions.addAll(tableRows(s.database()).keySet());
		}
		if (rows != s.codes() + 1) {
			for (int code = REGION_ROW; code < s.codes(); code++) {
				if (!exists(k, code)) {
					insert(k, code, s, xid);
				}
			}
		}
		regions.add(s.region());
		long epoch = Math.max(number(meta.get("epoch")), seenEpoch) + 1;
		meta.putIfAbsent("format", s.layout());
		meta.put("limit", Long.toString(s.leadLimit()));
		meta.put("q", Long.toString(s.quarantine()));
		meta.put("a", Long.toString(s.ceilingLead()));
		meta.put("lineage", lineage);
		meta.put("epoch", Long.toString(epoch));
		meta.put("server", serverLineage(s.database()));
		meta.put("regions", String.join(",", regions));
		meta.put("floor0", Long.toString(floor0));
		meta.put("w", Long.toString(xid));
		meta.put("x", Long.toString(xid));
		this.committedEpoch = epoch;
		return op.equals("renew") ? renew(s, k, tokenOrNonce, codeArg, now, floor0, xid)
				: claim(s, k, tokenOrNonce, codeArg, start, now, floor0, xid);
	}

	/**
	 * {@code LeaseFormats.check}: the region row's format and limit, then the meta row's
	 * (another format only with equal fixed bits, in a region that recorded it or, side
	 * by side, in a region without a row), or, where the meta row is missing, those of
	 * every region row; the reason of a refusal, or {@code null}.
	 */
	private String formatRefused(Settings s, Map<String, String> meta, Keys k) {
		String limit = Long.toString(s.leadLimit());
		String regionFormat = exists(k, REGION_ROW) ? k.state.get("f") : null;
		boolean anyRegion = s.sideBySide() && this.mutations.contains(Mutation.JDBC_SIDE_BY_SIDE_IN_A_USED_REGION);
		if (!anyRegion && regionFormat != null
				&& (!regionFormat.equals(s.layout()) || !limit.equals(k.state.get("b")))) {
			return regionFormat;
		}
		if (this.mutations.contains(Mutation.FORMAT_CHECKED_PER_REGION_ONLY)) {
			return null;
		}
		if (meta == null || meta.get("format") == null) {
			return tableRows(s.database()).values()
				.stream()
				.filter((rows) -> rows.state.get("f") != null)
				.filter((rows) -> !limit.equals(rows.state.get("b"))
						|| !SideBySideFormats.mayShareKeySpace(rows.state.get("f"), s.layout()))
				.map((rows) -> rows.state.get("f"))
				.findFirst()
				.orElse(null);
		}
		boolean sameFixedBits = SideBySideFormats.mayShareKeySpace(meta.get("format"), s.layout());
		boolean sameFormat = meta.get("format").equals(s.layout()) || regionFormat != null && sameFixedBits
				|| (regionFormat == null || anyRegion) && sameFixedBits && s.sideBySide();
		return (sameFormat && limit.equals(meta.get("limit"))) ? null : meta.get("format");
	}

	/**
	 * The grant counter the last {@link #grant} committed and answered, 0 if none: what
	 * the store records when the answer reaches it.
	 */
	long committedEpoch() {
		return this.committedEpoch;
	}

	private Reply renew(Settings s, Keys k, String token, int code, long now, long floor0, long xid) {
		LeaseKey row = k.leases.get(code);
		boolean held = row != null && row.expiresAt() > now;
		if (!held || !row.token().equals(token)) {
			return Reply.of(held ? -3 : -2, now);
		}
		String field = Integer.toString(code);
		long others = this.mutations.contains(Mutation.RENEW_FLOOR_IGNORES_MARKS) ? 0
				: token.equals(k.state.get("t:" + field)) ? number(k.state.get("o:" + field)) : mark(k, field);
		long floor = this.mutations.contains(Mutation.RENEW_WITHOUT_FLOOR0) ? others : Math.max(others, floor0);
		long ceiling = write(s, k, code, token, now, xid);
		return new Reply(1, code, number(k.state.get("g:" + field)), floor, ceiling, now, 0, "");
	}

	private Reply claim(Settings s, Keys k, String nonce, int preferred, int start, long now, long floor0, long xid) {
		int code = -1;
		if (preferred >= 0 && preferred < s.codes() && !held(k, preferred, now)) {
			code = preferred;
		}
		else {
			long lowest = Long.MAX_VALUE;
			for (int i = 0; i < s.codes(); i++) {
				int candidate = (start + i) % s.codes();
				if (held(k, candidate, now)) {
					continue;
				}
				long floor = Math.max(mark(k, Integer.toString(candidate)), floor0);
				if (floor < now) {
					code = candidate;
					break;
				}
				if (floor < lowest) {
					code = candidate;
					lowest = floor;
				}
			}
		}
		if (code < 0) {
			// committed, but the store throws before it records the counter
			this.committedEpoch = 0;
			return Reply.of(-1, now);
		}
		String field = Integer.toString(code);
		long generation = number(k.state.get("g:" + field)) + 1;
		k.state.put("g:" + field, Long.toString(generation));
		String token = generation + "|" + nonce;
		long floor = Math.max(mark(k, field), floor0);
		long ceiling = write(s, k, code, token, now, xid);
		return new Reply(1, code, generation, floor, ceiling, now, 0, "");
	}

	// the code row's token, expiry and marks (m = highest, t = its owner, o = every
	// other owner's highest)
	private static long write(Settings s, Keys k, int code, String token, long now, long xid) {
		long ceiling = now + s.ceilingLead();
		record(k, Integer.toString(code), token, ceiling);
		k.leases.put(code, new LeaseKey(token, now + s.ttl()));
		stamp(k, code, xid);
		return ceiling;
	}

	private boolean lost(Map<String, String> meta, int database, Keys k, boolean rowsMissing, long seenEpoch) {
		if (meta == null || meta.get("format") == null) {
			// a new meta row: continues above the creating store's counter
			return !this.mutations.contains(Mutation.JDBC_MISSING_META_ROW_NOT_A_LOSS) || seenEpoch > 0
					|| (rowsMissing && !this.mutations.contains(Mutation.JDBC_MISSING_ROWS_NOT_A_LOSS));
		}
		String server = serverLineage(database);
		String recorded = meta.get("server");
		boolean otherServer = this.mutations.contains(Mutation.JDBC_TIMELINE_IGNORED)
				? !withoutTimeline(server).equals(withoutTimeline(recorded)) : !server.equals(recorded);
		boolean copied = !this.mutations.contains(Mutation.JDBC_WITNESS_NOT_COMPARED)
				&& (!meta.get("w").equals(meta.get("x")) || copiedRow(k));
		return otherServer || copied || number(meta.get("epoch")) < seenEpoch
				|| (rowsMissing && !this.mutations.contains(Mutation.JDBC_MISSING_ROWS_NOT_A_LOSS));
	}

	/**
	 * {@code system_identifier/timeline/table}: the table of database {@code d} is named
	 * {@code t<d>}, and a rename of two fleets' tables moves each meta row under the
	 * other's name.
	 */
	private String serverLineage(int database) {
		String table = this.mutations.contains(Mutation.JDBC_TABLE_NAME_IGNORED) ? "" : "/t" + database;
		return this.runId + "/" + this.replid + table;
	}

	private static String withoutTimeline(String lineage) {
		String[] parts = lineage.split("/", -1);
		return parts[0] + ((parts.length > 2) ? "/" + parts[2] : "");
	}

	// a row of the region whose witness_xid is not its xmin: written by another
	// transaction than the one it names
	private static boolean copiedRow(Keys k) {
		if (k.state == null) {
			return false;
		}
		return k.state.entrySet()
			.stream()
			.anyMatch((field) -> field.getKey().startsWith("x:")
					&& !field.getValue().equals(k.state.get("w:" + field.getKey().substring(2))));
	}

	private long highestMark(int database) {
		return tableRowsOf(database).filter((k) -> k.state != null)
			.flatMap((k) -> k.state.entrySet().stream())
			.filter((field) -> field.getKey().startsWith("m:"))
			.mapToLong((field) -> Long.parseLong(field.getValue()))
			.max()
			.orElse(0);
	}

	private static boolean held(Keys k, int code, long now) {
		LeaseKey row = k.leases.get(code);
		return row != null && row.expiresAt() > now;
	}

	private static boolean exists(Keys k, int code) {
		return k.state != null && k.state.containsKey("x:" + code);
	}

	private static void insert(Keys k, int code, Settings s, long xid) {
		if (k.state == null) {
			k.state = new HashMap<>();
		}
		if (code == REGION_ROW) {
			k.state.put("ns", s.namespace());
			k.state.put("f", s.layout());
			k.state.put("b", Long.toString(s.leadLimit()));
		}
		else {
			k.leases.remove(code);
		}
		stamp(k, code, xid);
	}

	// UPDATE ... SET witness_xid = txid_current(): the row's new version, written by xid
	private static void stamp(Keys k, int code, long xid) {
		k.state.put("w:" + code, Long.toString(xid));
		k.state.put("x:" + code, Long.toString(xid));
	}

	private static void stamp(Keys k, long xid) {
		if (k.state != null) {
			k.state.keySet()
				.stream()
				.filter((field) -> field.startsWith("x:"))
				.toList()
				.forEach((field) -> stamp(k, Integer.parseInt(field.substring(2)), xid));
		}
	}

	private static Set<String> regions(String recorded) {
		Set<String> regions = new TreeSet<>();
		if (recorded != null && !recorded.isEmpty()) {
			regions.addAll(List.of(recorded.split(",")));
		}
		return regions;
	}

	private Keys rows(int database, String region) {
		return this.regions.computeIfAbsent(new KeyName(database, "", region), (name) -> new Keys());
	}

	// regions of the table of database with rows, by region
	private Map<String, Keys> tableRows(int database) {
		return this.regions.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().database() == database && entry.getValue().state != null
					&& entry.getValue().state.keySet().stream().anyMatch((field) -> field.startsWith("x:")))
			.collect(Collectors.toMap((entry) -> entry.getKey().region(), Map.Entry::getValue));
	}

	private java.util.stream.Stream<Keys> tableRowsOf(int database) {
		return this.regions.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().database() == database)
			.map(Map.Entry::getValue);
	}

	// ---- the store's other statements
	// ---------------------------------------------------------------

	/** No format record: the meta row is checked by every grant. */
	@Override
	public long format(int database, String format, String region, String namespace, long leadLimit, boolean mayCreate,
			List<String> regions, boolean sideBySide) {
		return 1;
	}

	/**
	 * The store's release: frees the code only if the token still holds it and the row is
	 * the store's own (a restored row is left as found).
	 */
	@Override
	long release(KeyName name, int code, String token) {
		Keys k = rows(name.database(), name.region());
		LeaseKey row = k.leases.get(code);
		if (this.fenced || !this.primary || row == null || !row.token().equals(token) || !exists(k, code)
				|| !k.state.get("x:" + code).equals(k.state.get("w:" + code))) {
			return 0;
		}
		this.version++;
		k.leases.remove(code);
		stamp(k, code, identities.incrementAndGet());
		return 1;
	}

	@Override
	Map<Integer, LeaseKey> heldLeases(KeyName name) {
		return super.heldLeases(new KeyName(name.database(), "", name.region()));
	}

	@Override
	void home(KeyName name) {
		super.home(new KeyName(name.database(), "", name.region()));
	}

	// ---- what happens to a server
	// -------------------------------------------------------------------

	/**
	 * A standby follows its primary's data, system identifier and timeline; it is no
	 * longer stopped.
	 */
	@Override
	void replicate(RedisNode from, boolean notices) {
		super.replicate(from, notices);
		this.runId = from.runId;
		this.fenced = false;
	}

	/** A promoted standby starts a new timeline. */
	@Override
	void promote() {
		super.promote();
		this.scriptCached = true;
		this.fenced = false;
	}

	/** initdb and a restore into the new cluster: new system identifier and timeline. */
	@Override
	void restart(Data data) {
		super.restart(data);
		this.scriptCached = true;
		this.backlog = true;
	}

	/** TRUNCATE of the home table: every row gone, the meta row too. */
	void truncate() {
		this.version++;
		int database = homeName().database();
		this.formats.remove(database);
		this.regions.keySet().removeIf((name) -> name.database() == database);
	}

	/** DELETE of the meta row. */
	void deleteMeta() {
		this.version++;
		this.formats.remove(homeName().database());
	}

	/** DELETE of one code row of the home region. */
	void deleteRow(int code) {
		this.version++;
		Keys k = home();
		if (k.state != null) {
			for (String column : List.of("g:", "m:", "t:", "o:", "w:", "x:")) {
				k.state.remove(column + code);
			}
		}
		k.leases.remove(code);
	}

	/**
	 * The home table put back from an older dump ({@code pg_restore --data-only},
	 * {@code COPY}): its rows as they were, each written by the restoring transaction.
	 */
	void restoreTable(Data dump) {
		truncate();
		long xid = identities.incrementAndGet();
		int database = homeName().database();
		Map<String, String> meta = dump.formats().get(database);
		if (meta != null) {
			this.formats.put(database, restored(meta, xid));
		}
		dump.regions().forEach((name, keys) -> {
			if (name.database() == database) {
				this.regions.put(name, restored(keys, xid));
			}
		});
	}

	/** The meta row replaced by its copy in an older dump (nothing if it had none). */
	void restoreMeta(Data dump) {
		Map<String, String> meta = dump.formats().get(homeName().database());
		if (meta != null) {
			this.version++;
			this.formats.put(homeName().database(), restored(meta, identities.incrementAndGet()));
		}
	}

	/** The home region's rows replaced by their copies in an older dump. */
	void restoreRegion(Data dump) {
		Keys rows = dump.regions().get(homeName());
		if (rows != null) {
			this.version++;
			this.regions.put(homeName(), restored(rows, identities.incrementAndGet()));
		}
	}

	/**
	 * One code row of the home region put back from an older dump; returns its token, or
	 * {@code null} if the dump holds no row of that code.
	 */
	String restoreRow(int code, Data dump) {
		Keys old = dump.regions().get(homeName());
		if (old == null || !exists(old, code)) {
			return null;
		}
		this.version++;
		Keys k = home();
		if (k.state == null) {
			k.state = new HashMap<>();
		}
		for (String column : List.of("g:", "m:", "t:", "o:", "w:")) {
			String value = old.state.get(column + code);
			if (value != null) {
				k.state.put(column + code, value);
			}
			else {
				k.state.remove(column + code);
			}
		}
		k.state.put("x:" + code, Long.toString(identities.incrementAndGet()));
		LeaseKey row = old.leases.get(code);
		if (row != null) {
			k.leases.put(code, row);
		}
		else {
			k.leases.remove(code);
		}
		return (row != null) ? row.token() : null;
	}

	private static Map<String, String> restored(Map<String, String> meta, long xid) {
		Map<String, String> copy = new HashMap<>(meta);
		copy.put("x", Long.toString(xid));
		return copy;
	}

	private static Keys restored(Keys rows, long xid) {
		Keys copy = rows.copy();
		if (copy.state != null) {
			copy.state.replaceAll((field, value) -> field.startsWith("x:") ? Long.toString(xid) : value);
		}
		return copy;
	}

}
