package dev.snowflakeid.lease;

/**
 * Where the generator reads its current worker lease. Implementations publish each new grant as one
 * immutable {@link WorkerLease} through a single volatile reference: {@link #currentLease()} is called
 * for every ID and must not block, allocate or do I/O.
 */
@FunctionalInterface
public interface WorkerLeaseSource {

	/** The lease in force, or {@code null} while none is held. */
	WorkerLease currentLease();

	/** A source that always returns the same lease. */
	static WorkerLeaseSource of(WorkerLease lease) {
		return () -> lease;
	}

}
