package dev.snowflakeid.lease;

import java.nio.file.Path;

/** The state file holds something other than a high-water mark in milliseconds since 1970. */
public class StateFileCorruptException extends StateFileException {

	private static final long serialVersionUID = 1L;

	private static final int SHOWN = 40;

	public StateFileCorruptException(Path file, String content) {
		super(file, "worker state file " + file + " does not hold a high-water mark (milliseconds since 1970) but '"
				+ ((content.length() <= SHOWN) ? content : content.substring(0, SHOWN) + "...") + "'", null);
	}

}
