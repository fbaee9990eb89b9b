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
package dev.snowflakeid.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Bursts in the generator's batch size with retries, and load that counts refusals,
 * repeats and gaps.
 */
class IssuingLoadTests {

	@Test
	void aBurstAsksInBatchesOfTheLargestSizeAndRetriesOnlyWhatTheCallerCallsRetryable() {
		AtomicLong next = new AtomicLong();
		List<Integer> asked = new ArrayList<>();
		long[] ids = IssuingLoad.burst((count) -> {
			asked.add(count);
			if (asked.size() == 2) {
				throw new IllegalStateException("tick exhausted");
			}
			long[] batch = new long[count];
			for (int i = 0; i < count; i++) {
				batch[i] = next.incrementAndGet();
			}
			return batch;
		}, 4, 10, IllegalStateException.class::isInstance);
		assertThat(asked).containsExactly(4, 4, 4, 2);
		assertThat(ids).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);

		assertThatIllegalStateException().isThrownBy(() -> IssuingLoad.burst((count) -> {
			throw new IllegalStateException("lease lost");
		}, 4, 10, (ex) -> false)).withMessage("lease lost");
	}

	@Test
	void loadCountsIdsRefusalsAndRepeatsOfEveryIssuer() {
		AtomicLong calls = new AtomicLong();
		try (IssuingLoad load = IssuingLoad.builder(IllegalStateException.class)
			.pause(Duration.ofMillis(1))
			.issuer("refusing", () -> {
				throw new IllegalStateException("refused");
			})
			.issuer("repeating", () -> calls.incrementAndGet() / 2)
			.start()) {
			load.awaitMore(20, Duration.ofSeconds(10));
			Polling.await("a refusal", Duration.ofSeconds(10)).until(() -> load.refusals() > 0);
			assertThat(load.duplicates()).isPositive();
			assertThat(load.longestGaps()).startsWith("refusing ").contains(", repeating ");
			assertThat(load.longestGapNanos()[0]).as("the refusing issuer's gap is still open")
				.isGreaterThanOrEqualTo(load.longestGapNanos()[1]);
		}
	}

}
