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

	/**
	 * How far the clock had yet to advance before a whole tick of the generator lay above the floor, in
	 * milliseconds: with a one-millisecond tick, how far it was behind the floor, plus one.
	 */
	public long behindMillis() {
		return this.behindMillis;
	}

}
