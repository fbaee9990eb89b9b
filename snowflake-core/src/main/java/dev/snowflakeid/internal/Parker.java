package dev.snowflakeid.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * How the generator parks the calling thread while it waits for a tick (it spins only for a bounded moment
 * around the expected tick boundary, see {@code TickWaiter}). Tests inject one that advances a fake clock
 * instead of sleeping.
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
