package dev.snowflakeid.lease;

/** The lease store could not be reached, or did not answer within its command timeout. */
public class LeaseStoreUnavailableException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	public LeaseStoreUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
