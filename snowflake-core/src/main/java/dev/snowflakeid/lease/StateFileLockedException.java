package dev.snowflakeid.lease;

import java.nio.file.Path;

/**
 * Another owner, in another process or in this JVM, holds the state file's lock: two owners of one file
 * would raise the same mark and issue the same IDs.
 */
public class StateFileLockedException extends StateFileException {

	private static final long serialVersionUID = 1L;

	private final String holder;

	public StateFileLockedException(Path file, Path lockFile, String holder) {
		super(file, "worker state file " + file + " is in use by " + holder + " (lock " + lockFile + ")", null);
		this.holder = holder;
	}

	/** Who holds the lock, such as {@code process 4711 (application 'orders', since ...)}. */
	public String holder() {
		return this.holder;
	}

}
