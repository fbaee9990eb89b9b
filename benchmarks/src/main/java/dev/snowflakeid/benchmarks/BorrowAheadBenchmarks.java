package dev.snowflakeid.benchmarks;

import java.util.concurrent.TimeUnit;

import dev.snowflakeid.IdGenerationException.Reason;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Our generator in burst mode ({@code borrowAhead(1 s)}) during a burst: a fresh generator per 50 ms
 * iteration, so its lead over the wall clock starts at 0 and stays inside the window as long as it issues
 * fewer than about 86 million IDs per second. No call then waits for a tick, which makes the latency
 * percentiles those of the path that does not wait.
 *
 * <p>A burst can only outrun the cap for as long as the window lasts: at {@code r} IDs per second the lead
 * grows by {@code r / 4,096,000 - 1} seconds per second. A longer burst is measured by
 * {@link IdGeneratorBenchmarks#snowflakeBorrowAheadSustained}. If an iteration nevertheless had to wait, the
 * teardown says so in the run's output.
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

		SnowflakeIdGenerator generator;

		@Setup(Level.Iteration)
		public void start() {
			this.generator = Candidates.snowflakeBorrowAhead();
		}

		@TearDown(Level.Iteration)
		public void check() {
			long waits = this.generator.statistics().waits(Reason.SEQUENCE_EXHAUSTED);
			if (waits > 0) {
				System.out.println("burst window used up: " + waits + " waits for the next tick in this iteration, "
						+ this.generator.statistics().borrowedTicks() + " ticks borrowed");
			}
		}

	}

	@State(Scope.Benchmark)
	public static class BatchSize {

		@Param({ "1", "64", "4096" })
		public int size;

	}

}
