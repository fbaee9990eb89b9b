package dev.snowflakeid.lease;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The rule of lease intervals: whole milliseconds, above zero or at least zero, each failure naming the setting. */
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

}
