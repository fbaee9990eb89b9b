package dev.snowflakeid.publicid;

/**
 * Something uses {@link dev.snowflakeid.PublicId} while no public-ID key ring is configured.
 */
public class MissingPublicIdKeyRingException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String user;

	public MissingPublicIdKeyRingException(String user) {
		super(user + ", but no public-ID key ring is configured");
		this.user = user;
	}

	/** What needs the key ring, such as a controller method and its parameter. */
	public String user() {
		return this.user;
	}

}
