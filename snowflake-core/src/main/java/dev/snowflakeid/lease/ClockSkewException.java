package dev.snowflakeid.lease;

/** The worker's wall clock and the lease store's clock disagree by more than the allowed skew. */
public class ClockSkewException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	private final long skewMillis;

	public ClockSkewException(String message, long skewMillis) {
		super(message);
		this.skewMillis = skewMillis;
	}

	/** Worker clock minus store clock, in milliseconds. */
	public long skewMillis() {
		return this.skewMillis;
	}

}
