package dev.snowflakeid.test.autoconfigure;

import java.time.Instant;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Test-only settings of the in-memory allocator.
 */
@ConfigurationProperties("snowflake.test")
public class SnowflakeTestProperties {

	/**
	 * Fixed instant every ID carries, for reproducible IDs; at most 2^sequence-bits IDs per context. Unset
	 * keeps the system clock.
	 */
	private Instant clock;

	public Instant getClock() {
		return this.clock;
	}

	public void setClock(Instant clock) {
		this.clock = clock;
	}

}
