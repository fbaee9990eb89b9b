package dev.snowflakeid.lease;

import java.nio.file.Path;

/** The state file does not exist and is required to: a fresh start would forget the code's high-water mark. */
public class StateFileMissingException extends StateFileException {

	private static final long serialVersionUID = 1L;

	public StateFileMissingException(Path file, int workerCode) {
		super(file, "worker state file " + file + " of worker code " + workerCode + " does not exist", null);
	}

}
