package dev.snowflakeid.publicid;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reversible, keyed mapping between an internal ID (1 to {@link Long#MAX_VALUE}) and its public form: a
 * string of {@value #LENGTH} URL-safe characters that reveals neither the creation time, the region, the
 * worker, the order of the ID nor how many IDs lie between two of them.
 *
 * <p><b>Format.</b> One key identifier (a lowercase letter {@code a-z}), then 11 characters from
 * {@code 0-9A-Za-z}. The 11 characters are the NIST SP 800-38G FF1 encryption (Bouncy Castle's
 * {@code FPEFF1Engine} over AES, radix 62, empty tweak) of the ID written as 11 base-62 digits. Since
 * 62^11 &gt; 2^63, every ID fits, so no cycle-walking is needed; FF1 is a permutation of all 62^11 digit
 * strings, so every ID has exactly one public form per key, and distinct IDs have distinct forms. About
 * one random 11-character string in six decodes to some ID; the others decode to nothing and are rejected.
 * The key identifier is a letter, so a public ID is never all digits and cannot be mistaken for an internal
 * ID written in decimal.
 *
 * <p><b>Keys.</b> A key ring maps identifiers to AES keys of 16, 24 or 32 bytes; one of them, the active
 * key, makes new public IDs, and strings made under any key in the ring decode. Removing a key from the
 * ring makes every string made under it undecodable; giving an identifier a different key makes them decode
 * to different IDs. Key bytes never appear in {@link #toString()}, exceptions or logs.
 *
 * <p><b>What it is not.</b> Knowing a public ID grants nothing: it is not a credential and not an access
 * check. Anyone who learns a key can decode every string made under it.
 *
 * <p>Instances are immutable and thread-safe; the FF1 engines, which are not, are pooled per key.
 */
public final class PublicIds {

	/** Length of every public ID: one key identifier and 11 encrypted digits. */
	public static final int LENGTH = 12;

	/** Accepted AES key lengths in bytes; 32 recommended. */
	static final int[] KEY_LENGTHS = { 16, 24, 32 };

	static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

	static final int RADIX = 62;

	static final int DIGITS = LENGTH - 1;

	private static final byte[] NO_TWEAK = new byte[0];

	private static final byte[] DIGIT_VALUES = new byte[128];

	static {
		Arrays.fill(DIGIT_VALUES, (byte) -1);
		for (int i = 0; i < ALPHABET.length(); i++) {
			DIGIT_VALUES[ALPHABET.charAt(i)] = (byte) i;
		}
	}

	private final Ff1[] ciphers = new Ff1['z' - 'a' + 1];

	private final char activeKeyId;

	private final Ff1 active;

	/**
	 * Creates a codec over a key ring.
	 * @param keys AES keys (16, 24 or 32 random bytes) by identifier, a lowercase letter {@code a-z}; the
	 * arrays are copied
	 * @param activeKeyId identifier of the key that encodes new public IDs; must be in {@code keys}
	 * @throws InvalidPublicIdKeyException if the ring is empty, an identifier is not a lowercase letter, a
	 * key is missing, short, of another length or a placeholder (all bytes equal), two identifiers share one
	 * key, or the active key is not in the ring; the message never contains key material
	 */
	public PublicIds(Map<Character, byte[]> keys, char activeKeyId) {
		Objects.requireNonNull(keys, "keys");
		if (keys.isEmpty()) {
			throw new InvalidPublicIdKeyException(null, false, "the key ring is empty");
		}
		for (Map.Entry<Character, byte[]> entry : keys.entrySet()) {
			char id = entry.getKey();
			checkKey(id, entry.getValue());
			for (Map.Entry<Character, byte[]> other : keys.entrySet()) {
				if (other.getKey() < id && Arrays.equals(other.getValue(), entry.getValue())) {
					throw new InvalidPublicIdKeyException(id, false,
							"keys '" + other.getKey() + "' and '" + id + "' are the same key");
				}
			}
		}
		if (!keys.containsKey(activeKeyId)) {
			throw new InvalidPublicIdKeyException(activeKeyId, true,
					"active key '" + activeKeyId + "' is not in the key ring " + new TreeSet<>(keys.keySet()));
		}
		keys.forEach((id, key) -> this.ciphers[id - 'a'] = new Ff1(key, RADIX, NO_TWEAK));
		this.activeKeyId = activeKeyId;
		this.active = this.ciphers[activeKeyId - 'a'];
	}

	/**
	 * Whether {@code c} may identify a key: a lowercase ASCII letter.
	 */
	public static boolean isKeyId(char c) {
		return c >= 'a' && c <= 'z';
	}

	private static void checkKey(char id, byte[] key) {
		if (!isKeyId(id)) {
			throw new InvalidPublicIdKeyException(id, false,
					"key identifier '" + id + "' is not a lowercase letter a-z");
		}
		if (key == null || key.length == 0) {
			throw new InvalidPublicIdKeyException(id, false, "key '" + id + "' is missing");
		}
		if (key.length < KEY_LENGTHS[0]) {
			throw new InvalidPublicIdKeyException(id, false, "key '" + id + "' is too short: " + key.length
					+ " bytes, at least " + KEY_LENGTHS[0] + " needed");
		}
		if (Arrays.stream(KEY_LENGTHS).noneMatch((length) -> length == key.length)) {
			throw new InvalidPublicIdKeyException(id, false,
					"key '" + id + "' is " + key.length + " bytes; AES keys are 16, 24 or 32 bytes");
		}
		boolean allEqual = true;
		for (byte b : key) {
			allEqual &= (b == key[0]);
		}
		if (allEqual) {
			throw new InvalidPublicIdKeyException(id, false,
					"key '" + id + "' has all bytes equal: a placeholder, not a random key");
		}
	}

	/**
	 * Public form of {@code id} under the active key.
	 * @throws IllegalArgumentException if {@code id} is 0 or negative (not an ID)
	 */
	public String encode(long id) {
		if (id <= 0) {
			throw new IllegalArgumentException("only IDs from 1 to " + Long.MAX_VALUE + " have a public form");
		}
		byte[] digits = new byte[DIGITS];
		long rest = id;
		for (int i = DIGITS - 1; i >= 0; i--) {
			digits[i] = (byte) (rest % RADIX);
			rest /= RADIX;
		}
		this.active.encrypt(digits);
		char[] text = new char[LENGTH];
		text[0] = this.activeKeyId;
		for (int i = 0; i < DIGITS; i++) {
			text[i + 1] = ALPHABET.charAt(digits[i]);
		}
		return new String(text);
	}

	/**
	 * Internal ID of a public ID made under any key in the ring.
	 * @throws InvalidPublicIdException if {@code publicId} is {@code null}, not {@value #LENGTH} characters
	 * long, names a key that is not in the ring, holds a character outside {@code 0-9A-Za-z}, or does not
	 * decode to an ID from 1 to {@link Long#MAX_VALUE}
	 */
	public long decode(String publicId) {
		if (publicId == null || publicId.length() != LENGTH) {
			throw new InvalidPublicIdException(InvalidPublicIdException.Reason.LENGTH);
		}
		char keyId = publicId.charAt(0);
		Ff1 cipher = isKeyId(keyId) ? this.ciphers[keyId - 'a'] : null;
		if (cipher == null) {
			throw new InvalidPublicIdException(InvalidPublicIdException.Reason.UNKNOWN_KEY);
		}
		byte[] digits = new byte[DIGITS];
		for (int i = 0; i < DIGITS; i++) {
			char c = publicId.charAt(i + 1);
			int value = (c < DIGIT_VALUES.length) ? DIGIT_VALUES[c] : -1;
			if (value < 0) {
				throw new InvalidPublicIdException(InvalidPublicIdException.Reason.CHARACTER);
			}
			digits[i] = (byte) value;
		}
		cipher.decrypt(digits);
		long id = 0;
		for (byte digit : digits) {
			if (id > (Long.MAX_VALUE - digit) / RADIX) {
				throw new InvalidPublicIdException(InvalidPublicIdException.Reason.NOT_AN_ID);
			}
			id = id * RADIX + digit;
		}
		if (id == 0) {
			throw new InvalidPublicIdException(InvalidPublicIdException.Reason.NOT_AN_ID);
		}
		return id;
	}

	/**
	 * Identifier of the key that encodes new public IDs.
	 */
	public char activeKeyId() {
		return this.activeKeyId;
	}

	/**
	 * Identifiers of every key in the ring, in alphabetical order.
	 */
	public Set<Character> keyIds() {
		Set<Character> ids = new TreeSet<>();
		for (int i = 0; i < this.ciphers.length; i++) {
			if (this.ciphers[i] != null) {
				ids.add((char) ('a' + i));
			}
		}
		return ids;
	}

	/** Key identifiers only; never key material. */
	@Override
	public String toString() {
		return "PublicIds[activeKey=" + this.activeKeyId + ", keys=" + keyIds() + "]";
	}

}
