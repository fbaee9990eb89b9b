package dev.snowflakeid.lease;

import java.nio.file.Path;

/**
 * The state file holds a number that no clock could have written: before 1970 or after 9999, where adding
 * the ceiling lead could overflow.
 */
public class StateFileOutOfRangeException extends StateFileException {

	private static final long serialVersionUID = 1L;

	private final long mark;

	public StateFileOutOfRangeException(Path file, long mark) {
		super(file, "worker state file " + file + " holds the high-water mark " + mark
				+ ", which is not a time between 1970 and 9999 in milliseconds", null);
		this.mark = mark;
	}

	/** The number found. */
	public long mark() {
		return this.mark;
	}

}
