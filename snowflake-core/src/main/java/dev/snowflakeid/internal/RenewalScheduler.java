package dev.snowflakeid.internal;

/**
 * Runs the keeper's renewal rounds. The default runs them on one daemon thread; a deterministic
 * simulation runs them at simulated instants instead.
 */
@FunctionalInterface
public interface RenewalScheduler {

	/**
	 * Runs {@code round} after {@code firstDelayNanos}, then repeatedly with {@code periodNanos} between the
	 * end of one round and the start of the next, until the returned handle is closed.
	 */
	AutoCloseable schedule(Runnable round, long firstDelayNanos, long periodNanos);

}
