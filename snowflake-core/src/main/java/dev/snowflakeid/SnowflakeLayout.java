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
package dev.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * The bit layout of an ID: sign bit 0, then
 * {@code timestamp | region | worker | sequence}, most significant first.
 *
 * <p>
 * The four widths sum to exactly 63, so every ID is a positive {@code long}. The
 * timestamp field counts ticks since {@link #epoch()}; tick 0 is never issued, so no ID
 * is 0. The defaults (41/2/8/12, 1 ms) give about 69.7 years, 4 regions of 256 workers,
 * and 4,096 IDs per worker per millisecond.
 *
 * <p>
 * Nothing is ever masked or truncated: {@link #encode} rejects every out-of-range field.
 * Instances are immutable and thread-safe.
 */
public final class SnowflakeLayout {

	/** Payload bits of a positive {@code long}. */
	public static final int PAYLOAD_BITS = 63;

	/**
	 * Widest region, worker or sequence field: each decodes into an {@code int} with its
	 * count.
	 */
	public static final int MAX_FIELD_BITS = 30;

	public static final int DEFAULT_TIMESTAMP_BITS = 41;

	public static final int DEFAULT_REGION_BITS = 2;

	public static final int DEFAULT_WORKER_BITS = 8;

	public static final int DEFAULT_SEQUENCE_BITS = 12;

	public static final Duration DEFAULT_TICK = Duration.ofMillis(1);

	public static final Instant DEFAULT_EPOCH = Instant.parse("2026-01-01T00:00:00Z");

	private static final SnowflakeLayout DEFAULTS = builder().build();

	private final int timestampBits;

	private final int regionBits;

	private final int workerBits;

	private final int sequenceBits;

	private final Duration tick;

	private final Instant epoch;

	private final long tickMillis;

	private final long epochMillis;

	private final long maxTimestamp;

	private final int workerShift;

	private final int regionShift;

	private final int timestampShift;

	private SnowflakeLayout(Builder builder) {
		this.timestampBits = builder.timestampBits;
		this.regionBits = builder.regionBits;
		this.workerBits = builder.workerBits;
		this.sequenceBits = builder.sequenceBits;
		this.tick = Objects.requireNonNull(builder.tick, "tick");
		this.epoch = Objects.requireNonNull(builder.epoch, "epoch");
		LayoutChecks.requireShape(this.timestampBits, this.regionBits, this.workerBits, this.sequenceBits, this.tick);
		this.tickMillis = this.tick.toMillis();
		this.epochMillis = this.epoch.toEpochMilli();
		this.maxTimestamp = (1L << this.timestampBits) - 1;
		this.workerShift = this.sequenceBits;
		this.regionShift = this.sequenceBits + this.workerBits;
		this.timestampShift = this.regionShift + this.regionBits;
		LayoutChecks.requireEndFitsInstant(this.epoch, this.timestampBits, this.tick);
	}

	/** The default layout: 41/2/8/12 bits, 1 ms tick, epoch 2026-01-01T00:00:00Z. */
	public static SnowflakeLayout defaults() {
		return DEFAULTS;
	}

	public static Builder builder() {
		return new Builder();
	}

	public int timestampBits() {
		return this.timestampBits;
	}

	public int regionBits() {
		return this.regionBits;
	}

	public int workerBits() {
		return this.workerBits;
	}

	public int sequenceBits() {
		return this.sequenceBits;
	}

	public Duration tick() {
		return this.tick;
	}

	public Instant epoch() {
		return this.epoch;
	}

	/** Tick length in milliseconds. */
	public long tickMillis() {
		return this.tickMillis;
	}

	/** Largest value of the timestamp field: the last tick that can be issued. */
	public long maxTimestamp() {
		return this.maxTimestamp;
	}

	/** IDs one worker can issue within one tick: {@code 2^sequenceBits}. */
	public long maxIdsPerTick() {
		return 1L << this.sequenceBits;
	}

	/** Worker codes per region: {@code 2^workerBits}. */
	public int maxWorkers() {
		return 1 << this.workerBits;
	}

	/** Region codes: {@code 2^regionBits}. */
	public int maxRegions() {
		return 1 << this.regionBits;
	}

	/**
	 * Returns {@code region} if it fits the region bits.
	 * @throws IllegalArgumentException naming the range otherwise: the one home of this
	 * rule and its wording
	 */
	public int requireRegion(int region) {
		requireField("region", "region", region, this.regionBits);
		return region;
	}

	/**
	 * Returns {@code workerCode} if it fits the worker bits.
	 * @throws IllegalArgumentException naming the range otherwise: the one home of this
	 * rule and its wording
	 */
	public int requireWorkerCode(int workerCode) {
		requireField("worker code", "worker", workerCode, this.workerBits);
		return workerCode;
	}

	/** First instant the timestamp field cannot represent: the end of the last tick. */
	public Instant lifetimeEnd() {
		return Instant.ofEpochMilli(tickStartMillis(this.maxTimestamp) + this.tickMillis);
	}

	/**
	 * Tick that contains the given Unix-epoch millisecond; negative before
	 * {@link #epoch()}.
	 */
	public long tickAt(long epochMillis) {
		return Math.floorDiv(epochMillis - this.epochMillis, this.tickMillis);
	}

	/** First Unix-epoch millisecond of a tick. */
	public long tickStartMillis(long tick) {
		return this.epochMillis + tick * this.tickMillis;
	}

	/** Last Unix-epoch millisecond of a tick (inclusive). */
	public long tickEndMillis(long tick) {
		return this.epochMillis + tick * this.tickMillis + this.tickMillis - 1;
	}

	/**
	 * Combines the four fields into an ID.
	 * @throws IllegalArgumentException if any field is outside its range; nothing is
	 * masked
	 */
	public long encode(long timestamp, int region, int worker, int sequence) {
		if (timestamp < 0 || timestamp > this.maxTimestamp) {
			throw new IllegalArgumentException("timestamp " + timestamp + " is outside 0.." + this.maxTimestamp + " ("
					+ this.timestampBits + " timestamp bits)");
		}
		requireField("region", "region", region, this.regionBits);
		requireField("worker code", "worker", worker, this.workerBits);
		requireField("sequence", "sequence", sequence, this.sequenceBits);
		return compose(timestamp, region, worker, sequence);
	}

	long compose(long timestamp, int region, int worker, int sequence) {
		return (timestamp << this.timestampShift) | ((long) region << this.regionShift)
				| ((long) worker << this.workerShift) | sequence;
	}

	/** The region and worker bits of an ID, in place. */
	long ownerBits(int region, int worker) {
		return ((long) region << this.regionShift) | ((long) worker << this.workerShift);
	}

	int timestampShift() {
		return this.timestampShift;
	}

	private static void requireField(String name, String field, int value, int bits) {
		if (value < 0 || (value >>> bits) != 0) {
			throw new IllegalArgumentException(
					name + " " + value + " is outside 0.." + ((1L << bits) - 1) + " (" + bits + " " + field + " bits)");
		}
	}

	/**
	 * Splits an ID into its fields. With 63 payload bits every non-negative value decodes
	 * to a tick within the lifetime.
	 * @throws IllegalArgumentException if {@code id} is negative
	 */
	public DecodedId decode(long id) {
		if (id < 0) {
			throw new IllegalArgumentException("id " + id + " is negative; Snowflake IDs are positive");
		}
		long timestamp = id >>> this.timestampShift;
		int region = (int) ((id >>> this.regionShift) & ((1L << this.regionBits) - 1));
		int worker = (int) ((id >>> this.workerShift) & ((1L << this.workerBits) - 1));
		int sequence = (int) (id & ((1L << this.sequenceBits) - 1));
		return new DecodedId(id, Instant.ofEpochMilli(tickStartMillis(timestamp)), region, worker, sequence);
	}

	/**
	 * Checks that this layout can issue IDs from now on for at least {@code required}:
	 * the epoch lies in the past and {@link #lifetimeEnd()} comes no sooner than now plus
	 * {@code required}.
	 * @throws InvalidLayoutException naming {@code epoch} or {@code requiredLifetime}
	 */
	public void requireLifetime(Period required, InstantSource clock) {
		Instant now = clock.instant();
		if (!this.epoch.isBefore(now)) {
			throw new InvalidLayoutException("epoch", "epoch " + this.epoch + " is not in the past (now " + now
					+ "); an epoch in the future would make the first ticks negative");
		}
		if (tickAt(now.toEpochMilli()) < 1) {
			throw new InvalidLayoutException("epoch", "epoch " + this.epoch + " is less than one tick (" + this.tick
					+ ") before now " + now + "; tick 0 is never issued so that no ID is 0");
		}
		Instant needed = now.atOffset(ZoneOffset.UTC).plus(required).toInstant();
		Instant end = lifetimeEnd();
		if (end.isBefore(needed)) {
			throw new InvalidLayoutException("requiredLifetime",
					"layout ends at " + end + " (" + this.timestampBits + " timestamp bits of " + this.tick
							+ " from epoch " + this.epoch + ") but IDs are required until " + needed + " (now + "
							+ required + ")");
		}
	}

	@Override
	public boolean equals(Object other) {
		if (this == other) {
			return true;
		}
		return other instanceof SnowflakeLayout that && this.timestampBits == that.timestampBits
				&& this.regionBits == that.regionBits && this.workerBits == that.workerBits
				&& this.sequenceBits == that.sequenceBits && this.tick.equals(that.tick)
				&& this.epoch.equals(that.epoch);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.timestampBits, this.regionBits, this.workerBits, this.sequenceBits, this.tick,
				this.epoch);
	}

	/**
	 * Compact description, stable across versions, used to refuse workers whose layout
	 * disagrees with a shared lease store:
	 * {@code 41/2/8/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z}.
	 */
	@Override
	public String toString() {
		return this.timestampBits + "/" + this.regionBits + "/" + this.workerBits + "/" + this.sequenceBits + " tick="
				+ this.tick + " epoch=" + this.epoch;
	}

	/** Builds a {@link SnowflakeLayout}; validation happens in {@link #build()}. */
	public static final class Builder {

		private int timestampBits = DEFAULT_TIMESTAMP_BITS;

		private int regionBits = DEFAULT_REGION_BITS;

		private int workerBits = DEFAULT_WORKER_BITS;

		private int sequenceBits = DEFAULT_SEQUENCE_BITS;

		private Duration tick = DEFAULT_TICK;

		private Instant epoch = DEFAULT_EPOCH;

		private Builder() {
		}

		public Builder timestampBits(int timestampBits) {
			this.timestampBits = timestampBits;
			return this;
		}

		public Builder regionBits(int regionBits) {
			this.regionBits = regionBits;
			return this;
		}

		public Builder workerBits(int workerBits) {
			this.workerBits = workerBits;
			return this;
		}

		public Builder sequenceBits(int sequenceBits) {
			this.sequenceBits = sequenceBits;
			return this;
		}

		public Builder tick(Duration tick) {
			this.tick = tick;
			return this;
		}

		public Builder epoch(Instant epoch) {
			this.epoch = epoch;
			return this;
		}

		/**
		 * @throws InvalidLayoutException if the widths do not sum to 63, a width is out
		 * of range, or the tick is not a whole number of milliseconds
		 */
		public SnowflakeLayout build() {
			return new SnowflakeLayout(this);
		}

	}

	/**
	 * Thrown when a {@link SnowflakeLayout} cannot produce correct IDs, before any ID is
	 * issued. {@link #parameter()} names the offending layout parameter so that callers
	 * such as a Spring Boot failure analyzer can point at the exact setting to change.
	 */
	public static final class InvalidLayoutException extends IllegalArgumentException {

		private static final long serialVersionUID = 1L;

		private final String parameter;

		public InvalidLayoutException(String parameter, String message) {
			super(message);
			this.parameter = parameter;
		}

		/**
		 * Name of the layout parameter at fault: one of {@code timestampBits},
		 * {@code regionBits}, {@code workerBits}, {@code sequenceBits}, {@code bitWidths}
		 * (their sum), {@code tick}, {@code epoch} or {@code requiredLifetime}.
		 */
		public String parameter() {
			return this.parameter;
		}

	}

}
