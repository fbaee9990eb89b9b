package dev.snowflakeid.lease;

import java.nio.file.Path;

/**
 * The static allocator's state file cannot be used safely, found at startup before any ID is issued. Not
 * retried: unlike an unreachable lease store, waiting does not fix a file.
 */
public class StateFileException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	private final transient Path file;

	protected StateFileException(Path file, String message, Throwable cause) {
		super(message, cause);
		this.file = file;
	}

	/** The state file, absolute. */
	public Path file() {
		return this.file;
	}

}
