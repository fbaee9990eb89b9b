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

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.Period;
import java.util.Arrays;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

class LayoutPresetTests {

	private static final long TWO_TO_THE_53 = 1L << 53;

	private final SnowflakeProperties properties = new SnowflakeProperties();

	@Test
	void theStandardPresetIsTheLayoutOfTheProperties() {
		this.properties.getLayout().setSequenceBits(10);
		this.properties.getLayout().setWorkerBits(10);
		SnowflakeLayout layout = this.properties.getLayout().getPreset().layout(this.properties);
		assertThat(layout.toString()).startsWith("41/2/10/10 tick=PT0.001S");
	}

	@Test
	void jsSafeKeepsEveryIdBelow2To53ForAbout70YearsFromTheEpoch() {
		this.properties.getLayout().setPreset(LayoutPreset.JS_SAFE);
		SnowflakeLayout layout = LayoutPreset.JS_SAFE.layout(this.properties);
		assertThat(layout.toString()).isEqualTo("51/1/5/6 tick=PT0.001S epoch=2026-01-01T00:00:00Z");
		assertThat(layout.maxIdsPerTick()).isEqualTo(64);
		assertThat(layout.maxWorkers() * layout.maxRegions()).isEqualTo(64);
		Instant safeUntil = LayoutPreset.jsSafeUntil(layout);
		assertThat(safeUntil).isEqualTo(layout.epoch().plusMillis(1L << 41)).isEqualTo("2095-09-07T15:47:35.552Z");
		long lastSafeTick = layout.tickAt(safeUntil.toEpochMilli()) - 1;
		assertThat(layout.encode(lastSafeTick, 1, 31, 63)).isEqualTo(TWO_TO_THE_53 - 1);
		assertThat(layout.encode(lastSafeTick + 1, 0, 0, 0)).isEqualTo(TWO_TO_THE_53);
		layout.requireLifetime(this.properties.getLayout().getRequiredLifetime(), InstantSource.system());
		assertThatNoException()
			.isThrownBy(() -> LayoutPreset.requireJsSafe(layout, this.properties, "snowflake.jackson.write-as"));
	}

	@Test
	void generatedIdsOfTheJsSafeLayoutAreBelow2To53() {
		SnowflakeLayout layout = LayoutPreset.JS_SAFE.layout(this.properties);
		SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(layout)
			.region(1)
			.workerCode(31)
			.wallClock(InstantSource.fixed(Instant.parse("2095-09-07T15:47:35.551Z")))
			.build();
		long[] batch = ids.nextIds(64);
		assertThat(batch[63]).isEqualTo(TWO_TO_THE_53 - 1);
		assertThat(Arrays.stream(batch).max().orElseThrow()).isLessThan(TWO_TO_THE_53);
	}

	@Test
	void aWidthOrTickSetBesideAPresetFailsNamingTheProperty() {
		this.properties.getLayout().setPreset(LayoutPreset.JS_SAFE);
		this.properties.getLayout().setWorkerBits(6);
		assertThatExceptionOfType(InvalidSnowflakeConfigurationException.class)
			.isThrownBy(() -> LayoutPreset.JS_SAFE.layout(this.properties))
			.withMessageContaining("snowflake.layout.worker-bits is set, but snowflake.layout.preset=js-safe");
		this.properties.getLayout().setWorkerBits(SnowflakeLayout.DEFAULT_WORKER_BITS);
		this.properties.getLayout().setTick(Duration.ofMillis(10));
		assertThatExceptionOfType(InvalidSnowflakeConfigurationException.class)
			.isThrownBy(() -> LayoutPreset.JS_SAFE.layout(this.properties))
			.withMessageContaining("snowflake.layout.tick is set");
	}

	@Test
	void numbersNeedALayoutThatStaysBelow2To53ForTheRequiredLifetime() {
		assertThatExceptionOfType(InvalidSnowflakeConfigurationException.class)
			.isThrownBy(() -> LayoutPreset.requireJsSafe(SnowflakeLayout.defaults(), this.properties,
					"snowflake.jackson.write-as"))
			.withMessageContaining("can reach 2^53 from 2026-01-25T20:31:23.648Z");
		this.properties.getLayout().setRequiredLifetime(Period.ofYears(70));
		SnowflakeLayout jsSafe = LayoutPreset.JS_SAFE.layout(this.properties);
		assertThatExceptionOfType(InvalidSnowflakeConfigurationException.class)
			.isThrownBy(() -> LayoutPreset.requireJsSafe(jsSafe, this.properties, "snowflake.jackson.write-as"));
		assertThatNoException().isThrownBy(() -> LayoutPreset.requireJsSafe(null, null, "snowflake.jackson.write-as"));
	}

}
