package dev.snowflakeid.actuate;

import java.util.List;
import java.util.Locale;

import dev.snowflakeid.IdGenerationException.Reason;

/**
 * Keys shared by the endpoint and the meters, kept apart from both so that neither needs the other's
 * library on the classpath.
 */
final class StatisticKeys {

	/** Causes of the waits the generator counts. */
	static final List<Reason> WAIT_REASONS = List.of(Reason.CLOCK_MOVED_BACKWARDS, Reason.SEQUENCE_EXHAUSTED);

	private StatisticKeys() {
	}

	/** Tag value and JSON key of an enum constant: lower case, as in {@code lease_unavailable}. */
	static String of(Enum<?> constant) {
		return constant.name().toLowerCase(Locale.ROOT);
	}

}
