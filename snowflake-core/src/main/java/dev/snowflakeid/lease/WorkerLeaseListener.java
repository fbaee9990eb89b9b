package dev.snowflakeid.lease;

/**
 * Observes a {@link WorkerLeaseKeeper}, for health, readiness, metrics and logs. Called on the keeper's
 * thread: implementations must be quick and must not throw.
 */
@FunctionalInterface
public interface WorkerLeaseListener {

	void onLeaseEvent(LeaseEvent event);

}
