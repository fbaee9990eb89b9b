package dev.snowflakeid.lease;

/**
 * One immutable grant of a worker code, as the generator sees it. The generator issues an ID in tick
 * {@code t} only when the whole tick lies in {@code (floorMillis, ceilingMillis]} and, for an expiring
 * lease, the monotonic clock has not reached {@code deadlineNanos}.
 *
 * <p>The floor lies at or above every timestamp an earlier owner of the code could have used; the
 * ceiling has been persisted (in the lease store's high-water mark) before this snapshot was
 * published, so the next owner starts above it. Together they keep successive owners' timestamp ranges
 * disjoint whatever their clocks or pauses do.
 *
 * @param workerCode worker code within the region
 * @param generation fencing generation of this grant; 0 for a fixed code
 * @param floorMillis Unix-epoch millisecond that every issued tick must start after
 * @param ceilingMillis last Unix-epoch millisecond an issued tick may reach
 * @param deadlineNanos monotonic-clock instant at which the lease stops being valid locally
 * @param expiring whether {@code deadlineNanos} applies
 */
public record WorkerLease(int workerCode, long generation, long floorMillis, long ceilingMillis, long deadlineNanos,
		boolean expiring) {

	public WorkerLease {
		if (workerCode < 0) {
			throw new IllegalArgumentException("worker code " + workerCode + " is negative");
		}
		if (ceilingMillis <= floorMillis) {
			throw new IllegalArgumentException(
					"ceiling " + ceilingMillis + " must lie above floor " + floorMillis + " for worker code " + workerCode);
		}
	}

	/**
	 * A code held for good, with no floor, ceiling or deadline: the operator guarantees that no other
	 * process uses it and that clocks never re-enter a used range across restarts.
	 */
	public static WorkerLease fixed(int workerCode) {
		return new WorkerLease(workerCode, 0, Long.MIN_VALUE, Long.MAX_VALUE, 0, false);
	}

	/** A code held without expiry but bounded by a persisted floor and ceiling. */
	public static WorkerLease bounded(int workerCode, long floorMillis, long ceilingMillis) {
		return new WorkerLease(workerCode, 0, floorMillis, ceilingMillis, 0, false);
	}

	/** A code leased until {@code deadlineNanos} on the monotonic clock. */
	public static WorkerLease leased(int workerCode, long generation, long floorMillis, long ceilingMillis,
			long deadlineNanos) {
		return new WorkerLease(workerCode, generation, floorMillis, ceilingMillis, deadlineNanos, true);
	}

	/** Same grant with a raised ceiling and a new local deadline, after a successful renewal. */
	public WorkerLease renewed(long newCeilingMillis, long newDeadlineNanos) {
		return new WorkerLease(this.workerCode, this.generation, this.floorMillis,
				Math.max(this.ceilingMillis, newCeilingMillis), newDeadlineNanos, this.expiring);
	}

	/** Whether the local deadline has passed at monotonic instant {@code nowNanos}. */
	public boolean expiredAt(long nowNanos) {
		return this.expiring && nowNanos - this.deadlineNanos >= 0;
	}

}
