package dev.snowflakeid.persistence;

import dev.snowflakeid.IdGenerator;

/**
 * Thrown when an attribute annotated with {@link GeneratedSnowflakeId} needs an {@link IdGenerator} bean and
 * the application context has none, or more than one without a primary.
 */
public class MissingIdGeneratorException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final String attribute;

	private final String reason;

	/**
	 * Creates an exception.
	 * @param attribute the annotated attribute, as {@code EntityClass.attribute}
	 * @param reason why no generator could be had
	 */
	public MissingIdGeneratorException(String attribute, String reason) {
		super("Cannot assign @GeneratedSnowflakeId " + attribute + ": " + reason);
		this.attribute = attribute;
		this.reason = reason;
	}

	/**
	 * Annotated attribute, as {@code EntityClass.attribute}.
	 */
	public String getAttribute() {
		return this.attribute;
	}

	/**
	 * Why no generator could be had.
	 */
	public String getReason() {
		return this.reason;
	}

}
