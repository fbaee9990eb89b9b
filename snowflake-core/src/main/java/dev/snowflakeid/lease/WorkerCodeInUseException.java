package dev.snowflakeid.lease;

/**
 * A static worker code is already used in this JVM within the same uniqueness domain: two generators with
 * one code would issue the same IDs.
 */
public class WorkerCodeInUseException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	private final transient UniquenessDomain domain;

	private final String holder;

	public WorkerCodeInUseException(UniquenessDomain domain, String holder) {
		super(domain + ": already held in this JVM by " + holder);
		this.domain = domain;
		this.holder = holder;
	}

	/** The domain both owners would share. */
	public UniquenessDomain domain() {
		return this.domain;
	}

	/** The first owner. */
	public String holder() {
		return this.holder;
	}

}
