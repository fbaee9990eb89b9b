package dev.snowflakeid;

/**
 * Thrown when a {@link SnowflakeLayout} cannot produce correct IDs, before any ID is issued.
 * {@link #parameter()} names the offending layout parameter so that callers such as a Spring Boot
 * failure analyzer can point at the exact setting to change.
 */
public final class InvalidLayoutException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String parameter;

	public InvalidLayoutException(String parameter, String message) {
		super(message);
		this.parameter = parameter;
	}

	/**
	 * Name of the layout parameter at fault: one of {@code timestampBits}, {@code regionBits},
	 * {@code workerBits}, {@code sequenceBits}, {@code bitWidths} (their sum), {@code tick},
	 * {@code epoch} or {@code requiredLifetime}.
	 */
	public String parameter() {
		return this.parameter;
	}

}
