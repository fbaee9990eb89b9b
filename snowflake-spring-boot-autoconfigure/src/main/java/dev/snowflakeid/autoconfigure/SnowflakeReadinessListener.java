package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.WorkerStatus;
import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.WorkerLeaseListener;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;

/**
 * Publishes {@link ReadinessState#REFUSING_TRAFFIC} when the generator cannot issue IDs (no lease, lease
 * expired or at its ceiling, clock behind, epoch over), and {@link ReadinessState#ACCEPTING_TRAFFIC} when
 * it recovers from a refusal it published. Evaluated on every lease event, that is at least once per
 * renew interval. It never declares readiness on its own: the application does that when it is ready.
 */
public final class SnowflakeReadinessListener implements WorkerLeaseListener {

	private static final System.Logger logger = System.getLogger(SnowflakeReadinessListener.class.getName());

	private final ObjectProvider<SnowflakeWorker> worker;

	private final ApplicationEventPublisher events;

	private volatile boolean refusing;

	SnowflakeReadinessListener(ObjectProvider<SnowflakeWorker> worker, ApplicationEventPublisher events) {
		this.worker = worker;
		this.events = events;
	}

	@Override
	public void onLeaseEvent(LeaseEvent event) {
		if (event.type() == LeaseEvent.Type.ACQUIRED) {
			// Startup: the worker is still being created and the application is not ready yet.
			return;
		}
		SnowflakeWorker current = this.worker.getIfAvailable();
		if (current == null) {
			return;
		}
		WorkerStatus status = current.status();
		if (!status.issuable() && !this.refusing) {
			this.refusing = true;
			logger.log(System.Logger.Level.WARNING, "Snowflake IDs cannot be issued: {0}; refusing traffic",
					status.reason());
			AvailabilityChangeEvent.publish(this.events, this, ReadinessState.REFUSING_TRAFFIC);
		}
		else if (status.issuable() && this.refusing) {
			this.refusing = false;
			logger.log(System.Logger.Level.INFO, "Snowflake IDs can be issued again; accepting traffic");
			AvailabilityChangeEvent.publish(this.events, this, ReadinessState.ACCEPTING_TRAFFIC);
		}
	}

	/** Whether this listener last published a refusal. */
	public boolean refusing() {
		return this.refusing;
	}

}
