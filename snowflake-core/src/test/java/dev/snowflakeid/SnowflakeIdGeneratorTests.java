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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.lease.WorkerLease;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnowflakeIdGeneratorTests {

	private static final String NOW = "2026-11-30T12:00:00Z";

	private final FakeTime time = FakeTime.at(NOW);

	private final SnowflakeLayout layout = SnowflakeLayout.defaults();

	private SnowflakeIdGenerator.Builder generator() {
		return SnowflakeIdGenerator.builder(this.layout)
			.workerCode(7)
			.region(1)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time);
	}

	@Test
	void idsArePositiveIncreasingAndDecodeToTheirFields() {
		SnowflakeIdGenerator ids = generator().build();
		long first = ids.nextId();
		long second = ids.nextId();
		this.time.advance(Duration.ofMillis(3));
		long third = ids.nextId();
		assertThat(first).isPositive();
		assertThat(second).isGreaterThan(first);
		assertThat(third).isGreaterThan(second);
		DecodedId decoded = ids.decode(third);
		assertThat(decoded.timestamp()).isEqualTo(this.time.instant());
		assertThat(decoded.region()).isEqualTo(1);
		assertThat(decoded.worker()).isEqualTo(7);
		assertThat(decoded.sequence()).isZero();
		assertThat(ids.decode(second).sequence()).isEqualTo(1);
		assertThat(ids.statistics().idsIssued()).isEqualTo(3);
	}

	@Test
	void tickZeroIsNeverIssuedSoNoIdIsZero() {
		FakeTime atEpoch = FakeTime.at("2026-01-01T00:00:00Z");
		SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(this.layout)
			.workerCode(0)
			.wallClock(atEpoch)
			.monotonicClock(atEpoch)
			.parker(atEpoch)
			.build();
		assertThatThrownBy(ids::nextId).isInstanceOf(IdGenerationException.class);
		atEpoch.advance(Duration.ofMillis(1));
		assertThat(ids.nextId()).isEqualTo(1L << 22);
	}

	@Test
	void aFrozenTickIssuesExactlyMaxIdsPerTickThenMovesToTheNextTick() {
		SnowflakeIdGenerator ids = generator().build();
		long[] tick = new long[4096];
		for (int i = 0; i < tick.length; i++) {
			tick[i] = ids.nextId();
		}
		assertThat(Arrays.stream(tick).mapToInt((id) -> ids.decode(id).sequence()).toArray())
			.containsExactly(java.util.stream.IntStream.range(0, 4096).toArray());
		assertThat(Arrays.stream(tick).mapToObj(ids::decode).map(DecodedId::timestamp).distinct()).hasSize(1);
		assertThat(this.time.parks()).isZero();
		long next = ids.nextId();
		DecodedId decoded = ids.decode(next);
		assertThat(decoded.sequence()).isZero();
		assertThat(decoded.timestamp()).isEqualTo(ids.decode(tick[0]).timestamp().plusMillis(1));
		assertThat(next).isGreaterThan(tick[4095]);
		assertThat(this.time.parks()).isPositive();
		assertThat(this.time.parkedNanos()).isLessThanOrEqualTo(Duration.ofMillis(1).plusNanos(100_000).toNanos());
		assertThat(ids.statistics().sequenceExhaustions()).isEqualTo(1);
		assertThat(ids.statistics().waits(Reason.SEQUENCE_EXHAUSTED)).isEqualTo(1);
	}

	@Test
	void theNextIdOfAnExhaustedTickIsRefusedWhenTheClockDoesNotMove() {
		this.time.freezeWall();
		SnowflakeIdGenerator ids = generator().build();
		for (int i = 0; i < 4096; i++) {
			ids.nextId();
		}
		long parkedBefore = this.time.parkedNanos();
		assertThatThrownBy(ids::nextId).isInstanceOfSatisfying(IdGenerationException.class, (ex) -> {
			assertThat(ex.reason()).isEqualTo(Reason.SEQUENCE_EXHAUSTED);
			assertThat(ex.retryable()).isTrue();
			assertThat(ex).hasMessageContaining("all 4096 IDs of tick").hasMessageContaining("5 ms wait budget");
		});
		assertThat(this.time.parkedNanos() - parkedBefore).isLessThanOrEqualTo(Duration.ofMillis(5).toNanos());
		assertThat(ids.statistics().idsIssued()).isEqualTo(4096);
		assertThat(ids.statistics().refusals(Reason.SEQUENCE_EXHAUSTED)).isEqualTo(1);
	}

	@Test
	void aZeroExhaustionBudgetRefusesWithoutWaiting() {
		SnowflakeIdGenerator ids = generator().exhaustionWaitBudget(Duration.ZERO).build();
		for (int i = 0; i < 4096; i++) {
			ids.nextId();
		}
		assertThatThrownBy(ids::nextId).isInstanceOfSatisfying(IdGenerationException.class,
				(ex) -> assertThat(ex.reason()).isEqualTo(Reason.SEQUENCE_EXHAUSTED));
		assertThat(this.time.parks()).isZero();
		this.time.advance(Duration.ofMillis(1));
		assertThat(ids.decode(ids.nextId()).sequence()).isZero();
	}

	@Test
	void aSaturatedTickUnderAFrozenClockParksAndReturnsWithinTheBudget() {
		FakeTime frozen = FakeTime.at(NOW);
		AtomicInteger parks = new AtomicInteger();
		SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(this.layout)
			.workerCode(1)
			.wallClock(frozen)
			.parker((nanos) -> {
				parks.incrementAndGet();
				LockSupport.parkNanos(nanos);
			})
			.build();
		for (int i = 0; i < 4096; i++) {
			ids.nextId();
		}
		long start = System.nanoTime();
		assertThatThrownBy(ids::nextId).isInstanceOf(IdGenerationException.class);
		long elapsed = System.nanoTime() - start;
		// The wait budget is 5 ms: the refusal comes after it, and long before a call
		// that blocked on the next
		// tick would return; 2 s leaves room for a starved CPU.
		assertThat(elapsed).isGreaterThanOrEqualTo(Duration.ofMillis(5).toNanos())
			.isLessThan(Duration.ofSeconds(2).toNanos());
		// 100 µs parks at the finest: a spinning wait would call far more often.
		assertThat(parks.get()).isBetween(1, 51);
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 5 })
	void aRollbackWithinTheBudgetWaitsThenContinuesWithoutReusingATick(int stepMillis) {
		SnowflakeIdGenerator ids = generator().build();
		this.time.advance(Duration.ofMillis(10));
		long before = ids.nextId();
		this.time.stepWall(Duration.ofMillis(-stepMillis));
		long after = ids.nextId();
		assertThat(after).isGreaterThan(before);
		assertThat(ids.decode(after).timestamp()).isEqualTo(ids.decode(before).timestamp());
		assertThat(ids.decode(after).sequence()).isEqualTo(1);
		assertThat(this.time.parkedNanos()).isBetween((stepMillis - 1) * 1_000_000L, stepMillis * 1_000_000L);
		assertThat(ids.statistics().clockRollbacks()).isEqualTo(1);
		assertThat(ids.statistics().largestClockRollbackMillis()).isEqualTo(stepMillis);
		assertThat(ids.statistics().waits(Reason.CLOCK_MOVED_BACKWARDS)).isEqualTo(1);
	}

	@Test
	void aRollbackBeyondTheBudgetIsRefusedAtOnceUntilTheClockCatchesUp() {
		SnowflakeIdGenerator ids = generator().build();
		List<Long> issued = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			issued.add(ids.nextId());
		}
		this.time.stepWall(Duration.ofMillis(-2000));
		assertThatThrownBy(ids::nextId).isInstanceOfSatisfying(IdGenerationException.class, (ex) -> {
			assertThat(ex.reason()).isEqualTo(Reason.CLOCK_MOVED_BACKWARDS);
			assertThat(ex.retryable()).isTrue();
			assertThat(ex).hasMessage("clock moved backwards by 2000 ms, more than the 5 ms wait budget");
		});
		assertThat(this.time.parks()).isZero();
		this.time.advance(Duration.ofMillis(1990));
		assertThatThrownBy(ids::nextId).hasMessage("clock moved backwards by 10 ms, more than the 5 ms wait budget");
		this.time.advance(Duration.ofMillis(10));
		long resumed = ids.nextId();
		assertThat(ids.decode(resumed).timestamp()).isEqualTo(ids.decode(issued.get(0)).timestamp());
		assertThat(ids.decode(resumed).sequence()).isEqualTo(3);
		assertThat(resumed).isGreaterThan(issued.get(2));
		assertThat(ids.statistics().largestClockRollbackMillis()).isEqualTo(2000);
		assertThat(ids.statistics().refusals(Reason.CLOCK_MOVED_BACKWARDS)).isEqualTo(2);
	}

	@Test
	void aRollbackWithinTheBudgetIsRefusedWhenTheClockStaysBehind() {
		this.time.freezeWall();
		SnowflakeIdGenerator ids = generator().build();
		ids.nextId();
		this.time.stepWall(Duration.ofMillis(-3));
		assertThatThrownBy(ids::nextId).isInstanceOfSatisfying(IdGenerationException.class, (ex) -> assertThat(ex)
			.hasMessage("clock moved backwards by 3 ms and did not catch up within the 5 ms wait budget"));
		assertThat(this.time.parkedNanos()).isLessThanOrEqualTo(Duration.ofMillis(5).toNanos());
	}

	@Test
	void aForwardJumpIsToleratedAndCounted() {
		SnowflakeIdGenerator ids = generator().build();
		long before = ids.nextId();
		this.time.advance(Duration.ofMillis(1));
		ids.nextId();
		this.time.advance(Duration.ofMillis(1)).stepWall(Duration.ofSeconds(30));
		long after = ids.nextId();
		assertThat(after).isGreaterThan(before);
		assertThat(ids.decode(after).timestamp()).isEqualTo(this.time.instant());
		assertThat(ids.statistics().forwardJumps()).isEqualTo(1);
		assertThat(ids.statistics().largestForwardJumpMillis()).isEqualTo(30_000);
		this.time.advance(Duration.ofMinutes(10));
		ids.nextId();
		assertThat(ids.statistics().forwardJumps()).as("idle time is not a jump").isEqualTo(1);
	}

	@Test
	void theLastTickOfTheEpochWorksAndTheNextIsRefused() {
		SnowflakeLayout small = SnowflakeLayout.builder()
			.timestampBits(10)
			.regionBits(1)
			.workerBits(22)
			.sequenceBits(30)
			.build();
		FakeTime clock = new FakeTime(small.epoch().plusMillis(small.maxTimestamp()));
		SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(small)
			.workerCode(3)
			.wallClock(clock)
			.monotonicClock(clock)
			.parker(clock)
			.build();
		long last = ids.nextId();
		assertThat(ids.decode(last).timestamp()).isEqualTo(small.lifetimeEnd().minusMillis(1));
		clock.advance(Duration.ofMillis(1));
		assertThatThrownBy(ids::nextId).isInstanceOfSatisfying(IdGenerationException.class, (ex) -> {
			assertThat(ex.reason()).isEqualTo(Reason.EPOCH_EXHAUSTED);
			assertThat(ex.retryable()).isFalse();
			assertThat(ex).hasMessageContaining("lifetime ended at " + small.lifetimeEnd());
		});
	}

	@Test
	void twoGeneratorsWithTheSameWorkerCodeCollideWhichIsWhyCodesAreLeased() {
		SnowflakeIdGenerator first = generator().build();
		SnowflakeIdGenerator second = generator().build();
		assertThat(first.nextId()).isEqualTo(second.nextId());
	}

	@Test
	void allRegionsAndWorkersInTheSameMillisecondIssueDistinctIds() {
		this.time.freezeWall();
		int regions = 4;
		int workers = 200;
		int perWorker = 3000;
		long[] all = new long[regions * workers * perWorker];
		int n = 0;
		for (int region = 0; region < regions; region++) {
			for (int worker = 0; worker < workers; worker++) {
				SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(this.layout)
					.region(region)
					.workerCode(worker)
					.wallClock(this.time)
					.monotonicClock(this.time)
					.parker(this.time)
					.build();
				for (int i = 0; i < perWorker; i++) {
					long id = ids.nextId();
					all[n++] = id;
					if (i == perWorker - 1) {
						DecodedId decoded = this.layout.decode(id);
						assertThat(decoded.region()).isEqualTo(region);
						assertThat(decoded.worker()).isEqualTo(worker);
						assertThat(decoded.sequence()).isEqualTo(perWorker - 1);
						assertThat(decoded.timestamp()).isEqualTo(this.time.instant());
					}
				}
			}
		}
		assertThat(this.time.parks()).isZero();
		assertThat(distinct(all)).isEqualTo(all.length);
	}

	@Test
	void manyThreadsOnOneGeneratorNeverShareAnId() throws Exception {
		SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(this.layout).workerCode(5).build();
		int threads = 8;
		int perThread = 50_000;
		long[][] results = hammer(threads, (t) -> {
			long[] mine = new long[perThread];
			for (int i = 0; i < perThread; i++) {
				mine[i] = ids.nextId();
			}
			return mine;
		});
		for (long[] mine : results) {
			for (int i = 1; i < mine.length; i++) {
				assertThat(mine[i]).isGreaterThan(mine[i - 1]);
			}
		}
		long[] all = Arrays.stream(results).flatMapToLong(Arrays::stream).toArray();
		assertThat(distinct(all)).isEqualTo(threads * perThread);
		assertThat(ids.statistics().idsIssued()).isEqualTo(threads * perThread);
	}

	@Test
	void batchesAreIncreasingDistinctAndContiguousAmongConcurrentCallers() throws Exception {
		SnowflakeIdGenerator ids = SnowflakeIdGenerator.builder(this.layout).workerCode(5).build();
		int threads = 4;
		long[][] results = hammer(threads, (t) -> {
			long[] mine = new long[20_000];
			int n = 0;
			while (n < mine.length) {
				if (t % 2 == 0) {
					mine[n++] = ids.nextId();
				}
				else {
					long[] batch = ids.nextIds(Math.min(5000, mine.length - n));
					System.arraycopy(batch, 0, mine, n, batch.length);
					n += batch.length;
				}
			}
			return mine;
		});
		long[] all = Arrays.stream(results).flatMapToLong(Arrays::stream).sorted().toArray();
		assertThat(distinct(all)).isEqualTo(all.length);
		for (int t = 1; t < threads; t += 2) {
			long[] mine = results[t];
			for (int start = 0; start < mine.length; start += 5000) {
				long low = mine[start];
				long high = mine[start + 4999];
				for (int i = start + 1; i < start + 5000; i++) {
					assertThat(mine[i]).isGreaterThan(mine[i - 1]);
				}
				int from = Arrays.binarySearch(all, low);
				int to = Arrays.binarySearch(all, high);
				assertThat(to - from).as("no other caller's ID falls inside a batch").isEqualTo(4999);
			}
		}
	}

	@Test
	void batchSizeIsChecked() {
		SnowflakeIdGenerator ids = generator().build();
		assertThat(ids.maxBatchSize()).isEqualTo(65_536);
		assertThatIllegalArgumentException().isThrownBy(() -> ids.nextIds(0))
			.withMessage("count must be between 1 and 65536 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> ids.nextIds(65_537));
		long[] batch = ids.nextIds(10_000);
		assertThat(ids.decode(batch[9_999]).timestamp()).isEqualTo(ids.decode(batch[0]).timestamp().plusMillis(2));
		assertThat(ids.statistics().idsIssued()).isEqualTo(10_000);
	}

	@Test
	void aRefusedBatchReturnsNothingAndCountsNothing() {
		this.time.freezeWall();
		SnowflakeIdGenerator ids = generator().build();
		assertThatThrownBy(() -> ids.nextIds(5000)).isInstanceOf(IdGenerationException.class);
		assertThat(ids.statistics().idsIssued()).isZero();
	}

	@Test
	void leaseFloorAndCeilingAreEnforcedAndAnEarlierRangeIsUsedUnderItsOwnCode() {
		long now = this.time.millis();
		java.util.concurrent.atomic.AtomicReference<WorkerLease> lease = new java.util.concurrent.atomic.AtomicReference<>(
				WorkerLease.leased(9, 4, now, now + 10));
		SnowflakeIdGenerator ids = generator().leaseSource(lease::get).build();
		assertThatThrownBy(ids::nextId).as("tick at the floor")
			.isInstanceOfSatisfying(IdGenerationException.class,
					(ex) -> assertThat(ex.reason()).isEqualTo(Reason.LEASE_UNAVAILABLE))
			.hasMessageContaining("not above the lease floor");
		this.time.advance(Duration.ofMillis(1));
		long id = ids.nextId();
		assertThat(ids.decode(id).worker()).isEqualTo(9);
		this.time.advance(Duration.ofMillis(9));
		assertThat(ids.nextId()).isGreaterThan(id);
		this.time.advance(Duration.ofMillis(1));
		assertThatThrownBy(ids::nextId).as("tick above the ceiling").hasMessageContaining("above the lease ceiling");
		// A new grant of code 3 starts later; the old range of code 9 stays usable below
		// its ceiling.
		lease.set(WorkerLease.leased(3, 1, now + 20, now + 40).withEarlier(WorkerLease.leased(9, 4, now, now + 15)));
		assertThat(ids.decode(ids.nextId()).worker()).as("inside the earlier range").isEqualTo(9);
		this.time.advance(Duration.ofMillis(5));
		assertThatThrownBy(ids::nextId).as("between the ranges").hasMessageContaining("not above the lease floor");
		this.time.advance(Duration.ofMillis(5));
		assertThat(ids.decode(ids.nextId()).worker()).as("inside the new range").isEqualTo(3);
		lease.set(null);
		assertThatThrownBy(ids::nextId).hasMessage("no worker lease is held");
		assertThat(ids.statistics().idsIssued()).isEqualTo(4);
		assertThat(ids.statistics().refusals(Reason.LEASE_UNAVAILABLE)).isEqualTo(4);
	}

	@Test
	void noLeaseEverHeldIsARefusalNotANullPointer() {
		SnowflakeIdGenerator ids = generator().leaseSource(() -> null).build();
		assertThatThrownBy(ids::nextId)
			.isInstanceOfSatisfying(IdGenerationException.class,
					(ex) -> assertThat(ex.reason()).isEqualTo(Reason.LEASE_UNAVAILABLE))
			.hasMessage("no worker lease is held");
	}

	@Test
	void aWorkerCodeThatDoesNotFitIsRefused() {
		SnowflakeIdGenerator ids = generator().workerCode(256).build();
		assertThatThrownBy(ids::nextId).hasMessage("worker code 256 is outside 0..255 (8 worker bits)");
	}

	@Test
	void regionMustFitItsBits() {
		assertThatIllegalArgumentException().isThrownBy(() -> generator().region(4).build())
			.withMessage("region 4 is outside 0..3 (2 region bits)");
	}

	@Test
	void stopWaitsForInFlightCallsAndReportsTheLastUsedMillisecond() {
		SnowflakeIdGenerator ids = generator().build();
		assertThat(generator().build().stop()).isEqualTo(Long.MIN_VALUE);
		ids.nextId();
		assertThat(ids.stop()).isEqualTo(this.time.millis());
		assertThat(ids.isStopped()).isTrue();
		assertThatThrownBy(ids::nextId).hasMessageContaining("stopped");
	}

	private static int distinct(long[] ids) {
		long[] sorted = ids.clone();
		Arrays.sort(sorted);
		int distinct = sorted.length == 0 ? 0 : 1;
		for (int i = 1; i < sorted.length; i++) {
			if (sorted[i] != sorted[i - 1]) {
				distinct++;
			}
		}
		return distinct;
	}

	private static long[][] hammer(int threads, java.util.function.IntFunction<long[]> work) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<long[]>> futures = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				int index = t;
				futures.add(pool.submit(() -> {
					start.await();
					return work.apply(index);
				}));
			}
			start.countDown();
			long[][] results = new long[threads][];
			for (int t = 0; t < threads; t++) {
				results[t] = futures.get(t).get(60, TimeUnit.SECONDS);
			}
			return results;
		}
		finally {
			pool.shutdownNow();
		}
	}

}
