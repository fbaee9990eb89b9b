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
package dev.snowflakeid.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.Period;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseTiming;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of the Snowflake ID generator.
 */
@ConfigurationProperties("snowflake")
public class SnowflakeProperties {

	/** Whether to configure the ID generator. */
	private boolean enabled = true;

	/** Epoch that timestamps count from; in the past, never changed once IDs exist. */
	private Instant epoch = SnowflakeLayout.DEFAULT_EPOCH;

	/**
	 * Region code written into every ID, below 2^region-bits; each region leases its
	 * worker codes in keys of its own.
	 */
	private int region = 0;

	private final Layout layout = new Layout();

	private final Clock clock = new Clock();

	private final Sequence sequence = new Sequence();

	private final Worker worker = new Worker();

	/**
	 * Further generators, by bean name: each issues in a region of its own of the shared
	 * format, with a worker-code lease of its own.
	 */
	private final Map<String, Generator> generators = new LinkedHashMap<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Instant getEpoch() {
		return this.epoch;
	}

	public void setEpoch(Instant epoch) {
		this.epoch = epoch;
	}

	public int getRegion() {
		return this.region;
	}

	public void setRegion(int region) {
		this.region = region;
	}

	public Layout getLayout() {
		return this.layout;
	}

	public Clock getClock() {
		return this.clock;
	}

	public Sequence getSequence() {
		return this.sequence;
	}

	public Worker getWorker() {
		return this.worker;
	}

	public Map<String, Generator> getGenerators() {
		return this.generators;
	}

	/**
	 * A named generator: the default generator's format, layout, epoch, allocator and
	 * lease timing, in a region of its own.
	 */
	public static class Generator {

		/**
		 * Region code of this generator's IDs and worker-code leases; required, below
		 * 2^region-bits, and different from snowflake.region and every other generator's
		 * region.
		 */
		private @Nullable Integer region;

		public @Nullable Integer getRegion() {
			return this.region;
		}

		public void setRegion(@Nullable Integer region) {
			this.region = region;
		}

	}

	/** Bit layout of the IDs: sign bit 0, then timestamp, region, worker and sequence. */
	public static class Layout {

		/**
		 * Bits of the timestamp field, counting ticks since the epoch; the four widths
		 * sum to 63.
		 */
		private int timestampBits = SnowflakeLayout.DEFAULT_TIMESTAMP_BITS;

		/** Bits of the region field; the four widths sum to 63. */
		private int regionBits = SnowflakeLayout.DEFAULT_REGION_BITS;

		/**
		 * Bits of the worker field: worker codes per region is 2^worker-bits; the four
		 * widths sum to 63.
		 */
		private int workerBits = SnowflakeLayout.DEFAULT_WORKER_BITS;

		/**
		 * Bits of the sequence field: IDs per worker per tick is 2^sequence-bits; the
		 * four widths sum to 63.
		 */
		private int sequenceBits = SnowflakeLayout.DEFAULT_SEQUENCE_BITS;

		/** Timestamp unit, a whole number of milliseconds. */
		private Duration tick = SnowflakeLayout.DEFAULT_TICK;

		/**
		 * How long from now the layout must still be able to issue IDs; startup fails if
		 * the layout ends sooner.
		 */
		private Period requiredLifetime = Period.ofYears(60);

		/**
		 * Named layout that fixes the bit widths and the tick: standard (the properties
		 * above) or js-safe (IDs below 2^53 for 69.7 years from the epoch).
		 */
		private LayoutPreset preset = LayoutPreset.STANDARD;

		public LayoutPreset getPreset() {
			return this.preset;
		}

		public void setPreset(LayoutPreset preset) {
			this.preset = preset;
		}

		public int getTimestampBits() {
			return this.timestampBits;
		}

		public void setTimestampBits(int timestampBits) {
			this.timestampBits = timestampBits;
		}

		public int getRegionBits() {
			return this.regionBits;
		}

		public void setRegionBits(int regionBits) {
			this.regionBits = regionBits;
		}

		public int getWorkerBits() {
			return this.workerBits;
		}

		public void setWorkerBits(int workerBits) {
			this.workerBits = workerBits;
		}

		public int getSequenceBits() {
			return this.sequenceBits;
		}

		public void setSequenceBits(int sequenceBits) {
			this.sequenceBits = sequenceBits;
		}

		public Duration getTick() {
			return this.tick;
		}

		public void setTick(Duration tick) {
			this.tick = tick;
		}

		public Period getRequiredLifetime() {
			return this.requiredLifetime;
		}

		public void setRequiredLifetime(Period requiredLifetime) {
			this.requiredLifetime = requiredLifetime;
		}

	}

	/** Wall-clock policies. */
	public static class Clock {

		/** Longest wait for a clock that stepped back; larger steps are refused. */
		private Duration rollbackWaitBudget = SnowflakeIdGenerator.DEFAULT_ROLLBACK_WAIT_BUDGET;

		/** Forward clock steps larger than this are counted and logged. */
		private Duration forwardJumpAlert = SnowflakeIdGenerator.DEFAULT_FORWARD_JUMP_ALERT;

		/**
		 * Burst mode: how far ahead of the wall clock an exhausted tick may move on
		 * without waiting; 0 turns borrowing off. Needs a persisted ceiling (the redis
		 * allocator, or static with a state file) and must stay below the lease ceiling
		 * lead. IDs then carry timestamps up to this far ahead of wall time: never use
		 * them for display or expiry.
		 */
		private Duration borrowAhead = Duration.ZERO;

		public Duration getRollbackWaitBudget() {
			return this.rollbackWaitBudget;
		}

		public void setRollbackWaitBudget(Duration rollbackWaitBudget) {
			this.rollbackWaitBudget = rollbackWaitBudget;
		}

		public Duration getForwardJumpAlert() {
			return this.forwardJumpAlert;
		}

		public void setForwardJumpAlert(Duration forwardJumpAlert) {
			this.forwardJumpAlert = forwardJumpAlert;
		}

		public Duration getBorrowAhead() {
			return this.borrowAhead;
		}

		public void setBorrowAhead(Duration borrowAhead) {
			this.borrowAhead = borrowAhead;
		}

	}

	/** Sequence policies. */
	public static class Sequence {

		/** Longest wait for the next tick when a tick's IDs are used up; 0 refuses. */
		private Duration exhaustionWaitBudget = SnowflakeIdGenerator.DEFAULT_EXHAUSTION_WAIT_BUDGET;

		/**
		 * First sequence of each tick: zero, or random below 2^min(8, sequence-bits - 4)
		 * to spread a quiet service's IDs evenly over id % n, at up to that many IDs per
		 * tick.
		 */
		private SequenceStart start = SequenceStart.ZERO;

		public Duration getExhaustionWaitBudget() {
			return this.exhaustionWaitBudget;
		}

		public void setExhaustionWaitBudget(Duration exhaustionWaitBudget) {
			this.exhaustionWaitBudget = exhaustionWaitBudget;
		}

		public SequenceStart getStart() {
			return this.start;
		}

		public void setStart(SequenceStart start) {
			this.start = start;
		}

	}

	/** How this instance obtains its worker code. */
	public static class Worker {

		/** Worker-code allocator; unset means redis, or in-memory in a test slice. */
		private @Nullable Allocator allocator;

		/**
		 * Static worker code, below 2^worker-bits; required with the static allocator,
		 * optional with the in-memory one.
		 */
		private @Nullable Integer code;

		/**
		 * High-water-mark file of the static allocator, locked by one process at a time;
		 * without it the operator guarantees that a code is never used twice at once and
		 * that clocks never step back across restarts.
		 */
		private @Nullable Path stateFile;

		/**
		 * Whether startup fails when the state file is missing, instead of starting the
		 * code without a mark.
		 */
		private boolean stateFileMustExist = false;

		private final Lease lease = new Lease();

		private final Kubernetes kubernetes = new Kubernetes();

		public @Nullable Allocator getAllocator() {
			return this.allocator;
		}

		public void setAllocator(@Nullable Allocator allocator) {
			this.allocator = allocator;
		}

		public @Nullable Integer getCode() {
			return this.code;
		}

		public void setCode(@Nullable Integer code) {
			this.code = code;
		}

		public @Nullable Path getStateFile() {
			return this.stateFile;
		}

		public void setStateFile(@Nullable Path stateFile) {
			this.stateFile = stateFile;
		}

		public boolean isStateFileMustExist() {
			return this.stateFileMustExist;
		}

		public void setStateFileMustExist(boolean stateFileMustExist) {
			this.stateFileMustExist = stateFileMustExist;
		}

		public Lease getLease() {
			return this.lease;
		}

		public Kubernetes getKubernetes() {
			return this.kubernetes;
		}

	}

	/** How the kubernetes allocator finds this pod's worker code. */
	public static class Kubernetes {

		/**
		 * Environment variable holding the pod name (name-N, as a StatefulSet names its
		 * pods) or the bare ordinal (such as the apps.kubernetes.io/pod-index label
		 * through the downward API).
		 */
		private String ordinalVariable = "HOSTNAME";

		/**
		 * Added to the pod ordinal to make the worker code, so that StatefulSets in one
		 * region use separate codes.
		 */
		private int codeOffset = 0;

		public String getOrdinalVariable() {
			return this.ordinalVariable;
		}

		public void setOrdinalVariable(String ordinalVariable) {
			this.ordinalVariable = ordinalVariable;
		}

		public int getCodeOffset() {
			return this.codeOffset;
		}

		public void setCodeOffset(int codeOffset) {
			this.codeOffset = codeOffset;
		}

	}

	/** Worker-code allocators. */
	public enum Allocator {

		/** Lease codes from Redis, with fencing and persisted timestamp ceilings. */
		REDIS,

		/** A code fixed by configuration, optionally with a state file. */
		STATIC,

		/**
		 * Lease codes from a table in a SQL database (PostgreSQL), from
		 * snowflake-spring-boot-jdbc-lease.
		 */
		JDBC,

		/**
		 * The pod ordinal of a StatefulSet as the code, with the state file on the pod's
		 * persistent volume.
		 */
		KUBERNETES,

		/**
		 * For tests only: a code of this application context's own (or
		 * snowflake.worker.code), held in memory, from
		 * snowflake-spring-boot-starter-test; startup fails without that library.
		 */
		IN_MEMORY;

		/** The allocator of an application that sets none (outside test slices). */
		public static final Allocator DEFAULT = REDIS;

	}

	/** Lease timing. */
	public static class Lease {

		/**
		 * Lease lifetime without renewal: how soon a crashed worker's code is free again.
		 */
		private Duration ttl = LeaseTiming.DEFAULT_TTL;

		/**
		 * Time between renewals; the renew interval plus the command timeout stays below
		 * the TTL.
		 */
		private Duration renewInterval = LeaseTiming.DEFAULT_RENEW_INTERVAL;

		/**
		 * How long a worker keeps issuing IDs while the lease store does not answer; the
		 * ceiling lead derives from it (this plus two renew intervals, 12s with the
		 * defaults). With the max clock skew and the command timeout it must stay within
		 * the fleet lead limit, which gives the quarantine after a detected data loss
		 * (14.6s with the defaults). Fleet-wide: every instance of a region uses the same
		 * lease timing (docs/safety-model.md).
		 */
		private Duration outageTolerance = LeaseTiming.DEFAULT_OUTAGE_TOLERANCE;

		/**
		 * Longest startup wait for the lease Redis to be reachable, then for a free code
		 * and for the clock to enter the granted range. A first start on an empty Redis
		 * waits out the quarantine, so unset it is the quarantine, the max clock skew,
		 * one tick and three command timeouts in whole seconds, at least 30s (30s with
		 * the defaults), whatever the outage tolerance is. With the redis allocator a
		 * budget below that sum (17s with the defaults) stops startup, naming the value
		 * that works.
		 */
		private @Nullable Duration startupWaitBudget;

		/**
		 * Largest allowed difference between this worker's and the store's clocks. The
		 * lease script writes nothing for a request whose send time lies more than this
		 * after the store's time when it runs, or more than this plus the command timeout
		 * before it: a request that runs late still writes while its lateness plus the
		 * clocks' difference stays within max clock skew plus command timeout.
		 */
		private Duration maxClockSkew = LeaseTiming.DEFAULT_MAX_CLOCK_SKEW;

		/**
		 * Fleet-wide bound on the lead of every instance of the key space (outage
		 * tolerance + 2 renew intervals + max clock skew + command timeout, 13.3s with
		 * the defaults), recorded with the key space's format; startup refuses an
		 * instance above it or with another limit. The quarantine after a detected data
		 * loss is this plus max clock skew, command timeout and failover window.
		 */
		private Duration fleetLeadLimit = LeaseTiming.DEFAULT_LEAD_LIMIT;

		public Duration getTtl() {
			return this.ttl;
		}

		public void setTtl(Duration ttl) {
			this.ttl = ttl;
		}

		public Duration getRenewInterval() {
			return this.renewInterval;
		}

		public void setRenewInterval(Duration renewInterval) {
			this.renewInterval = renewInterval;
		}

		public Duration getOutageTolerance() {
			return this.outageTolerance;
		}

		public void setOutageTolerance(Duration outageTolerance) {
			this.outageTolerance = outageTolerance;
		}

		public @Nullable Duration getStartupWaitBudget() {
			return this.startupWaitBudget;
		}

		public void setStartupWaitBudget(@Nullable Duration startupWaitBudget) {
			this.startupWaitBudget = startupWaitBudget;
		}

		public Duration getMaxClockSkew() {
			return this.maxClockSkew;
		}

		public void setMaxClockSkew(Duration maxClockSkew) {
			this.maxClockSkew = maxClockSkew;
		}

		public Duration getFleetLeadLimit() {
			return this.fleetLeadLimit;
		}

		public void setFleetLeadLimit(Duration fleetLeadLimit) {
			this.fleetLeadLimit = fleetLeadLimit;
		}

	}

}
