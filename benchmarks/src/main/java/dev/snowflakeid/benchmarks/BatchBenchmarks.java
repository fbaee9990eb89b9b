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
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code nextIds(n)} of our generator in its default mode: one lock acquisition per
 * batch. An operation is one batch, so IDs per second are the score times {@code n}; a
 * batch of 4,096 fills a whole millisecond and the cap of 4,096,000 IDs per second still
 * applies. The bytes per operation are the returned array.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@State(Scope.Benchmark)
public class BatchBenchmarks {

	@Param({ "1", "64", "4096" })
	public int size;

	// set by @Setup, which JMH runs before any benchmark method
	@SuppressWarnings("NullAway.Init")
	private SnowflakeIdGenerator generator;

	@Setup
	public void setUp() {
		this.generator = Candidates.snowflake();
	}

	@Benchmark
	public long[] nextIds() {
		return this.generator.nextIds(this.size);
	}

}
