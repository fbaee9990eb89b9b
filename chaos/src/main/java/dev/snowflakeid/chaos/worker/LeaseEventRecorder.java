package dev.snowflakeid.chaos.worker;

import dev.snowflakeid.chaos.IdLog;
import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseListener;

/**
 * Writes every lease change of the worker into its {@link IdLog}, so the checker can match each ID's
 * worker code and timestamp against a lease the process held. The only class of the campaign that reads
 * the lease API: when that API changes, this is the one place to follow it.
 */
final class LeaseEventRecorder implements WorkerLeaseListener {

	private final IdLog.Writer log;

	LeaseEventRecorder(IdLog.Writer log) {
		this.log = log;
	}

	@Override
	public void onLeaseEvent(LeaseEvent event) {
		WorkerLease lease = event.lease();
		String name = (event.lossReason() != null) ? event.type() + ":" + event.lossReason() : event.type().name();
		if (lease == null) {
			this.log.lease(new IdLog.Lease(name, -1, 0, 0, 0));
		}
		else {
			this.log.lease(new IdLog.Lease(name, lease.workerCode(), lease.generation(), lease.floorMillis(),
					lease.ceilingMillis()));
		}
	}

}
