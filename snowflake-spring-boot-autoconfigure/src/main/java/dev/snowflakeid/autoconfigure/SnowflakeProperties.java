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
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * Configuration of the Snowflake ID generator.
 */
@ConfigurationProperties("snowflake")
public class SnowflakeProperties {

	/** Whether to configure the ID generator. */
	private boolean enabled = true;

	/** Epoch that timestamps count from; in the past, never changed once IDs exist. */
	private Instant epoch = SnowflakeLayout.DEFAULT_EPOCH;

	/** Region code written into every ID, below 2^region-bits. */
	private int region = 0;

	private final Layout layout = new Layout();

	private final Clock clock = new Clock();

	/** Sequence policies. */
	@NestedConfigurationProperty
	private final SequenceProperties sequence = new SequenceProperties();

	private final Worker worker = new Worker();

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

	public SequenceProperties getSequence() {
		return this.sequence;
	}

	public Worker getWorker() {
		return this.worker;
	}

	/** Bit layout of the IDs: sign bit 0, then timestamp, region, worker and sequence. */
	public static class Layout {

		/** Bits of the timestamp field, counting ticks since the epoch. */
		private int timestampBits = SnowflakeLayout.DEFAULT_TIMESTAMP_BITS;

		/** Bits of the region field. */
		private int regionBits = SnowflakeLayout.DEFAULT_REGION_BITS;

		/** Bits of the worker field: worker codes per region is 2^worker-bits. */
		private int workerBits = SnowflakeLayout.DEFAULT_WORKER_BITS;

		/** Bits of the sequence field: IDs per worker per tick is 2^sequence-bits. */
		private int sequenceBits = SnowflakeLayout.DEFAULT_SEQUENCE_BITS;

		/** Timestamp unit, a whole number of milliseconds. */
		private Duration tick = SnowflakeLayout.DEFAULT_TICK;

		/** How long from now the layout must still be able to issue IDs. */
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
		 * How far ahead of the wall clock an exhausted tick may move on without waiting;
		 * 0 turns borrowing off. Needs a persisted ceiling (the redis allocator, or
		 * static with a state file) and must stay below the lease ceiling lead.
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
		 * High-water-mark file of the static allocator; without it the operator
		 * guarantees that a code is never used twice at once and that clocks never step
		 * back across restarts.
		 */
		private @Nullable Path stateFile;

		/** Whether startup fails when the state file is missing. */
		private boolean stateFileMustExist = false;

		private final Lease lease = new Lease();

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

	}

	/** Worker-code allocators. */
	public enum Allocator {

		/** Lease codes from Redis, with fencing and persisted timestamp ceilings. */
		REDIS,

		/** A code fixed by configuration, optionally with a state file. */
		STATIC,

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

		/** Lease lifetime without renewal: how soon a crashed worker's code is free. */
		private Duration ttl = LeaseTiming.DEFAULT_TTL;

		/** Time between renewals. */
		private Duration renewInterval = LeaseTiming.DEFAULT_RENEW_INTERVAL;

		/**
		 * How long a worker keeps issuing IDs while the lease store does not answer; the
		 * ceiling lead (this plus two renew intervals) and the quarantine after a
		 * detected data loss derive from it.
		 */
		private Duration outageTolerance = LeaseTiming.DEFAULT_OUTAGE_TOLERANCE;

		/**
		 * Longest startup wait for a free code and for the clock to enter the granted
		 * range. By default it covers a first start on an empty Redis (the quarantine,
		 * the max clock skew, one tick and three command timeouts), at least 30s; with
		 * the redis allocator a shorter one fails startup.
		 */
		private @Nullable Duration startupWaitBudget;

		/** Largest allowed difference between this worker's and the store's clocks. */
		private Duration maxClockSkew = LeaseTiming.DEFAULT_MAX_CLOCK_SKEW;

		/**
		 * Fleet-wide bound on the lead of every instance of the key space (outage
		 * tolerance + 2 renew intervals + max clock skew + command timeout), recorded
		 * with the key space's format; the quarantine after a detected data loss is this
		 * plus max clock skew, command timeout and failover window.
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
