package dev.snowflakeid.testsupport;

import java.time.Duration;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;

/**
 * Awaitility set up for conditions whose timing a test measures: the first check at once, then every
 * 10 ms (Awaitility's defaults wait 100 ms before the first check), on the calling thread (so thread-local
 * state of the code under test stays with the test). Exceptions thrown by the condition fail the wait at
 * once, as any assertion would.
 */
public final class Polling {

	private static final Duration INTERVAL = Duration.ofMillis(10);

	private Polling() {
	}

	/** Waits up to {@code atMost} until the condition given to {@code until} holds; {@code what} names it on timeout. */
	public static ConditionFactory await(String what, Duration atMost) {
		return Awaitility.await(what).atMost(atMost).pollInSameThread().pollDelay(Duration.ZERO).pollInterval(INTERVAL);
	}

}
