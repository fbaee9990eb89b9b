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
package dev.snowflakeid.benchmarks;

import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;

import cn.hutool.core.lang.Snowflake;
import com.github.f4b6a3.tsid.Tsid;
import com.github.f4b6a3.tsid.TsidFactory;
import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import me.ahoo.cosid.snowflake.MillisecondSnowflakeId;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The benchmarks compare like with like only if every candidate is configured as
 * described: these checks run in the build, the benchmarks themselves do not.
 */
class CandidatesTests {

	private static final int CALLS = 20_000;

	@Test
	void everyLongCandidateIssuesStrictlyIncreasingIds() {
		// ours refuse an ID when the wall clock does not open the next tick within the
		// 5 ms wait budget, which this machine's wall clock has failed to do: they read
		// one that moves with the monotonic clock
		SnowflakeIdGenerator snowflake = Candidates.snowflake(steadyClock());
		SnowflakeIdGenerator burst = Candidates.snowflakeBorrowAhead(steadyClock());
		MillisecondSnowflakeId cosId = Candidates.cosId();
		Snowflake hutool = Candidates.hutool();
		TsidFactory tsid = Candidates.tsid();
		assertStrictlyIncreasing(snowflake::nextId);
		assertStrictlyIncreasing(burst::nextId);
		assertStrictlyIncreasing(cosId::generate);
		assertStrictlyIncreasing(hutool::nextId);
		assertStrictlyIncreasing(() -> tsid.create().toLong());
	}

	@Test
	void peersUseTheSameSplitAsTheDefaultLayout() {
		SnowflakeLayout layout = SnowflakeLayout.defaults();
		MillisecondSnowflakeId cosId = Candidates.cosId();
		assertThat(cosId.getTimestampBit()).isEqualTo(layout.timestampBits());
		assertThat(cosId.getMachineBit()).isEqualTo(layout.regionBits() + layout.workerBits());
		assertThat(cosId.getSequenceBit()).isEqualTo(layout.sequenceBits());
		Snowflake hutool = Candidates.hutool();
		TsidFactory tsid = Candidates.tsid();
		SnowflakeIdGenerator ours = Candidates.snowflake();
		long before = System.currentTimeMillis();
		Map<String, Long> ids = Map.of("snowflake", ours.nextId(), "cosid", cosId.generate(), "hutool", hutool.nextId(),
				"tsid", tsid.create().toLong());
		long after = System.currentTimeMillis();
		ids.forEach((name, id) -> assertThat(nodeField(layout, id)).as("node bits of %s's ID %d", name, id)
			.isEqualTo(Candidates.WORKER_CODE));
		// ours, CosId and Hutool count milliseconds from our epoch; tsid-creator keeps
		// its own (2020-01-01)
		long epoch = layout.epoch().toEpochMilli();
		for (String name : List.of("snowflake", "cosid", "hutool")) {
			assertThat(epoch + timestampField(layout, ids.get(name))).as("timestamp of %s's ID", name)
				.isBetween(before, after);
		}
		assertThat(Tsid.TSID_EPOCH + timestampField(layout, ids.get("tsid"))).as("timestamp of tsid's ID")
			.isBetween(before, after);
	}

	@Test
	void burstModeMovesOnWithoutWaitingAndTheDefaultModeDoesNot() {
		// a stopped wall clock, so the burst exhausts its tick however slowly this
		// machine issues IDs
		Instant start = Instant.now();
		SnowflakeIdGenerator burst = Candidates.snowflakeBorrowAhead(InstantSource.fixed(start));
		long[] burstIds = burst.nextIds(3 * 4096);
		assertThat(burst.statistics().borrowedTicks()).isEqualTo(2);
		assertThat(burst.statistics().waits(Reason.SEQUENCE_EXHAUSTED)).isZero();
		assertThat(burst.decode(burstIds[burstIds.length - 1]).timestamp())
			.isEqualTo(start.truncatedTo(ChronoUnit.MILLIS).plusMillis(2));
		// the default mode never runs ahead of the wall clock: it waits for it, within
		// its 5 ms exhaustion budget. The wall clock here advances with the monotonic
		// one, so that a step of this machine's clock cannot time that wait out.
		InstantSource steady = steadyClock();
		SnowflakeIdGenerator standard = Candidates.snowflake(steady);
		long[] ids = standard.nextIds(3 * 4096);
		long now = steady.millis();
		assertThat(standard.statistics().borrowedTicks()).isZero();
		assertThat(standard.decode(ids[ids.length - 1]).timestamp().toEpochMilli()).isLessThanOrEqualTo(now);
		assertThat(Candidates.SEQUENCE_CAP_PER_SECOND).isEqualTo(4_096_000);
	}

	@Test
	void uuidCandidatesHaveTheirVersions() {
		UUID v7 = Candidates.uuidV7();
		assertThat(v7.version()).isEqualTo(7);
		assertThat(Candidates.uuidRandom().version()).isEqualTo(4);
		assertThat(Candidates.uuidV7()).isGreaterThan(v7);
	}

	/**
	 * A wall clock that starts at the system's and then moves only with
	 * {@link System#nanoTime()}: never back, never by a step.
	 */
	private static InstantSource steadyClock() {
		long originMillis = System.currentTimeMillis();
		long originNanos = System.nanoTime();
		return () -> Instant.ofEpochMilli(originMillis + (System.nanoTime() - originNanos) / 1_000_000);
	}

	/**
	 * Region and worker bits together: the 10 node bits a peer fills with its node or
	 * worker code.
	 */
	private static long nodeField(SnowflakeLayout layout, long id) {
		return (id >>> layout.sequenceBits()) & ((1L << (layout.regionBits() + layout.workerBits())) - 1);
	}

	private static long timestampField(SnowflakeLayout layout, long id) {
		return id >>> (layout.sequenceBits() + layout.workerBits() + layout.regionBits());
	}

	private static void assertStrictlyIncreasing(LongSupplier ids) {
		long previous = ids.getAsLong();
		assertThat(previous).isPositive();
		for (int i = 0; i < CALLS; i++) {
			long next = ids.getAsLong();
			assertThat(next).isGreaterThan(previous);
			previous = next;
		}
	}

}
