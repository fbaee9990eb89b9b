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
import java.time.Period;
import java.util.Random;

import dev.snowflakeid.SnowflakeLayout.InvalidLayoutException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SnowflakeLayoutTests {

	@Test
	void defaultsMatchTheCapacityPlan() {
		SnowflakeLayout layout = SnowflakeLayout.defaults();
		assertThat(layout.timestampBits()).isEqualTo(41);
		assertThat(layout.regionBits()).isEqualTo(2);
		assertThat(layout.workerBits()).isEqualTo(8);
		assertThat(layout.sequenceBits()).isEqualTo(12);
		assertThat(layout.tick()).isEqualTo(Duration.ofMillis(1));
		assertThat(layout.epoch()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
		assertThat(layout.maxRegions()).isEqualTo(4);
		assertThat(layout.maxWorkers()).isEqualTo(256).isGreaterThanOrEqualTo(200);
		assertThat(layout.maxIdsPerTick()).isEqualTo(4096).isGreaterThanOrEqualTo(3000);
		double years = Duration.between(layout.epoch(), layout.lifetimeEnd()).toMillis() / 1000.0 / 86400 / 365.2425;
		assertThat(years).isCloseTo(69.7, within(0.05));
	}

	@Test
	void widthsMustSumTo63() {
		assertThatThrownBy(() -> SnowflakeLayout.builder().sequenceBits(13).build())
			.isInstanceOfSatisfying(InvalidLayoutException.class,
					(ex) -> assertThat(ex.parameter()).isEqualTo("bitWidths"))
			.hasMessage("bit widths must sum to 63 but timestamp 41 + region 2 + worker 8 + sequence 13 = 64");
	}

	@Test
	void widthsMustBeInRange() {
		assertThatThrownBy(() -> SnowflakeLayout.builder().timestampBits(0).sequenceBits(53).build())
			.isInstanceOfSatisfying(InvalidLayoutException.class,
					(ex) -> assertThat(ex.parameter()).isEqualTo("timestampBits"));
		assertThatThrownBy(() -> SnowflakeLayout.builder().sequenceBits(0).timestampBits(53).build())
			.isInstanceOfSatisfying(InvalidLayoutException.class,
					(ex) -> assertThat(ex.parameter()).isEqualTo("sequenceBits"));
		assertThatThrownBy(() -> SnowflakeLayout.builder().regionBits(-1).timestampBits(44).build())
			.isInstanceOfSatisfying(InvalidLayoutException.class,
					(ex) -> assertThat(ex.parameter()).isEqualTo("regionBits"))
			.hasMessage("regionBits must be between 0 and 30 but was -1");
		assertThatThrownBy(() -> SnowflakeLayout.builder().workerBits(31).timestampBits(18).build())
			.isInstanceOfSatisfying(InvalidLayoutException.class,
					(ex) -> assertThat(ex.parameter()).isEqualTo("workerBits"));
		assertThat(SnowflakeLayout.builder().regionBits(0).workerBits(0).timestampBits(51).build().maxWorkers())
			.isEqualTo(1);
	}

	@Test
	void tickMustBeWholeMilliseconds() {
		assertThatThrownBy(() -> SnowflakeLayout.builder().tick(Duration.ofNanos(500_000)).build())
			.isInstanceOfSatisfying(InvalidLayoutException.class, (ex) -> assertThat(ex.parameter()).isEqualTo("tick"))
			.hasMessageContaining("at least 1 ms");
		assertThatThrownBy(() -> SnowflakeLayout.builder().tick(Duration.ofMillis(1).plusNanos(1)).build())
			.isInstanceOf(InvalidLayoutException.class);
		assertThatThrownBy(() -> SnowflakeLayout.builder().tick(Duration.ZERO).build())
			.isInstanceOf(InvalidLayoutException.class);
		SnowflakeLayout tenMillis = SnowflakeLayout.builder().tick(Duration.ofMillis(10)).build();
		assertThat(tenMillis.tickAt(tenMillis.epoch().toEpochMilli() + 25)).isEqualTo(2);
		assertThat(tenMillis.tickStartMillis(2)).isEqualTo(tenMillis.epoch().toEpochMilli() + 20);
		assertThat(tenMillis.tickEndMillis(2)).isEqualTo(tenMillis.epoch().toEpochMilli() + 29);
	}

	@Test
	void lifetimeMustCoverTheRequiredPeriod() {
		FakeTime now = FakeTime.at("2026-11-30T00:00:00Z");
		SnowflakeLayout.defaults().requireLifetime(Period.ofYears(60), now);
		assertThatThrownBy(() -> SnowflakeLayout.defaults().requireLifetime(Period.ofYears(69), now))
			.isInstanceOfSatisfying(InvalidLayoutException.class,
					(ex) -> assertThat(ex.parameter()).isEqualTo("requiredLifetime"))
			.hasMessageContaining("layout ends at 2095-09-");
		SnowflakeLayout short40 = SnowflakeLayout.builder().timestampBits(40).sequenceBits(13).build();
		assertThatThrownBy(() -> short40.requireLifetime(Period.ofYears(60), now))
			.isInstanceOf(InvalidLayoutException.class);
	}

	@Test
	void epochMustLieInThePast() {
		FakeTime now = FakeTime.at("2025-06-01T00:00:00Z");
		assertThatThrownBy(() -> SnowflakeLayout.defaults().requireLifetime(Period.ofYears(1), now))
			.isInstanceOfSatisfying(InvalidLayoutException.class, (ex) -> assertThat(ex.parameter()).isEqualTo("epoch"))
			.hasMessageContaining("is not in the past");
	}

	@Test
	void encodeRejectsEveryOutOfRangeFieldInsteadOfMasking() {
		SnowflakeLayout layout = SnowflakeLayout.defaults();
		assertThatIllegalArgumentException().isThrownBy(() -> layout.encode(1L << 41, 0, 0, 0))
			.withMessage("timestamp 2199023255552 is outside 0..2199023255551 (41 timestamp bits)");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.encode(-1, 0, 0, 0));
		assertThatIllegalArgumentException().isThrownBy(() -> layout.encode(1, 4, 0, 0))
			.withMessage("region 4 is outside 0..3 (2 region bits)");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.encode(1, 0, 256, 0))
			.withMessage("worker code 256 is outside 0..255 (8 worker bits)");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.encode(1, 0, 0, 4096))
			.withMessage("sequence 4096 is outside 0..4095 (12 sequence bits)");
		assertThatIllegalArgumentException().isThrownBy(() -> layout.encode(1, 0, -1, 0));
		assertThat(layout.encode(layout.maxTimestamp(), 3, 255, 4095)).isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void decodeRejectsNegativeIds() {
		assertThatIllegalArgumentException().isThrownBy(() -> SnowflakeLayout.defaults().decode(-5))
			.withMessageContaining("-5");
	}

	@Test
	void decodeInvertsEncodeForAnyLayoutAndFields() {
		Random random = new Random(20261130);
		for (int i = 0; i < 20_000; i++) {
			SnowflakeLayout layout = randomLayout(random);
			long timestamp = random.nextLong(layout.maxTimestamp() + 1);
			int region = random.nextInt(layout.maxRegions());
			int worker = random.nextInt(layout.maxWorkers());
			int sequence = (int) random.nextLong(layout.maxIdsPerTick());
			long id = layout.encode(timestamp, region, worker, sequence);
			DecodedId decoded = layout.decode(id);
			assertThat(id).isNotNegative();
			assertThat(decoded.id()).isEqualTo(id);
			assertThat(decoded.region()).isEqualTo(region);
			assertThat(decoded.worker()).isEqualTo(worker);
			assertThat(decoded.sequence()).isEqualTo(sequence);
			assertThat(decoded.timestamp().toEpochMilli()).isEqualTo(layout.tickStartMillis(timestamp));
			assertThat(layout.tickAt(decoded.timestamp().toEpochMilli())).isEqualTo(timestamp);
		}
	}

	@Test
	void theTimestampOrdersIdsBeforeEveryOtherField() {
		Random random = new Random(7);
		for (int i = 0; i < 20_000; i++) {
			SnowflakeLayout layout = randomLayout(random);
			long timestamp = random.nextLong(layout.maxTimestamp());
			long later = layout.encode(timestamp + 1, 0, 0, 0);
			long earlier = layout.encode(timestamp, layout.maxRegions() - 1, layout.maxWorkers() - 1,
					(int) layout.maxIdsPerTick() - 1);
			assertThat(later).isGreaterThan(earlier);
		}
	}

	// Wide timestamp fields with long ticks overflow the epoch-millisecond range; the
	// layout rejects
	// those (see layoutsWhoseLifetimeOverflowsAreRejected), so they get a 1 ms tick here.
	private static SnowflakeLayout randomLayout(Random random) {
		int region = random.nextInt(11);
		int worker = random.nextInt(13);
		int sequence = 1 + random.nextInt(22);
		int timestamp = 63 - region - worker - sequence;
		return SnowflakeLayout.builder()
			.regionBits(region)
			.workerBits(worker)
			.sequenceBits(sequence)
			.timestampBits(timestamp)
			.tick(Duration.ofMillis((timestamp > 52) ? 1 : 1 + random.nextInt(1000)))
			.build();
	}

	@Test
	void layoutsWhoseLifetimeOverflowsAreRejected() {
		assertThatThrownBy(() -> SnowflakeLayout.builder()
			.timestampBits(61)
			.regionBits(0)
			.workerBits(0)
			.sequenceBits(2)
			.tick(Duration.ofSeconds(1))
			.build())
			.isInstanceOfSatisfying(InvalidLayoutException.class, (ex) -> assertThat(ex.parameter()).isEqualTo("tick"))
			.hasMessageContaining("does not fit");
	}

}
