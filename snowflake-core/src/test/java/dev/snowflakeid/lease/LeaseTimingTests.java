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

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The rule of lease intervals: whole milliseconds, above zero or at least zero, each
 * failure naming the setting; the replica lag limit; and the startup wait a first start
 * on an empty store needs.
 */
class LeaseTimingTests {

	@Test
	void positiveIntervalsAreWholeMillisecondsAboveZero() {
		assertThat(LeaseTiming.requirePositiveMillis("ttl", Duration.ofMillis(1))).isEqualTo(Duration.ofMillis(1));
		assertThatIllegalArgumentException().isThrownBy(() -> LeaseTiming.requirePositiveMillis("ttl", Duration.ZERO))
			.withMessage("ttl must be positive but was PT0S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LeaseTiming.requirePositiveMillis("ttl", Duration.ofMillis(-1)))
			.withMessage("ttl must be positive but was PT-0.001S");
		assertThatIllegalArgumentException().isThrownBy(() -> LeaseTiming.requirePositiveMillis("ttl", null))
			.withMessage("ttl must be positive but was null");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LeaseTiming.requirePositiveMillis("ttl", Duration.ofNanos(1_500_000)))
			.withMessage("ttl must be a whole number of milliseconds but was PT0.0015S");
	}

	@Test
	void nonNegativeIntervalsAreWholeMillisecondsFromZero() {
		assertThat(LeaseTiming.requireNonNegativeMillis("skew", Duration.ZERO)).isZero();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LeaseTiming.requireNonNegativeMillis("skew", Duration.ofSeconds(-1)))
			.withMessage("skew must be zero or positive but was PT-1S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LeaseTiming.requireNonNegativeMillis("skew", Duration.ofNanos(1)))
			.withMessage("skew must be a whole number of milliseconds but was PT0.000000001S");
	}

	@Test
	void theTimingFollowsTheRule() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LeaseTiming(Duration.ofSeconds(10), Duration.ZERO, Duration.ZERO, Duration.ZERO))
			.withMessage("renew interval must be positive but was PT0S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LeaseTiming(Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofNanos(10),
					Duration.ZERO))
			.withMessage("max clock skew must be a whole number of milliseconds but was PT0.00000001S");
	}

	@Test
	void theReplicaLagLimitIsAtLeastOneWholeSecond() {
		assertThat(LeaseTiming.requireMaxReplicaLag(Duration.ofSeconds(1))).hasSeconds(1);
		assertThatIllegalArgumentException().isThrownBy(() -> LeaseTiming.requireMaxReplicaLag(Duration.ZERO))
			.withMessage("max replica lag must be a whole number of seconds, at least 1 s (Redis reports replica lag "
					+ "in seconds, and an idle, healthy replica reports lag 1 in about half of all samples) but was PT0S");
		assertThatIllegalArgumentException().isThrownBy(() -> LeaseTiming.replicaFailoverWindow(1, Duration.ZERO));
		assertThatIllegalArgumentException().isThrownBy(() -> LeaseTiming.requireMaxReplicaLag(Duration.ofMillis(1500)))
			.withMessageEndingWith("but was PT1.5S");
	}

	@Test
	void aFirstStartWaitsTheQuarantineTheSkewATickAndThreeCommandTimeoutsInWholeSeconds() {
		// Q = 10 + 2 x 1 + 2 x (1 + 0.3) = 14.6 s; + 1 s skew + 1 ms tick + 3 x 300 ms =
		// 16.501 s
		LeaseTiming defaults = new LeaseTiming(Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofSeconds(1),
				Duration.ZERO, Duration.ofMillis(300));
		assertThat(defaults.firstStartWait(Duration.ofMillis(1))).hasSeconds(17);
		assertThat(defaults.defaultStartupWaitBudget(Duration.ofMillis(1))).hasSeconds(30);
		// outage tolerance 26 s: Q = 30.6 s, above the 30 s that used to be the budget
		LeaseTiming longOutage = new LeaseTiming(Duration.ofSeconds(26), Duration.ofSeconds(1), Duration.ofSeconds(1),
				Duration.ZERO, Duration.ofMillis(300));
		assertThat(longOutage.quarantine()).isEqualTo(Duration.ofMillis(30_600));
		assertThat(longOutage.defaultStartupWaitBudget(Duration.ofMillis(1))).hasSeconds(33);
		assertThat(longOutage.requireStartupWaitBudget(Duration.ofSeconds(33), Duration.ofMillis(1))).hasSeconds(33);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> longOutage.requireStartupWaitBudget(Duration.ofSeconds(30), Duration.ofMillis(1)))
			.withMessage("startup wait budget PT30S is shorter than the PT33S a first start on an empty lease store "
					+ "may wait: the quarantine PT30.6S plus the max clock skew PT1S, one tick and 3 command timeouts, "
					+ "in whole seconds");
		// a longer tick: the whole tick around the clock must lie above the floor
		assertThat(longOutage.firstStartWait(Duration.ofSeconds(2))).hasSeconds(35);
	}

}
