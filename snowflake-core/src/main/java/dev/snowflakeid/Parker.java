package dev.snowflakeid;

import java.util.concurrent.locks.LockSupport;

/**
 * How the generator waits for a tick: by parking the calling thread, never by spinning. Tests inject
 * one that advances a fake clock instead of sleeping.
 */
@FunctionalInterface
public interface Parker {

	/** Parks for about {@code nanos} nanoseconds; may return early. */
	void park(long nanos);

	/** {@link LockSupport#parkNanos(long)}. */
	static Parker system() {
		return LockSupport::parkNanos;
	}

}
