package dev.snowflakeid.actuate;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SnowflakeHealthIndicatorTests {

	@Test
	void durationsInDetailsReadAsPeopleWriteThem() {
		assertThat(Durations.format(0)).isEqualTo("0ms");
		assertThat(Durations.format(640)).isEqualTo("640ms");
		assertThat(Durations.format(8_912)).isEqualTo("8.912s");
		assertThat(Durations.format(60_000)).isEqualTo("1m 00s");
		assertThat(Durations.format(245_999)).isEqualTo("4m 05s");
		assertThat(Durations.format(3 * 3_600_000L + 12 * 60_000L + 59_999)).isEqualTo("3h 12m");
		assertThat(Durations.format(2 * 86_400_000L + 5 * 3_600_000L)).isEqualTo("2d 5h");
		assertThat(Durations.format((69L * 365 + 112) * 86_400_000L + 1)).isEqualTo("69y 112d");
		assertThat(Durations.format(-1_500)).isEqualTo("-1.500s");
	}

}
