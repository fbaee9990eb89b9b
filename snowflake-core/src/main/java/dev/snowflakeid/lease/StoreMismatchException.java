package dev.snowflakeid.lease;

/**
 * The lease store was set up for a different layout or region than this worker's: sharing its codes
 * would let two layouts decode each other's IDs wrongly, or two regions claim one namespace.
 */
public class StoreMismatchException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	public StoreMismatchException(String message) {
		super(message);
	}

}
