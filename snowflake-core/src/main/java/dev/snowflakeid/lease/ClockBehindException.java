package dev.snowflakeid.lease;

/**
 * At startup the wall clock lies further behind a worker code's floor (its high-water mark or
 * quarantine) than the startup wait budget allows: issuing now could repeat an earlier owner's IDs.
 */
public class ClockBehindException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	private final long behindMillis;

	public ClockBehindException(String message, long behindMillis) {
		super(message);
		this.behindMillis = behindMillis;
	}

	/** How far the clock was behind the floor, in milliseconds. */
	public long behindMillis() {
		return this.behindMillis;
	}

}
