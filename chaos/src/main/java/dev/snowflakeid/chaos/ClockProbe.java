package dev.snowflakeid.chaos;

/**
 * Prints the wall clock and the monotonic clock as this JVM reads them; the orchestrator runs it under
 * libfaketime before a campaign to prove that a step written to the offset file reaches a JVM's wall clock
 * and leaves its monotonic clock alone.
 */
public final class ClockProbe {

	private ClockProbe() {
	}

	public static void main(String[] args) {
		System.out.println(System.currentTimeMillis() + " " + System.nanoTime());
	}

}
