package dev.snowflakeid.lease;

/** Every worker code of the region is held by a live owner. */
public class NoFreeWorkerCodeException extends WorkerLeaseException {

	private static final long serialVersionUID = 1L;

	private final int region;

	private final int codes;

	public NoFreeWorkerCodeException(int region, int codes) {
		super("no free worker code in region " + region + ": all " + codes + " codes are leased");
		this.region = region;
		this.codes = codes;
	}

	public int region() {
		return this.region;
	}

	/** Worker codes in the region. */
	public int codes() {
		return this.codes;
	}

}
