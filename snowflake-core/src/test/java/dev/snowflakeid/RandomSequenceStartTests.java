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
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A random first sequence per tick: how IDs of a quiet service spread over shards, and
 * what it costs in IDs per tick, on a fake clock with a fixed seed.
 */
class RandomSequenceStartTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.defaults();

	private static final long SEED = 0x9E3779B97F4A7C15L;

	private static final int SHARDS = 16;

	// Chi-squared with 15 degrees of freedom exceeds this with probability 0.001.
	private static final double CHI_SQUARED_15_AT_0_001 = 37.70;

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	private final GeneratorCounters statistics = new GeneratorCounters(LAYOUT);

	private TickSequence ticks(long seed) {
		WallClockReader clock = new WallClockReader(this.time, this.time, this.statistics, 0);
		TickWaiter waiter = new TickWaiter(LAYOUT, clock, this.time, this.statistics);
		return new TickSequence(LAYOUT.maxIdsPerTick() - 1, seed, 0, 0, 0, clock, waiter,
				new Refusals(LAYOUT, this.statistics, 0), this.statistics);
	}

	private long nextId(TickSequence ticks) {
		long now = this.time.millis();
		long tick = ticks.choose(now, LAYOUT.tickAt(now));
		ticks.commit();
		return LAYOUT.compose(tick, 1, 7, (int) ticks.sequence());
	}

	/** IDs per shard ({@code id % 16}) at one ID per millisecond. */
	private long[] shardsAtOneIdPerMillisecond(long seed, int ids) {
		TickSequence ticks = ticks(seed);
		long[] shards = new long[SHARDS];
		for (int i = 0; i < ids; i++) {
			this.time.advance(Duration.ofMillis(1));
			shards[(int) (nextId(ticks) % SHARDS)]++;
		}
		return shards;
	}

	@Test
	void startingAtZeroPutsEveryIdOfAQuietServiceInOneShard() {
		long[] shards = shardsAtOneIdPerMillisecond(0, 16_000);
		assertThat(shards[0]).isEqualTo(16_000);
	}

	@Test
	void aRandomStartSpreadsAQuietServiceEvenlyOverSixteenShards() {
		int ids = 160_000;
		long[] shards = shardsAtOneIdPerMillisecond(SEED, ids);
		double expected = (double) ids / SHARDS;
		double chiSquared = Arrays.stream(shards).mapToDouble((n) -> (n - expected) * (n - expected) / expected).sum();
		long min = Arrays.stream(shards).min().orElseThrow();
		long max = Arrays.stream(shards).max().orElseThrow();
		assertThat(chiSquared).as("chi-squared over %s", Arrays.toString(shards)).isLessThan(CHI_SQUARED_15_AT_0_001);
		assertThat((double) max / min).isLessThan(1.05);
	}

	@Test
	void idsOfOneTickStillStrictlyIncreaseAndNeverWrap() {
		TickSequence ticks = ticks(SEED);
		for (int tick = 0; tick < 200; tick++) {
			this.time.advance(Duration.ofMillis(1));
			long previous = nextId(ticks);
			assertThat(ticks.sequence()).isLessThan(256);
			while (true) {
				long id;
				try {
					id = nextId(ticks);
				}
				catch (IdGenerationException ex) {
					break;
				}
				assertThat(id).isGreaterThan(previous);
				previous = id;
			}
			assertThat(ticks.sequence()).isEqualTo(LAYOUT.maxIdsPerTick() - 1);
		}
	}

	/**
	 * The cost, counted: IDs one tick holds before its sequence is used up, over 10,000
	 * ticks. At 12 sequence bits a random start takes 8 bits (0..255).
	 */
	@ParameterizedTest
	@CsvSource({ "0, 4096, 4096, 4096.0", "-7046029254386353131, 3841, 4096, 3968.5" })
	void aRandomStartCostsAtMostItsRangePerTick(long seed, long minimum, long maximum, double mean) {
		TickSequence ticks = ticks(seed);
		long[] perTick = new long[10_000];
		for (int tick = 0; tick < perTick.length; tick++) {
			this.time.advance(Duration.ofMillis(1));
			long issued = 0;
			while (true) {
				try {
					nextId(ticks);
					issued++;
				}
				catch (IdGenerationException ex) {
					break;
				}
			}
			perTick[tick] = issued;
		}
		assertThat(Arrays.stream(perTick).min().orElseThrow()).isGreaterThanOrEqualTo(minimum);
		assertThat(Arrays.stream(perTick).max().orElseThrow()).isLessThanOrEqualTo(maximum);
		assertThat(Arrays.stream(perTick).average().orElseThrow()).isCloseTo(mean,
				org.assertj.core.data.Offset.offset(4.0));
	}

	@Test
	void theStartRangeIsASixteenthOfTheSequenceAtMostEightBits() {
		assertThat(TickSequence.startBits((1L << 12) - 1)).isEqualTo(8);
		assertThat(TickSequence.startBits((1L << 22) - 1)).isEqualTo(8);
		assertThat(TickSequence.startBits((1L << 6) - 1)).isEqualTo(2);
		assertThat(TickSequence.startBits((1L << 4) - 1)).isZero();
		assertThat(TickSequence.startBits(1)).isZero();
	}

	@Test
	void theGeneratorStartsTicksBelowTheRangeAndKeepsIdsIncreasing() {
		SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(LAYOUT)
			.workerCode(7)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.exhaustionWaitBudget(Duration.ZERO)
			.randomSequenceStart(true)
			.build();
		long previous = 0;
		int nonZeroStarts = 0;
		for (int tick = 0; tick < 1_000; tick++) {
			this.time.advance(Duration.ofMillis(1));
			long id = ids.nextId();
			int start = ids.decode(id).sequence();
			assertThat(start).isLessThan(256);
			nonZeroStarts += (start != 0) ? 1 : 0;
			assertThat(id).isGreaterThan(previous);
			previous = id;
		}
		assertThat(nonZeroStarts).isGreaterThan(900);
		assertThatThrownBy(() -> {
			for (int i = 0; i <= 4096; i++) {
				ids.nextId();
			}
		}).isInstanceOf(IdGenerationException.class);
	}

}
