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
package dev.snowflakeid.jdbc.lease;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.SingleColumnRowMapper;

/**
 * What every grant, claim or renewal, does before it touches a code: under the meta row's
 * lock, it reads the database clock, refuses a standby, a clock outside the skew and
 * another namespace, format ({@link LeaseFormats}) or timing (writing nothing), decides
 * whether the table's data was lost or replaced, and records the loss marker. A loss is
 * any of: no meta row, another server lineage (system identifier or timeline), a row of
 * the region or the meta row not written by the store (its {@code xmin} is not the
 * transaction it recorded), a grant counter below one this store already saw, or rows
 * missing from a region in use; it raises {@code floor0} to the clock plus the
 * quarantine. Then it chooses the code of a claim and records the granted ceiling in the
 * code's marks.
 */
final class LeaseGrants {

	/** The store's name, as health, logs and refusals give it. */
	static final String STORE = "jdbc";

	private final PostgreSqlLeaseDialect dialect;

	private final LeaseSettings settings;

	private final LeaseFormats formats;

	/** Highest grant counter this store wrote or read; guarded by the store's lock. */
	private long seenEpoch;

	LeaseGrants(PostgreSqlLeaseDialect dialect, LeaseSettings settings) {
		this.dialect = dialect;
		this.settings = settings;
		this.formats = new LeaseFormats(dialect, settings);
	}

	/**
	 * Runs the common part of a grant in {@code tx}; the caller then writes the code row
	 * and commits.
	 * @param caller the caller's wall clock when it sent the request
	 */
	Granting begin(LeaseTransaction tx, long caller) {
		JdbcTemplate jdbc = tx.jdbc();
		Boolean standby = jdbc.queryForObject(this.dialect.begin(this.settings.commandTimeout()),
				(rs, n) -> rs.getBoolean(4) || "on".equals(rs.getString(5)));
		if (Boolean.TRUE.equals(standby)) {
			throw new LeaseStoreUnavailableException("the lease database (" + this.settings.description()
					+ ") is a standby or read-only (pg_is_in_recovery() or transaction_read_only): leases are granted "
					+ "only on the primary; the database wrote nothing", null);
		}
		LeaseRow meta = lockMeta(jdbc);
		boolean created = meta == null;
		if (meta == null) {
			jdbc.update(this.dialect.insertMeta());
			meta = Objects.requireNonNull(lockMeta(jdbc), "meta row");
		}
		Clock clock = Objects.requireNonNull(
				jdbc.queryForObject(this.dialect.clock(), (rs, n) -> new Clock(rs.getLong(1), rs.getString(2))));
		long now = clock.now();
		checkClock(now, caller);
		List<LeaseRow> regionRows = jdbc.query(this.dialect.lockRegion(), LeaseRow::read, this.settings.region());
		checkNamespace(regionRows);
		LeaseRow regionRow = (!regionRows.isEmpty() && regionRows.get(0).code() == -1) ? regionRows.get(0) : null;
		String format = this.formats.check(jdbc, (created || meta.format() == null) ? null : meta, regionRow);
		TreeSet<Integer> regions = regions(meta.regions());
		boolean inUse = regions.contains(this.settings.region());
		boolean lost = created || meta.format() == null || !clock.serverLineage().equals(meta.serverLineage())
				|| !meta.writtenByStore() || meta.epoch() < this.seenEpoch
				|| regionRows.stream().anyMatch((row) -> !row.writtenByStore())
				|| (inUse && regionRows.size() != this.settings.codes() + 1) || (!inUse && !regionRows.isEmpty());
		checkTiming(jdbc, meta, lost, now);
		long floor0 = meta.floor0();
		String lineage = meta.lineage();
		if (lost) {
			floor0 = Math.max(floor0, now + this.settings.quarantineMillis());
			lineage = UUID.randomUUID().toString();
			jdbc.update(this.dialect.restamp());
			regions
				.addAll(jdbc.query(this.dialect.regionsWithRows(), SingleColumnRowMapper.newInstance(Integer.class)));
		}
		if (regionRows.size() != this.settings.codes() + 1) {
			jdbc.update(this.dialect.insertRegion(), this.settings.region(), this.settings.namespace(),
					this.settings.format(), this.settings.leadLimitMillis(), this.settings.codes());
			regionRows = jdbc.query(this.dialect.lockRegion(), LeaseRow::read, this.settings.region());
		}
		if (LeaseFormats.needsRecord(regionRows)) {
			jdbc.update(this.dialect.recordRegionFormat(), this.settings.format(), this.settings.leadLimitMillis(),
					this.settings.region());
		}
		regions.add(this.settings.region());
		long epoch = Math.max(meta.epoch(), this.seenEpoch) + 1;
		jdbc.update(this.dialect.updateMeta(), format, this.settings.leadLimitMillis(),
				this.settings.quarantineMillis(), this.settings.ceilingLeadMillis(), lineage, epoch,
				clock.serverLineage(), regions.stream().map(String::valueOf).collect(Collectors.joining(",")), floor0);
		return new Granting(now, floor0, epoch, lost, new ArrayList<>(regionRows.subList(1, regionRows.size())));
	}

	/**
	 * The preferred code when free; else the first free code from a random start whose
	 * floor lies in the past; else the free code with the lowest floor.
	 */
	@Nullable LeaseRow choose(Granting granting, int preferredCode) {
		List<LeaseRow> codes = granting.codes();
		long now = granting.now();
		if (preferredCode >= 0 && preferredCode < codes.size() && !codes.get(preferredCode).held(now)) {
			return codes.get(preferredCode);
		}
		int start = ThreadLocalRandom.current().nextInt(codes.size());
		LeaseRow lowest = null;
		for (int i = 0; i < codes.size(); i++) {
			LeaseRow candidate = codes.get((start + i) % codes.size());
			if (candidate.held(now)) {
				continue;
			}
			long floor = Math.max(candidate.mark(), granting.floor0());
			if (floor < now) {
				return candidate;
			}
			if (lowest == null || floor < Math.max(lowest.mark(), granting.floor0())) {
				lowest = candidate;
			}
		}
		return lowest;
	}

	/**
	 * Writes a grant to {@code token}: expiry, and the ceiling recorded as the code's
	 * marks (m = highest of all, t = its owner, o = highest of every other owner).
	 * @return the ceiling
	 */
	long write(JdbcTemplate jdbc, Granting granting, LeaseRow row, long generation, String token) {
		long ceiling = granting.now() + this.settings.ceilingLeadMillis();
		long mark = row.mark();
		String owner = row.markOwner();
		long others = row.othersMark();
		if (token.equals(owner)) {
			mark = Math.max(mark, ceiling);
		}
		else if (ceiling > mark) {
			others = mark;
			mark = ceiling;
			owner = token;
		}
		else {
			others = Math.max(others, ceiling);
		}
		jdbc.update(this.dialect.updateCode(), generation, token, granting.now() + this.settings.ttl().toMillis(), mark,
				owner, others, this.settings.region(), row.code());
		return ceiling;
	}

	/** Records the grant counter of a committed grant. */
	void committed(Granting granting) {
		this.seenEpoch = Math.max(this.seenEpoch, granting.epoch());
	}

	private @Nullable LeaseRow lockMeta(JdbcTemplate jdbc) {
		List<LeaseRow> rows = jdbc.query(this.dialect.lockMeta(), LeaseRow::read);
		return rows.isEmpty() ? null : rows.get(0);
	}

	private void checkClock(long now, long caller) {
		long skew = this.settings.maxClockSkewMillis();
		if (now < caller - skew || now > caller + skew + this.settings.timing().requestLateness().toMillis()) {
			throw new ClockSkewException("worker clock and the database clock differ by " + (caller - now)
					+ " ms (request sent at " + Instant.ofEpochMilli(caller) + ", run at " + Instant.ofEpochMilli(now)
					+ "), more than the allowed " + skew + " ms skew plus "
					+ this.settings.timing().requestLateness().toMillis() + " ms lateness; the database wrote nothing",
					caller - now);
		}
	}

	private void checkNamespace(List<LeaseRow> regionRows) {
		if (!regionRows.isEmpty() && regionRows.get(0).code() == -1
				&& !this.settings.namespace().equals(regionRows.get(0).namespace())) {
			throw new StoreMismatchException("region " + this.settings.region() + " of lease table "
					+ this.settings.table() + " belongs to namespace '" + regionRows.get(0).namespace() + "', not '"
					+ this.settings.namespace()
					+ "': two namespaces in one region issue the same IDs; the database wrote nothing", STORE);
		}
	}

	/**
	 * Other timings take the table over only once no lease granted under the recorded
	 * ones can be in use, and never across a loss.
	 */
	private void checkTiming(JdbcTemplate jdbc, LeaseRow meta, boolean lost, long now) {
		Long quarantine = meta.quarantine();
		if (quarantine == null || (quarantine == this.settings.quarantineMillis()
				&& Long.valueOf(this.settings.ceilingLeadMillis()).equals(meta.ceilingLead()))) {
			return;
		}
		Long highest = jdbc.queryForObject(this.dialect.highestMark(), Long.class);
		long latest = Math.max(meta.floor0(), (highest != null) ? highest : 0);
		if (lost || now < latest + quarantine) {
			throw new StoreMismatchException("lease table " + this.settings.table() + " was set up with quarantine "
					+ quarantine + " ms and ceiling lead " + meta.ceilingLead() + " ms, but this instance uses "
					+ this.settings.quarantineMillis() + " ms and " + this.settings.ceilingLeadMillis()
					+ " ms. Other lease timing takes a table over only once no lease granted under the recorded "
					+ "timing can be in use (every recorded ceiling plus the recorded quarantine has passed); the "
					+ "database wrote nothing", STORE);
		}
	}

	private static TreeSet<Integer> regions(@Nullable String recorded) {
		TreeSet<Integer> regions = new TreeSet<>();
		if (recorded != null && !recorded.isEmpty()) {
			for (String region : recorded.split(",")) {
				regions.add(Integer.valueOf(region));
			}
		}
		return regions;
	}

	private record Clock(long now, String serverLineage) {
	}

	/**
	 * The state a grant continues from.
	 *
	 * @param now the database clock read after the meta row's lock
	 * @param floor0 the loss floor, raised where this grant detected a loss
	 * @param epoch the grant counter this grant wrote
	 * @param lost whether this grant detected a loss
	 * @param codes the region's code rows, locked, indexed by code
	 */
	record Granting(long now, long floor0, long epoch, boolean lost, List<LeaseRow> codes) {
	}

}
