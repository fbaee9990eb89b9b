package dev.snowflakeid.lease;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The state file cannot be read, or its directory cannot hold the lock file and the temporary file written
 * next to it (permissions, a read-only or missing mount, a directory where the file should be).
 */
public class StateFileAccessException extends StateFileException {

	private static final long serialVersionUID = 1L;

	public StateFileAccessException(Path file, String what, IOException cause) {
		super(file, what + ": " + cause, cause);
	}

}
