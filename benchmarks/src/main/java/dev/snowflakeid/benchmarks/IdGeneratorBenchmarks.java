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

import java.util.UUID;
import java.util.concurrent.TimeUnit;

import cn.hutool.core.lang.Snowflake;
import com.github.f4b6a3.tsid.TsidFactory;
import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import me.ahoo.cosid.snowflake.MillisecondSnowflakeId;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One ID per operation from each candidate. Every benchmark thread shares one generator,
 * as the threads of a service share its generator, so two threads measure contention on
 * the generator's lock as well.
 *
 * <p>
 * The generators that follow the wall clock (ours by default, CosId, Hutool) cannot
 * exceed 2^12 IDs per millisecond: their throughput here is the fraction of that cap they
 * reach, and every 4,096th call waits for the next millisecond.
 * {@link #snowflakeBorrowAheadSustained} keeps one burst-mode generator for the whole
 * run, so its lead reaches the borrow window and it then follows the exhaustion policy:
 * what a burst longer than the window gets. Calls refused with
 * {@link IdGenerationException} there are counted apart from issued IDs
 * ({@link Outcomes}). Bursts within the window are measured by
 * {@link BorrowAheadBenchmarks}.
 */
@BenchmarkMode({ Mode.Throughput, Mode.SampleTime })
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
public class IdGeneratorBenchmarks {

	@Benchmark
	public long snowflake(SnowflakeState state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long snowflakeBorrowAheadSustained(SnowflakeBorrowAheadState state, Outcomes outcomes) {
		try {
			long id = state.generator.nextId();
			outcomes.issued++;
			return id;
		}
		catch (IdGenerationException ex) {
			outcomes.refused++;
			return 0;
		}
	}

	@Benchmark
	public long cosId(CosIdState state) {
		return state.generator.generate();
	}

	@Benchmark
	public long hutool(HutoolState state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long tsid(TsidState state) {
		return state.factory.create().toLong();
	}

	@Benchmark
	public UUID uuidV7() {
		return Candidates.uuidV7();
	}

	@Benchmark
	public UUID uuidRandom() {
		return Candidates.uuidRandom();
	}

	/**
	 * Calls that returned an ID and calls refused with {@link IdGenerationException},
	 * reported as rates beside the rate of all calls.
	 */
	@State(Scope.Thread)
	@AuxCounters(AuxCounters.Type.OPERATIONS)
	public static class Outcomes {

		public long issued;

		public long refused;

		@Setup(Level.Iteration)
		public void reset() {
			this.issued = 0;
			this.refused = 0;
		}

	}

	@State(Scope.Benchmark)
	public static class SnowflakeState {

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		SnowflakeIdGenerator generator;

		@Setup
		public void setUp() {
			this.generator = Candidates.snowflake();
		}

	}

	@State(Scope.Benchmark)
	public static class SnowflakeBorrowAheadState {

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		SnowflakeIdGenerator generator;

		@Setup
		public void setUp() {
			this.generator = Candidates.snowflakeBorrowAhead();
		}

	}

	@State(Scope.Benchmark)
	public static class CosIdState {

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		MillisecondSnowflakeId generator;

		@Setup
		public void setUp() {
			this.generator = Candidates.cosId();
		}

	}

	@State(Scope.Benchmark)
	public static class HutoolState {

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		Snowflake generator;

		@Setup
		public void setUp() {
			this.generator = Candidates.hutool();
		}

	}

	@State(Scope.Benchmark)
	public static class TsidState {

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		TsidFactory factory;

		@Setup
		public void setUp() {
			this.factory = Candidates.tsid();
		}

	}

}
