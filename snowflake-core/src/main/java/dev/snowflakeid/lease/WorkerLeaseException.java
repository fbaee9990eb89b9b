package dev.snowflakeid.lease;

/** A worker code could not be obtained or kept safely. */
public class WorkerLeaseException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	public WorkerLeaseException(String message) {
		super(message);
	}

	public WorkerLeaseException(String message, Throwable cause) {
		super(message, cause);
	}

}
