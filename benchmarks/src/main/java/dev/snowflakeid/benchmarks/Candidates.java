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

import java.time.Duration;
import java.time.InstantSource;
import java.util.Date;
import java.util.UUID;

import cn.hutool.core.lang.Snowflake;
import com.github.f4b6a3.tsid.TsidFactory;
import com.github.f4b6a3.uuid.UuidCreator;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import me.ahoo.cosid.snowflake.MillisecondSnowflakeId;

/**
 * The generators under test, each configured as a user of the library would configure it
 * for the same job: one process, one node or worker code, the library's defaults
 * everywhere else. The Snowflake-style peers get the same 41/10/12 split as our default
 * layout (2 region + 8 worker bits count as 10 node bits).
 */
final class Candidates {

	/** Worker or node code given to every candidate that takes one. */
	static final int WORKER_CODE = 1;

	/** Borrow window of the burst-mode generator. */
	static final Duration BORROW_AHEAD = Duration.ofSeconds(1);

	/**
	 * IDs per second one worker of the default layout can issue while following the wall
	 * clock.
	 */
	static final long SEQUENCE_CAP_PER_SECOND = SnowflakeLayout.defaults().maxIdsPerTick()
			* (1000 / SnowflakeLayout.defaults().tickMillis());

	private Candidates() {
	}

	/** Our generator in its default mode: wall-clock-bound, a fixed worker code. */
	static SnowflakeIdGenerator snowflake() {
		return snowflake(InstantSource.system());
	}

	/** {@link #snowflake()} reading the given wall clock. */
	static SnowflakeIdGenerator snowflake(InstantSource wallClock) {
		return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults())
			.workerCode(WORKER_CODE)
			.wallClock(wallClock)
			.build();
	}

	/**
	 * Our generator in burst mode. The fixed worker code has an unbounded ceiling, so
	 * only the borrow window limits how far ahead of the wall clock it runs.
	 */
	static SnowflakeIdGenerator snowflakeBorrowAhead() {
		return snowflakeBorrowAhead(InstantSource.system());
	}

	/** {@link #snowflakeBorrowAhead()} reading the given wall clock. */
	static SnowflakeIdGenerator snowflakeBorrowAhead(InstantSource wallClock) {
		return SnowflakeIdGenerator.builder(SnowflakeLayout.defaults())
			.workerCode(WORKER_CODE)
			.borrowAhead(BORROW_AHEAD)
			.wallClock(wallClock)
			.build();
	}

	/** CosId with 41 timestamp, 10 machine and 12 sequence bits from our epoch. */
	static MillisecondSnowflakeId cosId() {
		return new MillisecondSnowflakeId(SnowflakeLayout.defaults().epoch().toEpochMilli(), 41, 10, 12, WORKER_CODE);
	}

	/**
	 * Hutool's Snowflake (5 worker + 5 data-centre bits, 12 sequence bits) reading the
	 * system clock.
	 */
	static Snowflake hutool() {
		return new Snowflake(Date.from(SnowflakeLayout.defaults().epoch()), WORKER_CODE, 0, false);
	}

	/** tsid-creator with 10 node bits, leaving 12 counter bits. */
	static TsidFactory tsid() {
		return TsidFactory.builder().withNodeBits(10).withNode(WORKER_CODE).build();
	}

	/** A time-ordered UUIDv7 from uuid-creator's default factory. */
	static UUID uuidV7() {
		return UuidCreator.getTimeOrderedEpoch();
	}

	/** The JDK's random UUIDv4. */
	static UUID uuidRandom() {
		return UUID.randomUUID();
	}

}
