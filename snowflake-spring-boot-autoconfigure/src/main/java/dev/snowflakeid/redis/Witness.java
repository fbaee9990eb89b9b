package dev.snowflakeid.redis;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Values of a region's witness key: 128 random bits per request, so that no copy of the state taken earlier
 * (in this database or another, before or after a loss of the witness) records the value the witness holds
 * now. A counter would not do: it starts again from the same values once the witness is lost.
 */
final class Witness {

	private static final SecureRandom random = new SecureRandom();

	private Witness() {
	}

	static String next() {
		byte[] bytes = new byte[16];
		random.nextBytes(bytes);
		return HexFormat.of().formatHex(bytes);
	}

}
