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

import java.util.concurrent.TimeUnit;

import dev.snowflakeid.SnowflakeIdGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Our generator in burst mode ({@code borrowAhead(1 s)}) during a burst: a fresh
 * generator per 50 ms iteration, so its lead over the wall clock starts at 0 and stays
 * inside the window as long as it issues fewer than about 86 million IDs per second. No
 * call then waits for a tick, which makes the latency percentiles those of the path that
 * does not wait.
 *
 * <p>
 * A burst can only outrun the cap for as long as the window lasts: at {@code r} IDs per
 * second the lead grows by {@code r / 4,096,000 - 1} seconds per second, so at 20 million
 * IDs per second the window is full after about a quarter of a second. The generator then
 * refuses (the next tick lies a whole window ahead of the clock, beyond the wait budget)
 * and the iteration fails: keep the 50 ms iterations of this class rather than overriding
 * them with {@code -w}/{@code -r}. A longer burst is measured by
 * {@link IdGeneratorBenchmarks#snowflakeBorrowAheadSustained}.
 */
@BenchmarkMode({ Mode.Throughput, Mode.SampleTime })
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 40, time = 50, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 40, time = 50, timeUnit = TimeUnit.MILLISECONDS)
public class BorrowAheadBenchmarks {

	@Benchmark
	public long nextId(Burst burst) {
		return burst.generator.nextId();
	}

	@Benchmark
	public long[] nextIds(Burst burst, BatchSize batch) {
		return burst.generator.nextIds(batch.size);
	}

	@State(Scope.Benchmark)
	public static class Burst {

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		SnowflakeIdGenerator generator;

		@Setup(Level.Iteration)
		public void start() {
			this.generator = Candidates.snowflakeBorrowAhead();
		}

	}

	@State(Scope.Benchmark)
	public static class BatchSize {

		@Param({ "1", "64", "4096" })
		public int size;

	}

}
