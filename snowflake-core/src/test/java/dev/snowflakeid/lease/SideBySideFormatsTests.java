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
package dev.snowflakeid.lease;

import java.time.Duration;

import dev.snowflakeid.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SideBySideFormatsTests {

	@Test
	void layoutsSideBySideShareTimestampBitsRegionBitsTickAndEpoch() {
		SnowflakeLayout fleet = SnowflakeLayout.builder().regionBits(2).workerBits(4).sequenceBits(16).build();
		SnowflakeLayout split = SnowflakeLayout.builder().regionBits(2).workerBits(2).sequenceBits(18).build();
		SnowflakeLayout wider = SnowflakeLayout.builder().regionBits(3).workerBits(2).sequenceBits(17).build();
		SnowflakeLayout later = SnowflakeLayout.builder()
			.regionBits(2)
			.workerBits(4)
			.sequenceBits(16)
			.epoch(SnowflakeLayout.DEFAULT_EPOCH.plus(Duration.ofDays(1)))
			.build();
		assertThat(SideBySideFormats.sharedPart(fleet.toString()))
			.isEqualTo("41/2 tick=PT0.001S epoch=2026-01-01T00:00:00Z")
			.isEqualTo(SideBySideFormats.sharedPart(split.toString()));
		assertThat(SideBySideFormats.sharedPart(wider.toString()))
			.isNotEqualTo(SideBySideFormats.sharedPart(fleet.toString()));
		assertThat(SideBySideFormats.sharedPart(later.toString()))
			.isNotEqualTo(SideBySideFormats.sharedPart(fleet.toString()));
		// a description of another form shares nothing but itself
		assertThat(SideBySideFormats.sharedPart("41/2/8/12")).isEqualTo("41/2/8/12");
	}

	@Test
	void formatsMayShareAKeySpaceOnlyWithEqualSharedParts() {
		assertThat(SideBySideFormats.mayShareKeySpace("41/2/4/16 tick=PT0.001S epoch=2026-01-01T00:00:00Z",
				"41/2/2/18 tick=PT0.001S epoch=2026-01-01T00:00:00Z"))
			.isTrue();
		assertThat(SideBySideFormats.mayShareKeySpace("41/3/2/17 tick=PT0.001S epoch=2026-01-01T00:00:00Z",
				"41/2/2/18 tick=PT0.001S epoch=2026-01-01T00:00:00Z"))
			.isFalse();
		assertThat(SideBySideFormats.mayShareKeySpace("41/2/4/16 tick=PT0.01S epoch=2026-01-01T00:00:00Z",
				"41/2/2/18 tick=PT0.001S epoch=2026-01-01T00:00:00Z"))
			.isFalse();
	}

}
