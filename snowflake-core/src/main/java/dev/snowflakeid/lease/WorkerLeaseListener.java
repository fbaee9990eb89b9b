package dev.snowflakeid.lease;

/**
 * Observes a {@link WorkerLeaseKeeper}, for health, readiness, metrics and logs. Called on the keeper's
 * listener executor (by default a daemon thread of its own), one event at a time and in order, never on a
 * renewal round: a slow listener delays only later events, and what a listener throws is logged and
 * ends nothing.
 */
@FunctionalInterface
public interface WorkerLeaseListener {

	void onLeaseEvent(LeaseEvent event);

}
