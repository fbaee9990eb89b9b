package dev.snowflakeid.publicid;

/**
 * A key ring that cannot make safe public IDs: empty, an identifier that is not a lowercase letter, a key
 * that is missing, too short, of a length AES does not take, a placeholder, or shared by two identifiers,
 * or an active key outside the ring. The message names the key by its identifier, never its bytes.
 */
public class InvalidPublicIdKeyException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final Character keyId;

	private final boolean activeKey;

	public InvalidPublicIdKeyException(Character keyId, boolean activeKey, String message) {
		super(message);
		this.keyId = keyId;
		this.activeKey = activeKey;
	}

	/** Identifier of the offending key, or {@code null} when the ring as a whole is at fault. */
	public Character keyId() {
		return this.keyId;
	}

	/** Whether the choice of the active key is at fault rather than a key itself. */
	public boolean activeKey() {
		return this.activeKey;
	}

}
