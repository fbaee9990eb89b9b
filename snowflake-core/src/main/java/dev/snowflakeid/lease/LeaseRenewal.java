package dev.snowflakeid.lease;

/**
 * Answer of {@link WorkerLeaseStore#renew(LeaseGrant)}.
 *
 * @param status whether the lease is still held
 * @param ceilingMillis the raised ceiling, already persisted as the code's high-water mark; only
 * meaningful when {@link Status#RENEWED}
 * @param storeTimeMillis the store's clock when it answered
 */
public record LeaseRenewal(Status status, long ceilingMillis, long storeTimeMillis) {

	public static LeaseRenewal renewed(long ceilingMillis, long storeTimeMillis) {
		return new LeaseRenewal(Status.RENEWED, ceilingMillis, storeTimeMillis);
	}

	public static LeaseRenewal expired(long storeTimeMillis) {
		return new LeaseRenewal(Status.EXPIRED, Long.MIN_VALUE, storeTimeMillis);
	}

	public static LeaseRenewal fenced(long storeTimeMillis) {
		return new LeaseRenewal(Status.FENCED, Long.MIN_VALUE, storeTimeMillis);
	}

	/** Outcome of a renewal. */
	public enum Status {

		/** Still the owner; the ceiling may have risen. */
		RENEWED,

		/** The lease is gone (expired or wiped); it is never resurrected, the code must be claimed anew. */
		EXPIRED,

		/** Another owner holds the code now. */
		FENCED

	}

}
