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
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;

import dev.snowflakeid.DecodedId;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseTiming;

/**
 * One seeded schedule of the lease protocol under faults: real keepers and generators on
 * simulated hosts, a simulated Redis primary (with one or two replicas in half of the
 * schedules, as behind Sentinel, a fixed primary with replicas or a Redis Cluster shard:
 * the store waits for every replica alike), and a fault schedule drawn from the seed.
 * Every issued ID is checked at once: it was never issued before (by any process), no
 * other process issued in its code and tick, and its tick lies inside a range the store
 * granted to the process that issued it. Every range handed to a keeper is checked too:
 * it overlaps no range of the same code handed to another process. The same seed replays
 * the same run.
 *
 * <p>
 * Faults: worker pauses (a stale owner resuming), kills, graceful restarts and wall-clock
 * steps; Redis restarts with and without data (one with its clock behind), restores of an
 * older snapshot, FLUSHALL, an evicted state hash, a deleted or restored lease key, a
 * replica promotion with the deposed primary still granting to some workers, a paused
 * primary resuming after its replica was promoted, a failover right after a claim
 * followed by a failback, a Redis clock step, a replica that some worker talks to (one
 * its primary no longer lists, left writable), a first replica attached to a primary
 * without a backlog, SWAPDB of two fleets' databases, a deleted format record, and lost,
 * late (also within their timeout) and unanswered requests, the NOSCRIPT double round
 * trip included. Some faults are targeted: they strike right after a grant (see
 * {@link Nemesis}).
 *
 * <p>
 * Beside the fleet, a schedule may run instances of another format in another region of
 * the key space (their IDs would equal the fleet's), of another namespace in the fleet's
 * region, of a neighbour region, and a fleet in another database: IDs are compared as
 * 64-bit values and ranges by region and worker bits, whatever format issued them. A
 * third check watches availability: every lease key is accounted for by a live holder or
 * a claim in flight ({@link #checkHeld}).
 *
 * <p>
 * The same schedules run against the JDBC store's model ({@link StoreModel#JDBC},
 * {@link JdbcNode}): a PostgreSQL primary with asynchronous standbys, the old primary
 * stopped when a standby is promoted (a new timeline, the commits it had not received
 * lost), and each Redis fault struck as its database counterpart: a new cluster with an
 * empty table (also with its clock behind), a restart, the table, the meta row, a
 * region's rows or one code row restored from an older dump, two fleets' tables swapped
 * by renames, {@code TRUNCATE}, a deleted meta row or code row, and a step of the
 * database server's clock either way.
 */
public final class LeaseSimulation {

	private static final long MS = 1_000_000;

	// Faults make the keeper log warnings by the thousand; the checker, not the log,
	// tells the outcome.
	private static final java.util.logging.Logger QUIET = quiet();

	private static final long START_MILLIS = Instant.parse("2026-11-30T12:00:00Z").toEpochMilli();

	private static final Duration RENEW_INTERVAL = Duration.ofSeconds(1);

	private static final long COMMAND_TIMEOUT = 300;

	/** The widest sequence of any format a schedule runs: 4 bits. */
	private static final int SEQUENCE_BITS = 4;

	/** Outcome of one schedule. */
	public record Result(long seed, boolean ok, String failure, long ids, long faults, Map<String, Long> refusals,
			long mismatches, Map<String, Long> events) {
	}

	private record Event(long at, long order, Runnable action) {
	}

	/**
	 * Instances beside the fleet: another format, namespace, region or database, with
	 * their settings and number of hosts.
	 */
	private record Fleet(String name, SnowflakeLayout layout, RedisNode.Settings settings, int hosts) {
	}

	/**
	 * A targeted fault: it strikes after the first used grant of the operation
	 * ({@code null} for any) from the primary or from a deposed primary, then disarms.
	 */
	private record Nemesis(String op, boolean fromDeposed, java.util.function.Consumer<SimulatedWorker> strike) {
	}

	private final long seed;

	/** The store model the schedule runs against. */
	private final StoreModel model;

	private final Random random;

	private final Set<Mutation> mutations;

	private final PriorityQueue<Event> queue = new PriorityQueue<>(
			(a, b) -> (a.at != b.at) ? Long.compare(a.at, b.at) : Long.compare(a.order, b.order));

	private long order;

	private long nanos = START_MILLIS * MS;

	private final long endNanos;

	private final Set<Long> ids = new HashSet<>(4096);

	/**
	 * Which process issued in each (code, tick): a second owner of a tick repeats its
	 * sequence 0.
	 */
	private final Map<Long, SimulatedWorker> tickOwners = new HashMap<>(4096);

	private final SnowflakeLayout layout;

	/** Whether granted ranges are checked too, not only the IDs. */
	private final boolean checkRanges;

	/** Every non-empty range handed to a keeper, by code. */
	private final Map<Long, List<TokenRange>> grants = new HashMap<>();

	private final Deque<String> timeline = new ArrayDeque<>();

	private final Map<IdGenerationException.Reason, Long> refusals = new EnumMap<>(IdGenerationException.Reason.class);

	private final Map<RedisNode, List<Runnable>> waitingForResume = new HashMap<>();

	private final Map<RedisNode, Long> pausedUntil = new HashMap<>();

	private final Map<SimulatedWorker, RedisNode> misrouted = new HashMap<>();

	private final Set<RedisNode> detached = new HashSet<>();

	private final Map<SimulatedWorker, Long> routeSwitchAt = new HashMap<>();

	private final List<RedisNode.Data> snapshots = new ArrayList<>();

	private final List<SimulatedWorker> workers = new ArrayList<>();

	/** Which process each claim's token was handed to. */
	private final Map<String, SimulatedWorker> handedTo = new HashMap<>();

	/**
	 * Tokens of claims whose reply or release was lost, and of lease keys brought back
	 * from old copies.
	 */
	private final Set<String> inFlight = new HashSet<>();

	private long mismatches;

	/**
	 * How often each fault struck, and each event of the edges (NOSCRIPT, late requests,
	 * refused claims).
	 */
	private final Map<String, Long> events = new java.util.TreeMap<>();

	private static final Fault[] WORKER_FAULTS = { Fault.PAUSE_WORKER, Fault.PAUSE_WORKER, Fault.KILL_WORKER,
			Fault.RESTART_WORKER, Fault.STEP_WORKER_CLOCK };

	private static final Fault[] REPLICA_FAULTS = { Fault.PROMOTE, Fault.PROMOTE_FROZEN, Fault.MISROUTE_TO_REPLICA,
			Fault.FAILOVER_AND_BACK, Fault.FROZEN_PRIMARY_THEN_STALL, Fault.PARTITION, Fault.REROUTE_WAIT,
			Fault.REROUTE_WAIT, Fault.FAILOVER_AND_BACK };

	/**
	 * Replica faults that never run a late request on a server whose clock lags (see
	 * workerClocksStep).
	 */
	private static final Fault[] TRUE_CLOCK_REPLICA_FAULTS = { Fault.PROMOTE, Fault.MISROUTE_TO_REPLICA,
			Fault.FAILOVER_AND_BACK, Fault.PARTITION, Fault.REROUTE_WAIT, Fault.REROUTE_WAIT, Fault.FAILOVER_AND_BACK };

	private static final Fault[] REDIS_FAULTS = { Fault.RESTART_EMPTY, Fault.RESTART_WITH_DATA,
			Fault.RESTART_FROM_SNAPSHOT, Fault.FLUSHALL, Fault.EVICT_STATE, Fault.DELETE_LEASE_KEY,
			Fault.STEP_REDIS_CLOCK };

	/** Faults that lose or replace Redis data under a frozen holder. */
	private static final Fault[] DATA_FAULTS = { Fault.RESTART_EMPTY, Fault.RESTART_EMPTY_CLOCK_BEHIND,
			Fault.RESTART_EMPTY_CLOCK_BEHIND, Fault.RESTART_FROM_SNAPSHOT, Fault.FLUSHALL, Fault.EVICT_STATE,
			Fault.DELETE_LEASE_KEY, Fault.RESTORE_LEASE_KEY, Fault.REPLACE_STATE_WITH_COPY, Fault.SWAPDB_FOREIGN };

	private final boolean replicated;

	/**
	 * Nodes that replicate the primary's data, directly or chained: 0 without
	 * replication.
	 */
	private final int replicas;

	/**
	 * Whether the last replica replicates from the one before it instead of from the
	 * primary.
	 */
	private final boolean chained;

	private final RedisNode.Settings settings;

	/** Settings of every other host in a schedule with two timings, or {@code null}. */
	private final RedisNode.Settings shortSettings;

	/** The instances beside the fleet of {@link #settings}, each on hosts of its own. */
	private final List<Fleet> fleets = new ArrayList<>();

	/** Hosts of the fleets beside the main one. */
	private final Map<SimulatedWorker.Host, Fleet> fleetOf = new HashMap<>();

	/**
	 * Whether SWAPDB exchanged databases 0 and 1 (once: swapping them back is a rollback
	 * no check can see).
	 */
	private boolean swapped;

	/**
	 * A replica attached to a primary configured without any, until it is detached again;
	 * or {@code null}.
	 */
	private RedisNode spare;

	/** Hosts that run {@link #shortSettings}. */
	private final Set<SimulatedWorker.Host> shortHosts = new HashSet<>();

	private RedisNode primary;

	private RedisNode deposed;

	/**
	 * The replicas: those that follow the primary, and a deposed primary until it is
	 * demoted.
	 */
	private final List<RedisNode> followers = new ArrayList<>();

	private double lossRate;

	/**
	 * A fault armed to strike right after a grant that a worker uses, or {@code null}.
	 */
	private Nemesis armed;

	/**
	 * Whether the next WAIT for a deposed primary's grant goes to the new primary (see
	 * REROUTE_WAIT).
	 */
	private boolean rerouteWait;

	/**
	 * A replica its primary no longer lists, left writable, that a worker reaches; or
	 * {@code null}.
	 */
	private RedisNode stray;

	private String failure;

	private long faults;

	private int processes;

	private int depth;

	/**
	 * Whether wall clocks step on worker hosts (and requests may run late), else on the
	 * Redis server. The two-clocks check refuses a caller and a server whose clocks
	 * disagree; it cannot tell when both are wrong by the same amount, or when a late
	 * request makes up for a lagging server clock, which the safety model assumes away
	 * (see docs/safety-model.md), so one schedule never has both.
	 */
	private final boolean workerClocksStep;

	private LeaseSimulation(StoreModel model, long seed, Set<Mutation> mutations, boolean checkRanges) {
		this.model = model;
		this.seed = seed;
		this.checkRanges = checkRanges;
		this.random = new Random(mix(seed));
		this.mutations = mutations.isEmpty() ? EnumSet.noneOf(Mutation.class) : EnumSet.copyOf(mutations);
		this.replicated = this.random.nextBoolean();
		this.workerClocksStep = this.random.nextBoolean();
		// Scarce codes are handed over often; long ticks make two owners of one range
		// meet in one tick.
		int workerBits = 1 + this.random.nextInt(2);
		Duration tick = Duration.ofMillis(new int[] { 1, 10, 100 }[this.random.nextInt(3)]);
		this.layout = layout(workerBits, tick);
		long maxLag = 1;
		// One replica, two as in the usual Sentinel set-up, or three (the first where a
		// minority is not one);
		// with two or more, the last may replicate from the one before it (a chained
		// replica), which the
		// configured count includes as docs/safety-model.md requires, unless a mutation
		// leaves it
		// out.
		this.replicas = this.replicated ? 1 + this.random.nextInt(3) : 0;
		this.chained = this.replicas >= 2 && this.random.nextInt(3) == 0;
		int counted = (this.chained && this.mutations.contains(Mutation.CHAINED_REPLICA_UNCOUNTED)) ? this.replicas - 1
				: this.replicas;
		LeaseTiming timing = new LeaseTiming(Duration.ofSeconds(3), RENEW_INTERVAL, Duration.ofMillis(200),
				LeaseTiming.replicaFailoverWindow(counted, Duration.ofSeconds(maxLag)),
				Duration.ofMillis(COMMAND_TIMEOUT));
		// The edges of the uniqueness domain, each in one schedule in six or eight:
		// another format in another
		// region of the key space (its IDs would equal the fleet's: 41/16/2/4 region 0
		// code 2 + w is 41/17/1/4
		// region 1 code w, so the fleet with two worker bits leases region 0 and the
		// other region 1), refused by
		// the format record; another namespace in the fleet's region, refused too; a
		// neighbour region of another
		// namespace in the same key space; and a fleet in database 1 (its own key space,
		// a region of its own).
		boolean otherFormat = this.random.nextInt(6) == 0;
		boolean otherNamespace = this.random.nextInt(8) == 0;
		boolean neighbour = this.random.nextInt(8) == 0;
		boolean otherDatabase = this.random.nextInt(8) == 0;
		String region = (otherFormat && workerBits == 1) ? "1" : "0";
		RedisNode.Settings main = settings(timing, timing, counted, maxLag, this.layout, region, "default", 0);
		if (otherFormat) {
			SnowflakeLayout other = layout(3 - workerBits, tick);
			this.fleets.add(new Fleet("format", other,
					settings(timing, timing, counted, maxLag, other, (workerBits == 1) ? "0" : "1", "default", 0), 2));
		}
		if (otherNamespace) {
			this.fleets.add(new Fleet("namespace", this.layout,
					settings(timing, timing, counted, maxLag, this.layout, region, "other", 0), 1));
		}
		if (neighbour) {
			this.fleets.add(new Fleet("east", this.layout,
					settings(timing, timing, counted, maxLag, this.layout, "2", "east", 0),
					1 + this.random.nextInt(2)));
		}
		if (otherDatabase) {
			this.fleets.add(new Fleet("db1", this.layout,
					settings(timing, timing, counted, maxLag, this.layout, "3", "default", 1),
					1 + this.random.nextInt(2)));
		}
		// One schedule in six runs a fleet side by side
		// (format-coexistence=side-by-side): the same timestamp bits, region bits, tick
		// and epoch, one worker bit more and one sequence bit fewer, so that its code 2c
		// issues code c's IDs. Half of those lease a region of their own, where claim 12
		// lets them in; the others the fleet's region, where it refuses whichever comes
		// second. The fleet takes the setting in half of them. Drawn from a stream of
		// their own, so that the other schedules stay as they were.
		Random edges = new Random(mix(~seed));
		if (edges.nextInt(6) == 0) {
			SnowflakeLayout split = SnowflakeLayout.builder()
				.timestampBits(41)
				.regionBits(this.layout.regionBits())
				.workerBits(workerBits + 1)
				.sequenceBits(SEQUENCE_BITS - 1)
				.tick(tick)
				.epoch(this.layout.epoch())
				.build();
			boolean fleetSideBySide = edges.nextBoolean();
			main = sideBySide(main, fleetSideBySide);
			this.fleets.replaceAll((fleet) -> new Fleet(fleet.name(), fleet.layout(),
					sideBySide(fleet.settings(), fleetSideBySide), fleet.hosts()));
			String splitRegion = edges.nextBoolean() ? region : "4";
			this.fleets.add(new Fleet("split", split,
					sideBySide(settings(timing, timing, counted, maxLag, split, splitRegion, "default", 0), true),
					1 + edges.nextInt(2)));
			count(splitRegion.equals(region) ? "side by side: in the fleet's region"
					: "side by side: in a region of its own");
		}
		this.settings = main;
		this.endNanos = this.nanos + (20_000 + this.random.nextInt(15_000)) * MS;
		// One schedule in four runs every other host with a shorter outage tolerance
		// under the same fleet lead
		// limit: the regions' timing check keeps the two apart while the state lasts, and
		// after a loss either may
		// claim first, while holders of the other still issue up to their ceilings.
		// Half of those also allow the shorter timing a larger clock skew (so another
		// quarantine): the lead limit
		// bounds lead + skew + lateness of both.
		LeaseTiming shorter = new LeaseTiming(Duration.ofSeconds(1), RENEW_INTERVAL,
				this.random.nextBoolean() ? timing.maxClockSkew() : Duration.ofSeconds(1), timing.failoverWindow(),
				timing.requestLateness());
		this.shortSettings = (this.random.nextInt(4) == 0)
				? sideBySide(settings(shorter.withLeadLimit(timing.leadLimit()),
						this.mutations.contains(Mutation.CLAIMANT_OWN_QUARANTINE) ? shorter
								: shorter.withLeadLimit(timing.leadLimit()),
						counted, maxLag, this.layout, region, "default", 0), main.sideBySide())
				: null;
	}

	private static RedisNode.Settings sideBySide(RedisNode.Settings s, boolean sideBySide) {
		return new RedisNode.Settings(s.skew(), s.lateness(), s.replicas(), s.maxLagSeconds(), s.layout(), s.region(),
				s.quarantine(), s.ceilingLead(), s.ttl(), s.codes(), s.database(), s.namespace(), s.formatDeclared(),
				s.leadLimit(), sideBySide);
	}

	private static SnowflakeLayout layout(int workerBits, Duration tick) {
		return SnowflakeLayout.builder()
			.timestampBits(41)
			.regionBits(18 - workerBits)
			.workerBits(workerBits)
			.sequenceBits(4)
			.tick(tick)
			.epoch(Instant.parse("2026-01-01T00:00:00Z"))
			.build();
	}

	/**
	 * The script's arguments for {@code timing}, whose loss quarantine comes from
	 * {@code quarantined} (the timing itself, unless a mutation puts back a claimant's
	 * own quarantine).
	 */
	private static RedisNode.Settings settings(LeaseTiming timing, LeaseTiming quarantined, int counted, long maxLag,
			SnowflakeLayout layout, String region, String namespace, int database) {
		return new RedisNode.Settings(timing.maxClockSkew().toMillis(), COMMAND_TIMEOUT, counted, maxLag,
				layout.toString(), region, quarantined.quarantine().toMillis(), timing.ceilingLead().toMillis(), 3_000,
				layout.maxWorkers(), database, namespace, true, timing.leadLimit().toMillis(), false);
	}

	/**
	 * SplitMix64's finaliser: {@code Random}'s first draws for small consecutive seeds
	 * are correlated (seeds 1 to 2,000 would all draw a replicated set-up), so each seed
	 * is mixed before it seeds the schedule.
	 */
	private static long mix(long seed) {
		long z = seed * 0x9E3779B97F4A7C15L;
		z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
		z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
		return z ^ (z >>> 31);
	}

	private static java.util.logging.Logger quiet() {
		java.util.logging.Logger logger = java.util.logging.Logger.getLogger("dev.snowflakeid");
		logger.setLevel(java.util.logging.Level.OFF);
		return logger;
	}

	/**
	 * Runs the schedule of {@code seed} with the correct protocol, or with the given
	 * known-bad rules, checking every ID and every granted range.
	 */
	public static Result run(long seed, Set<Mutation> mutations) {
		return run(StoreModel.REDIS, seed, mutations);
	}

	/** Runs the schedule of {@code seed} against the model of {@code store}. */
	public static Result run(StoreModel store, long seed, Set<Mutation> mutations) {
		return new LeaseSimulation(store, seed, mutations, true).run();
	}

	/**
	 * Runs the schedule of {@code seed} checking only the IDs: it fails only on an ID
	 * issued twice (or twice in one tick of one code) or outside its process's ranges,
	 * never on overlapping ranges alone.
	 */
	public static Result runCheckingIdsOnly(long seed, Set<Mutation> mutations) {
		return runCheckingIdsOnly(StoreModel.REDIS, seed, mutations);
	}

	/**
	 * Runs the schedule of {@code seed} against the model of {@code store}, checking only
	 * the IDs.
	 */
	public static Result runCheckingIdsOnly(StoreModel store, long seed, Set<Mutation> mutations) {
		return new LeaseSimulation(store, seed, mutations, false).run();
	}

	// A server whose home region, the one faults on a region's keys strike, is the
	// fleet's.
	private RedisNode node(String name) {
		RedisNode node = (this.model == StoreModel.JDBC)
				? new JdbcNode(name.replace("redis", "pg"), this::trueMillis, this.mutations)
				: new RedisNode(name, this::trueMillis, this.mutations);
		node.home(RedisNode.KeyName.of(this.settings));
		return node;
	}

	private Result run() {
		this.primary = node("redis-a");
		if (this.replicated) {
			for (int i = 0; i < this.replicas; i++) {
				RedisNode follower = node("redis-" + (char) ('b' + i));
				boolean last = i == this.replicas - 1;
				follower.replicate((this.chained && last) ? this.followers.get(i - 1) : this.primary, true);
				this.followers.add(follower);
			}
			every(400, this::replicate);
		}
		long[] snapshotVersion = { -1 };
		every(1000, () -> {
			if (this.primary.version != snapshotVersion[0]) {
				snapshotVersion[0] = this.primary.version;
				this.snapshots.add(this.primary.data());
			}
		});
		int hosts = this.layout.maxWorkers() + 1 + this.random.nextInt(2);
		for (int i = 0; i < hosts; i++) {
			SimulatedWorker.Host host = new SimulatedWorker.Host(this, "host" + i, this.random.nextInt(301) - 150);
			if (this.shortSettings != null && i % 2 == 1) {
				this.shortHosts.add(host);
			}
			at(this.random.nextInt(3000), () -> launch(host));
		}
		for (Fleet fleet : this.fleets) {
			for (int i = 0; i < fleet.hosts(); i++) {
				SimulatedWorker.Host host = new SimulatedWorker.Host(this, fleet.name() + i,
						this.random.nextInt(301) - 150);
				this.fleetOf.put(host, fleet);
				at(this.random.nextInt(5000), () -> launch(host));
			}
		}
		at(500 + this.random.nextInt(1500), this::fault);
		while (!this.queue.isEmpty() && this.failure == null) {
			Event event = this.queue.poll();
			if (event.at > this.endNanos) {
				break;
			}
			this.nanos = Math.max(this.nanos, event.at);
			event.action.run();
		}
		Map<String, Long> refused = new HashMap<>();
		this.refusals.forEach((reason, count) -> refused.put(reason.name(), count));
		return new Result(this.seed, this.failure == null, this.failure, this.ids.size(), this.faults, refused,
				this.mismatches, this.events);
	}

	// ---- the checker
	// ------------------------------------------------------------------------------

	void check(SimulatedWorker worker, long id) {
		worker.issued++;
		// IDs are compared as 64-bit values, whatever format issued them: every format
		// has 41 timestamp bits, one tick and epoch, so the ID without its sequence names
		// the tick and the owner bits (keyed with the sequence width: a side-by-side
		// format has one sequence bit fewer)
		DecodedId decoded = worker.layout.decode(id);
		long tick = worker.layout.tickAt(decoded.timestamp().toEpochMilli());
		int sequenceBits = worker.layout.sequenceBits();
		SimulatedWorker owner = this.tickOwners.putIfAbsent((id >>> sequenceBits) | ((long) sequenceBits << 60),
				worker);
		if (!this.ids.add(id)) {
			fail("duplicate ID " + id + " (" + where(worker, decoded.worker()) + ", " + decoded.timestamp()
					+ ", sequence " + decoded.sequence() + ") issued again by " + worker);
		}
		else if (owner != null && owner != worker) {
			fail(where(worker, decoded.worker()) + " issued in tick " + decoded.timestamp() + " by " + owner
					+ " and by " + worker + ": both issue sequence 0 of that tick, a duplicate ID");
		}
		else if (!worker.grantedRangeCovers(decoded, worker.layout, tick)) {
			fail("ID " + id + " (code " + decoded.worker() + ", " + decoded.timestamp() + ") issued by " + worker
					+ " lies in no range the store granted to it: " + worker.store.granted);
		}
	}

	/**
	 * Claims 5 and 7 of the safety model, checked on every range a keeper is handed:
	 * ranges of one code granted to different processes never overlap, whichever server
	 * granted them and whatever it lost since. This catches a protocol fault even where
	 * the two owners happen not to issue in the same tick. (Ranges of one process may
	 * overlap across its own tokens, say a claim after its lease key was lost: its
	 * generator never repeats a tick, so that costs nothing.)
	 */
	void checkGrant(SimulatedWorker worker, SimulatedLeaseStore.Granted range, String token) {
		if (!this.checkRanges || range.floor() >= range.ceiling()) {
			return;
		}
		// one list per owner bits of the ID, region and code, at the widest sequence's
		// resolution, so that ranges of two formats meet where IDs do: code 2c and 2c + 1
		// of a format with one sequence bit fewer lie in the IDs of code c
		long bits = worker.owner | range.code();
		int finer = SEQUENCE_BITS - worker.layout.sequenceBits();
		List<TokenRange> ranges = this.grants.computeIfAbsent(bits >>> finer, (coarse) -> new ArrayList<>());
		for (TokenRange other : ranges) {
			int d = finer - other.finer();
			boolean sameIds = (d >= 0) ? (bits >>> d) == other.bits() : bits == (other.bits() >>> -d);
			if (other.worker() != worker && sameIds && Math.max(other.range().floor(), range.floor()) < Math
				.min(other.range().ceiling(), range.ceiling())) {
				fail(where(worker, range.code()) + ": range (" + range.floor() + ", " + range.ceiling()
						+ "] granted to " + worker + " (token " + token + ") overlaps (" + other.range().floor() + ", "
						+ other.range().ceiling() + "] granted to " + other.worker() + " ("
						+ where(other.worker(), other.range().code()) + ", token " + other.token() + ")");
				return;
			}
		}
		ranges.add(new TokenRange(worker, token, range, bits, finer));
	}

	private record TokenRange(SimulatedWorker worker, String token, SimulatedLeaseStore.Granted range, long bits,
			int finer) {
	}

	// "code 1", or where the worker is not of the fleet "code 1 of region 1 (layout ...)"
	private String where(SimulatedWorker worker, int code) {
		return (worker.settings.layout().equals(this.settings.layout())
				&& worker.settings.region().equals(this.settings.region())) ? "code " + code
						: "code " + code + " of region " + worker.settings.region() + " (" + worker.layout + ")";
	}

	// ---- availability
	// ------------------------------------------------------------------------------

	/** A claim's token the store handed to a process. */
	void handed(SimulatedWorker worker, String token) {
		this.handedTo.put(token, worker);
	}

	/**
	 * A claim's token whose key nobody may give back before it expires: its reply or its
	 * release was lost.
	 */
	void inFlight(String token) {
		this.inFlight.add(token);
	}

	// Lease keys a restored copy brings back hold tokens of grants made long ago.
	private void restored(RedisNode.Data data) {
		data.regions()
			.values()
			.forEach((keys) -> keys.leases.values().forEach((key) -> this.inFlight.add(key.token())));
	}

	/**
	 * The availability invariant on a region's keys of {@code node}: codes held
	 * (unexpired lease keys) never exceed its live holders (processes, one generator
	 * each) plus claims in flight. Each key is accounted for: it holds the token of a
	 * grant handed to a live process (one per process; a second one of the same process
	 * is an older key a promoted replica or a restored copy brought back), or of a claim
	 * still in flight until its key expires: its reply or its release was lost on the
	 * way, its process died, or an old copy brought it back. A claim refused after the
	 * script (too few replicas acknowledged it, or the acknowledgement came from another
	 * server) is given back at once, so its key is none of these.
	 */
	void checkHeld(RedisNode node, RedisNode.KeyName keys) {
		if (this.failure != null) {
			return;
		}
		Map<Integer, RedisNode.LeaseKey> held = node.heldLeases(keys);
		Set<SimulatedWorker> holders = new HashSet<>();
		for (Map.Entry<Integer, RedisNode.LeaseKey> entry : new java.util.TreeMap<>(held).entrySet()) {
			String token = entry.getValue().token();
			SimulatedWorker holder = this.handedTo.get(token);
			if (holder != null && holder.alive) {
				holders.add(holder);
			}
			else if (holder == null && !this.inFlight.contains(token)) {
				fail("availability: code " + entry.getKey() + " of " + keys + " on " + node + " is held by token "
						+ token
						+ ", which no process was handed and no claim in flight holds: a claim refused after the script "
						+ "was not given back (" + held.size() + " codes held, " + holders.size() + " live holders)");
				return;
			}
		}
	}

	/**
	 * Extra time before a request runs, within its timeout: most requests arrive at once.
	 */
	long lateWithinTimeout() {
		return (this.random.nextDouble() < this.lossRate || this.random.nextInt(50) == 0)
				? 1 + this.random.nextInt((int) COMMAND_TIMEOUT - 1) : 0;
	}

	/**
	 * How long EVALSHA takes to be answered NOSCRIPT: a few milliseconds, or up to the
	 * timeout.
	 */
	long roundTrip() {
		return (this.random.nextInt(4) == 0) ? 1 + this.random.nextInt((int) COMMAND_TIMEOUT - 1)
				: 1 + this.random.nextInt(3);
	}

	/** Counts an event for the run's summary. */
	void count(String event) {
		this.events.merge(event, 1L, Long::sum);
	}

	/** A process refused at startup by the format record or the region's settings. */
	void mismatch() {
		this.mismatches++;
	}

	void refused(IdGenerationException.Reason reason) {
		this.refusals.merge(reason, 1L, Long::sum);
	}

	private void fail(String message) {
		if (this.failure == null) {
			this.failure = "seed " + this.seed + " (mutations " + this.mutations + "): " + message
					+ "\nlast events:\n  " + String.join("\n  ", this.timeline);
		}
	}

	private void log(String what) {
		if (this.timeline.size() == 40) {
			this.timeline.removeFirst();
		}
		this.timeline.addLast(Instant.ofEpochMilli(trueMillis()) + " " + what);
	}

	// ---- time and events
	// --------------------------------------------------------------------------

	long nanos() {
		return this.nanos;
	}

	private long trueMillis() {
		return Math.floorDiv(this.nanos, MS);
	}

	/**
	 * A generator's wait (at most a few milliseconds): time moves on, nothing else
	 * happens meanwhile.
	 */
	void park(long parkNanos) {
		this.nanos += Math.max(1, parkNanos);
	}

	/**
	 * A starting worker's wait: the rest of the world runs on until the wait ends, the
	 * keeper's own renewal rounds included. Nested waits are bounded by the number of
	 * hosts.
	 */
	void runUntil(long parkNanos) {
		long target = this.nanos + Math.max(1, parkNanos);
		while (this.failure == null && this.depth < 16) {
			Event next = this.queue.peek();
			if (next == null || next.at > target || next.at > this.endNanos) {
				break;
			}
			this.queue.poll();
			this.nanos = Math.max(this.nanos, next.at);
			this.depth++;
			try {
				next.action.run();
			}
			finally {
				this.depth--;
			}
		}
		this.nanos = Math.max(this.nanos, target);
	}

	Random random() {
		return this.random;
	}

	Set<Mutation> mutations() {
		return this.mutations;
	}

	/** Whether the store waits for its replicas' acknowledgement before using a grant. */
	boolean waitsForReplicas() {
		return !this.mutations.contains(Mutation.NO_WAIT) && !this.mutations.contains(Mutation.NO_REPLICA_CHECKS);
	}

	private void at(long delayMillis, Runnable action) {
		atNanos(this.nanos + delayMillis * MS, action);
	}

	private void atNanos(long when, Runnable action) {
		this.queue.add(new Event(when, this.order++, action));
	}

	void later(long delayMillis, Runnable action) {
		at(delayMillis, action);
	}

	private void every(long periodMillis, Runnable action) {
		at(periodMillis, () -> {
			action.run();
			every(periodMillis, action);
		});
	}

	/**
	 * The keeper's renewal rounds, as a frozen process runs them: late, once it resumes.
	 */
	AutoCloseable scheduleRounds(SimulatedWorker worker, Runnable round, long firstNanos, long periodNanos) {
		boolean[] closed = new boolean[1];
		Runnable[] next = new Runnable[1];
		next[0] = () -> {
			if (closed[0] || !worker.alive) {
				return;
			}
			if (worker.paused()) {
				atNanos(worker.pausedUntilNanos, next[0]);
				return;
			}
			round.run();
			atNanos(this.nanos + periodNanos, next[0]);
		};
		atNanos(this.nanos + firstNanos, next[0]);
		return () -> closed[0] = true;
	}

	// ---- workers
	// -----------------------------------------------------------------------------------

	private void launch(SimulatedWorker.Host host) {
		Fleet fleet = this.fleetOf.get(host);
		SimulatedWorker worker = new SimulatedWorker(this, host, host.name + "#" + (++this.processes),
				(fleet != null) ? fleet.layout() : this.layout, (fleet != null) ? fleet.settings()
						: this.shortHosts.contains(host) ? this.shortSettings : this.settings,
				RENEW_INTERVAL);
		this.workers.add(worker);
		long retryIn = worker.start();
		if (retryIn >= 0) {
			log(worker + " could not start yet");
			at(Math.min(retryIn, 10_000) + this.random.nextInt(500), () -> launch(host));
			return;
		}
		log(worker + " started with " + worker.keeper.currentLease());
		if (worker.layout.sequenceBits() < SEQUENCE_BITS) {
			count("side by side: instances started");
		}
		issueLater(worker);
	}

	private void issueLater(SimulatedWorker worker) {
		at(50 + this.random.nextInt(550), () -> {
			if (!worker.alive) {
				return;
			}
			if (worker.paused()) {
				atNanos(worker.pausedUntilNanos, () -> issueLater(worker));
				return;
			}
			worker.issue(1 + this.random.nextInt(6), this.random.nextInt(4) == 0);
			issueLater(worker);
		});
	}

	private SimulatedWorker newestLiveWorker() {
		for (int i = this.workers.size() - 1; i >= 0; i--) {
			SimulatedWorker worker = this.workers.get(i);
			if (worker.alive && worker.started) {
				return worker;
			}
		}
		return null;
	}

	private SimulatedWorker anyLiveWorker() {
		List<SimulatedWorker> live = this.workers.stream().filter((w) -> w.alive && w.started).toList();
		return live.isEmpty() ? null : live.get(this.random.nextInt(live.size()));
	}

	// ---- the network and Redis
	// ---------------------------------------------------------------------

	/** The server a worker's lease connection reaches now. */
	RedisNode route(SimulatedWorker worker) {
		RedisNode wrong = this.misrouted.get(worker);
		if (wrong != null) {
			return wrong;
		}
		if (this.deposed != null && this.nanos < this.routeSwitchAt.getOrDefault(worker, 0L)) {
			return this.deposed;
		}
		return this.primary;
	}

	boolean reachable(SimulatedWorker worker, RedisNode node) {
		return this.nanos >= this.pausedUntil.getOrDefault(node, 0L);
	}

	void whenResumed(RedisNode node, Runnable request) {
		this.waitingForResume.computeIfAbsent(node, (n) -> new ArrayList<>()).add(request);
	}

	SimulatedLeaseStore.Fate fate(SimulatedWorker worker) {
		if (this.random.nextDouble() >= this.lossRate) {
			return SimulatedLeaseStore.Fate.DELIVERED;
		}
		// A request that runs later than its timeout on a server whose clock lags by as
		// much passes the
		// two-clocks check: a double fault the safety model excludes, so late requests
		// only meet true clocks.
		int kind = this.random.nextInt(this.workerClocksStep ? 3 : 2);
		return (kind == 0) ? SimulatedLeaseStore.Fate.REQUEST_LOST
				: (kind == 1) ? SimulatedLeaseStore.Fate.REPLY_LOST : SimulatedLeaseStore.Fate.LATE;
	}

	/**
	 * WAIT for {@code quorum} replicas: of those the node lists that still replicate from
	 * it, are reachable and not cut off, {@code quorum} acknowledge (and then hold its
	 * data); the others catch up with the next replication round, so a failover meanwhile
	 * may promote one that lacks the grant.
	 */
	boolean acknowledged(RedisNode node, long quorum) {
		if (!reachable(null, node)) {
			return false;
		}
		List<RedisNode> following = new ArrayList<>(node.replicaList()
			.stream()
			.filter((listed) -> listed.master == node && reachable(null, listed) && !this.detached.contains(listed))
			.sorted(Comparator.comparing(RedisNode::name))
			.toList());
		if (following.size() < quorum) {
			return false;
		}
		Collections.shuffle(following, this.random);
		for (RedisNode listed : following.subList(0, (int) quorum)) {
			listed.load(node.data());
			listed.copiedVersion = node.version;
			node.replicas.put(listed, this.nanos / MS);
		}
		return true;
	}

	/**
	 * Where the WAIT for a grant of {@code node} goes: to {@code node}, unless a
	 * REROUTE_WAIT fault is armed and {@code node} is a deposed primary; then the
	 * worker's route switches to the new primary between the two.
	 */
	RedisNode waitTarget(SimulatedWorker worker, RedisNode node) {
		if (this.rerouteWait && node == this.deposed && this.primary != node) {
			this.rerouteWait = false;
			this.routeSwitchAt.put(worker, this.nanos);
			log(worker + "'s WAIT for a grant of " + node + " goes to " + this.primary);
			return this.primary;
		}
		return node;
	}

	/**
	 * A worker is about to use a grant of {@code node}: an armed targeted fault may
	 * strike now.
	 */
	void used(SimulatedWorker worker, RedisNode node, String op) {
		Nemesis nemesis = this.armed;
		if (nemesis != null && (nemesis.op() == null || nemesis.op().equals(op))
				&& (node == this.deposed) == nemesis.fromDeposed()) {
			this.armed = null;
			nemesis.strike().accept(worker);
		}
	}

	// Replicas that still follow their primary receive its data and acknowledge it.
	private void replicate() {
		List<RedisNode> nodes = new ArrayList<>(this.followers);
		nodes.add(this.primary);
		for (RedisNode node : nodes) {
			if (node.master != null && reachable(null, node.master) && reachable(null, node)
					&& !this.detached.contains(node)) {
				if (node.copiedVersion != node.master.version || node.master.version == 0) {
					node.load(node.master.data());
					node.copiedVersion = node.master.version;
				}
				node.master.replicas.put(node, trueMillis());
			}
		}
	}

	// ---- faults
	// ------------------------------------------------------------------------------------

	private void fault() {
		this.faults++;
		// Faults overlap: a worker fault, the network, a stale holder across a Redis
		// fault, or a Redis fault
		// alone (replica faults only with a replica).
		int roll = this.random.nextInt(14);
		Fault kind;
		if (roll < 6) {
			kind = WORKER_FAULTS[this.random.nextInt(this.workerClocksStep ? 5 : 4)];
		}
		else if (roll < 8) {
			kind = Fault.NETWORK_LOSS;
		}
		else if (roll < 10) {
			kind = Fault.FREEZE_HOLDER_THEN_REDIS_FAULT;
		}
		else if (this.replicated && this.random.nextInt(5) < 2) {
			// A frozen primary runs its queued (late) requests when it resumes: only
			// where clocks are true.
			kind = this.workerClocksStep ? REPLICA_FAULTS[this.random.nextInt(REPLICA_FAULTS.length)]
					: TRUE_CLOCK_REPLICA_FAULTS[this.random.nextInt(TRUE_CLOCK_REPLICA_FAULTS.length)];
		}
		else if (!this.replicated && this.random.nextInt(4) == 0) {
			kind = Fault.STRAY_REPLICA;
		}
		else {
			kind = REDIS_FAULTS[this.random.nextInt(7)];
			kind = (kind == Fault.DELETE_LEASE_KEY && this.random.nextBoolean()) ? Fault.RESTORE_LEASE_KEY
					: (kind == Fault.RESTART_EMPTY && this.random.nextBoolean()) ? Fault.RESTART_EMPTY_CLOCK_BEHIND
							: kind;
			kind = (kind == Fault.EVICT_STATE && this.random.nextBoolean())
					? (this.random.nextBoolean() ? Fault.REPLACE_STATE_WITH_COPY : Fault.SWAPDB_FOREIGN) : kind;
			kind = (this.workerClocksStep && kind == Fault.STEP_REDIS_CLOCK) ? Fault.RESTART_WITH_DATA : kind;
			if (this.random.nextInt(5) == 0) {
				// the key space's edges: a first replica, SWAPDB of two fleets'
				// databases, the format record lost
				boolean database = this.fleets.stream().anyMatch((fleet) -> fleet.settings().database() != 0);
				kind = (!this.replicated && this.random.nextBoolean()) ? Fault.ATTACH_FIRST_REPLICA
						: (database && !this.swapped && this.random.nextBoolean()) ? Fault.SWAPDB_DATABASES
								: Fault.DROP_FORMAT_RECORD;
			}
		}
		SimulatedWorker worker = anyLiveWorker();
		if (kind.onRedis()) {
			redisFault(trueClocksOnly(kind));
		}
		else {
			workerFault(kind, worker);
		}
		at(500 + (long) (-Math.log(1 - this.random.nextDouble()) * 2500), this::fault);
	}

	// A Redis server restarted with a lagging clock and a worker whose clock steps are a
	// double fault the
	// safety model excludes (see workerClocksStep).
	private Fault trueClocksOnly(Fault kind) {
		return (this.workerClocksStep && kind == Fault.RESTART_EMPTY_CLOCK_BEHIND) ? Fault.RESTART_EMPTY : kind;
	}

	private void workerFault(Fault kind, SimulatedWorker worker) {
		count(kind.name());
		switch (kind) {
			case PAUSE_WORKER -> {
				if (worker != null) {
					long pause = 100 + this.random.nextInt(this.random.nextBoolean() ? 1000 : 12_000);
					worker.pausedUntilNanos = this.nanos + pause * MS;
					log("pause " + worker + " for " + pause + " ms");
				}
			}
			case KILL_WORKER -> {
				if (worker != null) {
					worker.kill();
					log("kill -9 " + worker);
					SimulatedWorker.Host host = worker.host;
					at(100 + this.random.nextInt(3000), () -> launch(host));
				}
			}
			case RESTART_WORKER -> {
				if (worker != null) {
					worker.shutDown();
					log("graceful restart of " + worker);
					SimulatedWorker.Host host = worker.host;
					at(50 + this.random.nextInt(1000), () -> launch(host));
				}
			}
			case STEP_WORKER_CLOCK -> {
				if (worker != null) {
					long step = (this.random.nextBoolean() ? 1 : -1)
							* (1 + this.random.nextInt(this.random.nextBoolean() ? 20 : 3000));
					worker.host.offsetMillis += step;
					log("step clock of " + worker.host.name + " by " + step + " ms");
				}
			}
			case NETWORK_LOSS -> {
				this.lossRate = this.random.nextBoolean() ? 0 : 0.05 + this.random.nextDouble() * 0.5;
				log("network loss rate " + this.lossRate);
			}
			case FREEZE_HOLDER_THEN_REDIS_FAULT -> {
				// A holder frozen while Redis loses or replaces its data; it resumes
				// under its old ceiling.
				SimulatedWorker holder = (worker != null && this.random.nextBoolean()) ? newestLiveWorker() : worker;
				if (holder != null) {
					long pause = 1000 + this.random.nextInt(8000);
					holder.pausedUntilNanos = this.nanos + pause * MS;
					log("pause " + holder + " for " + pause + " ms, then a Redis fault");
					Fault redisFault = (this.replicated && this.random.nextBoolean())
							? ((this.workerClocksStep && this.random.nextInt(2) == 1) ? Fault.PROMOTE_FROZEN
									: Fault.PROMOTE)
							: DATA_FAULTS[this.random.nextInt(DATA_FAULTS.length)];
					Fault fault = trueClocksOnly(redisFault);
					at(100 + this.random.nextInt(700), () -> redisFault(fault));
				}
			}
			case STRAY_REPLICA -> {
				// A replica whose primary dropped it (its link reset), left writable,
				// reached through a stale
				// address: it has no replicas of its own, so only its role tells it apart
				// from a primary.
				if (worker != null && this.stray == null) {
					RedisNode node = node("redis-s");
					node.replicate(this.primary, true);
					this.primary.replicas.remove(node);
					this.stray = node;
					this.misrouted.put(worker, node);
					log(worker + " talks to " + node + ", a copy its primary no longer lists");
					at(1000 + this.random.nextInt(8000), () -> {
						this.misrouted.remove(worker);
						this.stray = null;
					});
				}
			}
			case MISROUTE_TO_REPLICA -> {
				// A worker reaches a replica whose link to its primary is down (a
				// writable replica would grant).
				if (worker != null) {
					RedisNode wrong = this.followers.get(this.random.nextInt(this.followers.size()));
					this.misrouted.put(worker, wrong);
					this.detached.add(wrong);
					log(worker + " talks to replica " + wrong + ", which has lost its primary");
					at(1000 + this.random.nextInt(6000), () -> {
						this.misrouted.remove(worker);
						this.detached.remove(wrong);
					});
				}
			}
			default -> throw new IllegalArgumentException(kind + " is not a worker fault");
		}
	}

	private void redisFault(Fault kind) {
		if (this.model == StoreModel.JDBC && databaseFault(kind)) {
			return;
		}
		count(kind.name());
		switch (kind) {
			case RESTART_EMPTY -> {
				this.primary.restart(RedisNode.Data.empty());
				resyncReplica();
				log("restart " + this.primary + " without data");
			}
			case RESTART_EMPTY_CLOCK_BEHIND -> {
				// It comes back without data on a host whose clock lags until NTP steps
				// it.
				this.primary.restart(RedisNode.Data.empty());
				resyncReplica();
				long behind = 300 + this.random.nextInt(5700);
				this.primary.clockOffset -= behind;
				RedisNode restarted = this.primary;
				at(2000 + this.random.nextInt(6000), () -> restarted.clockOffset = 0);
				log("restart " + this.primary + " without data, its clock " + behind + " ms behind");
			}
			case RESTART_WITH_DATA -> {
				this.primary.restart(this.primary.data());
				resyncReplica();
				log("restart " + this.primary + " with its data");
			}
			case RESTART_FROM_SNAPSHOT -> {
				if (!this.snapshots.isEmpty()) {
					int index = this.random.nextInt(this.snapshots.size());
					restored(this.snapshots.get(index));
					this.primary.restart(this.snapshots.get(index));
					resyncReplica();
					log("restart " + this.primary + " from snapshot " + index + " of " + this.snapshots.size());
				}
			}
			case FLUSHALL -> {
				this.primary.load(RedisNode.Data.empty());
				log("FLUSHALL on " + this.primary);
			}
			case EVICT_STATE -> {
				this.primary.evictState();
				log("state hash evicted on " + this.primary);
			}
			case REPLACE_STATE_WITH_COPY -> {
				if (!this.snapshots.isEmpty()) {
					int index = this.random.nextInt(this.snapshots.size());
					this.primary.replaceState(this.snapshots.get(index).state());
					log("state hash on " + this.primary + " replaced by its copy in snapshot " + index);
				}
			}
			case SWAPDB_FOREIGN -> {
				if (!this.snapshots.isEmpty()) {
					RedisNode.Data other = this.snapshots.get(this.random.nextInt(this.snapshots.size()));
					if (other.state() != null) {
						this.primary.swapInForeignDatabase(other.state(), 1);
						log("SWAPDB on " + this.primary + ": the region's state of database 1 is now database 0's");
					}
				}
			}
			case DELETE_LEASE_KEY -> {
				if (!this.primary.leases().isEmpty()) {
					Integer code = new ArrayList<>(this.primary.leases().keySet())
						.get(this.random.nextInt(this.primary.leases().size()));
					this.primary.dropLease(code);
					log("DEL lease key of code " + code + " on " + this.primary);
				}
			}
			case STEP_REDIS_CLOCK -> {
				long step = (this.random.nextBoolean() ? 1 : -1) * (50 + this.random.nextInt(2500));
				this.primary.clockOffset += step;
				log("step Redis clock of " + this.primary + " by " + step + " ms");
				at(500 + this.random.nextInt(5000), () -> {
					this.primary.clockOffset = 0;
					log("Redis clocks back in sync");
				});
			}
			case RESTORE_LEASE_KEY -> {
				// An operator restores one lease key from an old dump (or a MIGRATE ...
				// REPLACE brings it back).
				if (!this.snapshots.isEmpty()) {
					RedisNode.Data old = this.snapshots.get(this.random.nextInt(this.snapshots.size()));
					if (!old.leases().isEmpty()) {
						Integer code = new ArrayList<>(old.leases().keySet())
							.get(this.random.nextInt(old.leases().size()));
						RedisNode.LeaseKey key = old.leases().get(code);
						this.inFlight.add(key.token());
						this.primary.restoreLease(code, new RedisNode.LeaseKey(key.token(), this.primary.now() + 3000));
						log("RESTORE lease key of code " + code + " (" + key.token() + ") on " + this.primary);
					}
				}
			}
			case ATTACH_FIRST_REPLICA -> {
				// An operator attaches a replica to a primary configured without any (the
				// first step of a move to
				// another host): a primary without a backlog creates one under a new
				// replication id. It refuses
				// while the replica is attached (more than configured); once it is
				// detached again, the new id
				// reads as a detected loss.
				if (this.replicas == 0 && this.spare == null && this.deposed == null) {
					RedisNode attached = node("redis-n");
					RedisNode to = this.primary;
					String before = to.replid;
					attached.replicate(to, true);
					this.spare = attached;
					log("REPLICAOF " + to + " on a new host" + (before.equals(to.replid) ? ""
							: ": the primary creates its backlog under a new replication id"));
					at(500 + this.random.nextInt(5000), () -> {
						to.replicas.remove(attached);
						attached.master = null;
						attached.primary = true;
						this.spare = null;
						log("REPLICAOF NO ONE on " + attached + ", detached from " + to);
					});
				}
			}
			case SWAPDB_DATABASES -> {
				if (!this.swapped) {
					this.swapped = true;
					this.primary.swapDatabases(0, 1);
					log("SWAPDB 0 1 on " + this.primary);
				}
			}
			case DROP_FORMAT_RECORD -> {
				this.primary.dropFormat();
				log("DEL format record on " + this.primary);
			}
			case PROMOTE -> promote(0, false);
			case PROMOTE_FROZEN -> promote(2000 + this.random.nextInt(6000), false);
			case FAILOVER_AND_BACK -> {
				// Fail over right after a claim reached only the primary, then fail back
				// before the promoted
				// replica has written anything: the first primary is back with the copy
				// that lacks the claim.
				if (this.armed == null) {
					this.armed = new Nemesis("claim", false,
							(claimant) -> at(this.random.nextInt(200), () -> failoverAndBack(claimant)));
				}
			}
			case FROZEN_PRIMARY_THEN_STALL -> {
				// A primary frozen long enough for its replica to take over and be
				// written to; the first grant it
				// gives after it resumes goes to a worker that then stalls while others
				// claim on the new primary.
				promote(4000 + this.random.nextInt(4000), true);
				if (this.armed == null) {
					this.armed = new Nemesis(null, true, this::stall);
				}
			}
			case PARTITION -> partition();
			case REROUTE_WAIT -> {
				// The next grant of a deposed primary that is used has its WAIT sent to
				// the new primary.
				this.rerouteWait = true;
				promote(this.random.nextBoolean() ? 0 : 4000 + this.random.nextInt(4000), false);
			}
			default -> throw new IllegalArgumentException(kind + " is not a Redis fault");
		}
	}

	/**
	 * The database counterpart of a Redis fault, on the JDBC model's primary; returns
	 * false for the faults both models share (promotions, partitions, standbys that
	 * workers reach). A restore from a dump writes the rows anew (their {@code xmin} is
	 * the restoring transaction); the dumps are the snapshots taken every second.
	 */
	private boolean databaseFault(Fault kind) {
		JdbcNode database = (JdbcNode) this.primary;
		boolean fromDump = kind == Fault.RESTART_FROM_SNAPSHOT || kind == Fault.REPLACE_STATE_WITH_COPY
				|| kind == Fault.SWAPDB_FOREIGN || kind == Fault.RESTORE_LEASE_KEY;
		if (fromDump && this.snapshots.isEmpty()) {
			return true;
		}
		RedisNode.Data dump = fromDump ? this.snapshots.get(this.random.nextInt(this.snapshots.size())) : null;
		String what;
		switch (kind) {
			case RESTART_EMPTY, RESTART_EMPTY_CLOCK_BEHIND -> {
				// a new cluster (initdb, the table created again): new system identifier
				database.restart(RedisNode.Data.empty());
				resyncReplica();
				what = "new cluster, empty table";
				if (kind == Fault.RESTART_EMPTY_CLOCK_BEHIND) {
					long behind = 300 + this.random.nextInt(5700);
					database.clockOffset -= behind;
					at(2000 + this.random.nextInt(6000), () -> database.clockOffset = 0);
					what += ", its clock " + behind + " ms behind";
				}
			}
			// PostgreSQL's restart keeps every commit and its lineage
			case RESTART_WITH_DATA -> what = "restart";
			case RESTART_FROM_SNAPSHOT -> {
				restored(dump);
				database.restoreTable(dump);
				what = "table restored from an older dump";
			}
			case FLUSHALL -> {
				database.truncate();
				what = "TRUNCATE";
			}
			case EVICT_STATE, DROP_FORMAT_RECORD -> {
				database.deleteMeta();
				what = "meta row deleted";
			}
			case SWAPDB_FOREIGN -> {
				database.restoreMeta(dump);
				what = "meta row restored from an older dump";
			}
			case REPLACE_STATE_WITH_COPY -> {
				restored(dump);
				database.restoreRegion(dump);
				what = "region's rows restored from an older dump";
			}
			case DELETE_LEASE_KEY -> {
				if (database.leases().isEmpty()) {
					return true;
				}
				Integer code = new ArrayList<>(database.leases().keySet())
					.get(this.random.nextInt(database.leases().size()));
				database.deleteRow(code);
				what = "code row " + code + " deleted";
			}
			case RESTORE_LEASE_KEY -> {
				int code = this.random.nextInt(this.layout.maxWorkers());
				String token = database.restoreRow(code, dump);
				if (token != null) {
					this.inFlight.add(token);
				}
				what = "code row " + code + " restored from an older dump";
			}
			case SWAPDB_DATABASES -> {
				// ALTER TABLE ... RENAME of the fleet's table and the other fleet's
				// (once: renaming them back is a rollback, see the assumptions)
				if (this.swapped) {
					return true;
				}
				this.swapped = true;
				database.swapDatabases(0, 1);
				what = "the fleets' tables swapped by ALTER TABLE RENAME";
			}
			case STEP_REDIS_CLOCK -> {
				// the database server's clock stepped, forward or back
				long step = (this.random.nextBoolean() ? 1 : -1) * (50 + this.random.nextInt(2500));
				database.clockOffset += step;
				at(500 + this.random.nextInt(5000), () -> database.clockOffset = 0);
				what = "database clock stepped by " + step + " ms";
			}
			default -> {
				return false;
			}
		}
		count("database: " + what.replaceAll(" -?[0-9]+", "").replace(",", ""));
		log(what + " on " + database);
		return true;
	}

	/**
	 * The JDBC model's old primary is stopped when its standby is promoted: without
	 * synchronous standbys the JDBC store's argument requires it (claim 8), since it
	 * cannot see an old primary still granting.
	 */
	private void fence(RedisNode old) {
		if (old instanceof JdbcNode database) {
			database.fenced = true;
		}
	}

	private void resyncReplica() {
		for (RedisNode follower : this.followers) {
			if (follower.master == this.primary) {
				follower.replicate(this.primary, true);
			}
		}
	}

	/**
	 * A replica of the primary that can take over, any of them (a chained replica's
	 * parent too), or {@code null} (none, or a failover under way).
	 */
	private RedisNode candidate() {
		if (this.deposed != null) {
			return null;
		}
		List<RedisNode> direct = this.followers.stream().filter((f) -> f.master == this.primary).toList();
		return direct.isEmpty() ? null : direct.get(this.random.nextInt(direct.size()));
	}

	/**
	 * The candidate becomes the primary and the other replicas follow it. The old
	 * primary, cut off, is not told: it lists its replicas, with their last
	 * acknowledgements, until it is demoted.
	 */
	private void takeOver(RedisNode old, RedisNode promoted) {
		fence(old);
		promoted.promote();
		for (RedisNode follower : this.followers) {
			if (follower != promoted && follower.master == old) {
				follower.replicate(promoted, false);
			}
		}
		this.followers.remove(promoted);
		this.followers.add(old);
		this.primary = promoted;
		this.deposed = old;
	}

	// A replica takes over; the old primary goes on granting to workers that have not
	// switched yet, until it
	// is demoted. With pause, the old primary was frozen when it was replaced and resumes
	// later.
	private void promote(long pauseMillis, boolean eagerSwitch) {
		RedisNode promoted = candidate();
		if (promoted == null) {
			return;
		}
		RedisNode old = this.primary;
		boolean pause = pauseMillis > 0;
		if (pause) {
			this.pausedUntil.put(old, this.nanos + pauseMillis * MS);
			log("pause " + old + " for " + pauseMillis + " ms");
		}
		Runnable takeOver = () -> {
			if (this.primary != old || this.deposed != null || promoted.master != old) {
				return;
			}
			takeOver(old, promoted);
			for (SimulatedWorker worker : this.workers) {
				this.routeSwitchAt.put(worker, this.nanos + this.random.nextInt(pause ? 12_000 : 4000) * MS);
			}
			SimulatedWorker first = anyLiveWorker();
			if (eagerSwitch && first != null) {
				this.routeSwitchAt.put(first, this.nanos);
			}
			log("promote " + promoted + "; deposed " + old + " still reachable");
			SimulatedWorker restarted = anyLiveWorker();
			if (restarted != null && this.random.nextBoolean()) {
				restarted.kill();
				log("kill -9 " + restarted + " during the failover");
				at(100 + this.random.nextInt(1500), () -> launch(restarted.host));
			}
			long demoteAfter = pauseMillis + 1000 + this.random.nextInt(6000);
			at(demoteAfter, () -> {
				old.replicate(promoted, true);
				this.deposed = null;
				log("demote " + old + " to replica of " + promoted);
			});
		};
		if (pause) {
			at(1000 + this.random.nextInt(1000), takeOver);
			at(pauseMillis, () -> resume(old));
		}
		else {
			takeOver.run();
		}
	}

	/**
	 * A partition splits the nodes: the primary keeps some of its replicas (perhaps
	 * none), a replica on the other side is promoted and takes the rest. The old primary
	 * lists the other side's nodes with their last acknowledgement until
	 * {@code repl-timeout} drops them; workers on its side go on talking to it. The
	 * partition heals when the old primary and the replicas it kept are demoted under the
	 * new one.
	 */
	private void partition() {
		RedisNode promoted = candidate();
		if (promoted == null) {
			return;
		}
		RedisNode old = this.primary;
		fence(old);
		List<RedisNode> kept = this.followers.stream()
			.filter((f) -> f != promoted && f.master == old && this.random.nextBoolean())
			.toList();
		promoted.promote();
		for (RedisNode follower : List.copyOf(this.followers)) {
			if (follower != promoted && follower.master == old && !kept.contains(follower)) {
				follower.replicate(promoted, false);
			}
		}
		this.followers.remove(promoted);
		this.followers.add(old);
		this.primary = promoted;
		this.deposed = old;
		long heal = 3000 + this.random.nextInt(9000);
		for (SimulatedWorker worker : this.workers) {
			this.routeSwitchAt.put(worker,
					this.nanos + (this.random.nextBoolean() ? heal : this.random.nextInt(1000)) * MS);
		}
		log("partition: " + old + " keeps " + kept + "; " + promoted + " promoted with the rest");
		at(1000 + this.random.nextInt(3000), () -> {
			old.replicas.keySet().removeIf((listed) -> listed.master != old);
			log(old + " drops the replicas it lost (repl-timeout)");
		});
		at(heal, () -> {
			if (this.deposed != old) {
				return;
			}
			old.replicate(promoted, true);
			for (RedisNode follower : kept) {
				if (follower.master == old) {
					follower.replicate(promoted, true);
				}
			}
			this.deposed = null;
			log("partition heals: " + old + " and " + kept + " replicate from " + promoted);
		});
	}

	private void failoverAndBack(SimulatedWorker claimant) {
		RedisNode second = candidate();
		if (second == null) {
			return;
		}
		RedisNode first = this.primary;
		takeOver(first, second);
		for (SimulatedWorker worker : this.workers) {
			this.routeSwitchAt.put(worker, this.nanos + this.random.nextInt(4000) * MS);
		}
		log("promote " + second + " right after " + claimant + " claimed on " + first);
		stall(claimant);
		at(100 + this.random.nextInt(1200), () -> {
			if (this.primary != second || this.deposed != first) {
				return;
			}
			first.replicate(second, true);
			this.deposed = null;
			takeOver(second, first);
			this.deposed = null;
			second.replicate(first, true);
			log("demote " + first + ", then fail back to it; " + second + " replicates from it");
		});
	}

	// A worker stalls (a GC pause, a VM steal) right after a grant: others may claim
	// meanwhile.
	private void stall(SimulatedWorker worker) {
		if (worker.alive) {
			long pause = 500 + this.random.nextInt(3000);
			worker.pausedUntilNanos = Math.max(worker.pausedUntilNanos, this.nanos + pause * MS);
			log("pause " + worker + " for " + pause + " ms after its grant");
		}
	}

	// A paused server resumes: it reads the acknowledgements its replicas sent meanwhile
	// (so their lag looks
	// fresh for a moment), then runs the requests that waited in its sockets.
	private void resume(RedisNode node) {
		this.pausedUntil.remove(node);
		node.replicas.replaceAll((listed, acked) -> trueMillis());
		log("resume " + node);
		List<Runnable> waiting = this.waitingForResume.remove(node);
		if (waiting != null) {
			waiting.forEach(Runnable::run);
		}
	}

}
