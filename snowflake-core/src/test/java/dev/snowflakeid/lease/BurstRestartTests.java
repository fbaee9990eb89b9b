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

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.testsupport.IssuingLoad;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Burst mode borrows ticks ahead of the wall clock; a restart right after a burst must
 * still start above every borrowed tick. With the static allocator the state file holds
 * the ceiling that bounded the borrowing, so the next start's floor lies above it. Real
 * clocks, real file.
 */
class BurstRestartTests {

	// Another test's code in this JVM leaves its mark, which would be this test's floor.
	@BeforeEach
	void forgetMarks() {
		StaticCode.forgetMarks();
	}

	private static final int IDS = 10_000_000;

	@TempDir
	Path directory;

	@Test
	void aRestartRightAfterABurstIssuesOnlyAboveTheBurstAfterAKill() {
		Path stateFile = this.directory.resolve("worker.hwm");
		Started a = start(stateFile);
		long[] burst = burst(a.generator, IDS);
		long maxA = burst[burst.length - 1];
		assertThat(a.generator.statistics().borrowedTicks()).as("the burst ran ahead of the clock").isPositive();
		// Killed: the generator never stops and the keeper never releases; its thread is
		// left to run, but
		// the state file's lock is gone with the process, and with it every further
		// write.
		a.store.close();
		Started b = start(stateFile);
		long[] after = burst(b.generator, IDS);
		assertThat(after[0]).isGreaterThan(maxA);
		assertDistinctAndIncreasing(after);
		b.close();
		a.close();
	}

	@Test
	void aRestartRightAfterABurstIssuesOnlyAboveTheBurstAfterAGracefulShutdown() {
		Path stateFile = this.directory.resolve("worker.hwm");
		Started a = start(stateFile);
		long[] burst = burst(a.generator, IDS);
		long maxA = burst[burst.length - 1];
		a.close();
		Started b = start(stateFile);
		long[] after = burst(b.generator, IDS);
		assertThat(after[0]).isGreaterThan(maxA);
		assertDistinctAndIncreasing(after);
		b.close();
	}

	private static Started start(Path stateFile) {
		StaticWorkerLeaseStore store = new StaticWorkerLeaseStore(5, stateFile, Duration.ofSeconds(3),
				java.time.InstantSource.system());
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(store).renewInterval(Duration.ofMillis(200)).build();
		keeper.start();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(SnowflakeLayout.defaults())
			.leaseSource(keeper)
			.borrowAhead(Duration.ofSeconds(1))
			.build();
		return new Started(store, keeper, generator);
	}

	private static long[] burst(SnowflakeIdGenerator generator, int count) {
		return IssuingLoad.burst(generator::nextIds, generator.maxBatchSize(), count, BurstRestartTests::tickExhausted);
	}

	// A client retries a retryable refusal: a starved CPU can miss the 5 ms wait for the
	// next tick.
	private static boolean tickExhausted(RuntimeException ex) {
		return ex instanceof IdGenerationException refused
				&& refused.reason() == IdGenerationException.Reason.SEQUENCE_EXHAUSTED;
	}

	private static void assertDistinctAndIncreasing(long[] ids) {
		for (int i = 1; i < ids.length; i++) {
			if (ids[i] <= ids[i - 1]) {
				throw new AssertionError("ID " + i + " = " + ids[i] + " is not above " + ids[i - 1]);
			}
		}
		assertThat(Arrays.stream(ids).min().orElseThrow()).isEqualTo(ids[0]);
	}

	private record Started(StaticWorkerLeaseStore store, WorkerLeaseKeeper keeper, SnowflakeIdGenerator generator) {

		void close() {
			this.keeper.close(this.generator.stop());
			this.store.close();
		}

	}

}
