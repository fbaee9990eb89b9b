/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.publicid;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import dev.snowflakeid.publicid.Workspaces.Workspace;

/**
 * Reversible, keyed mapping between an internal ID (1 to {@link Long#MAX_VALUE}) and its
 * public form: a string of {@value #LENGTH} URL-safe characters that reveals neither the
 * creation time, the region, the worker, the order of the ID nor how many IDs lie between
 * two of them.
 *
 * <p>
 * <b>Format.</b> One key identifier (a lowercase letter {@code a-z}), then 11 characters
 * from {@code 0-9A-Za-z}. The 11 characters are the NIST SP 800-38G FF1 encryption (AES,
 * radix 62, empty tweak) of the ID written as 11 base-62 digits, computed by this
 * package's {@code Ff1}, an FF1 for numeral strings whose halves fit in a {@code long},
 * on the JDK's AES; its output is that of Bouncy Castle's {@code FPEFF1Engine}, which the
 * tests hold it to. Since 62^11 &gt; 2^63, every ID fits, so no cycle-walking is needed;
 * FF1 is a permutation of all 62^11 digit strings, so every ID has exactly one public
 * form per key, and distinct IDs have distinct forms. About one random 11-character
 * string in six decodes to some ID; the others decode to nothing and are rejected. The
 * key identifier is a letter, so a public ID is never all digits and cannot be mistaken
 * for an internal ID written in decimal.
 *
 * <p>
 * <b>Keys.</b> A key ring maps identifiers to AES keys of 16, 24 or 32 bytes; one of
 * them, the active key, makes new public IDs, and strings made under any key in the ring
 * decode. Removing a key from the ring makes every string made under it undecodable;
 * giving an identifier a different key makes them decode to different IDs. Key bytes
 * never appear in {@link #toString()}, exceptions or logs.
 *
 * <p>
 * <b>What it is not.</b> Knowing a public ID grants nothing: it is not a credential and
 * not an access check. Anyone who learns a key can decode every string made under it.
 *
 * <p>
 * Instances are immutable and thread-safe. {@link #encode} and {@link #decode} cost ten
 * AES blocks each and allocate nothing but the returned string (see {@code Workspaces}).
 */
public final class PublicIds {

	/** Length of every public ID: one key identifier and 11 encrypted digits. */
	public static final int LENGTH = 12;

	/** Accepted AES key lengths in bytes; 32 recommended. */
	static final int[] KEY_LENGTHS = { 16, 24, 32 };

	static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

	static final int RADIX = 62;

	static final int DIGITS = LENGTH - 1;

	/**
	 * Digits of FF1's first half {@code A} ({@code u = floor(n/2)}); the other 6 are
	 * {@code B}.
	 */
	static final int DIGITS_A = DIGITS / 2;

	static final int DIGITS_B = DIGITS - DIGITS_A;

	/** {@code 62^6}: an ID is {@code NUM(A) * 62^6 + NUM(B)}. */
	private static final long MODULUS_B = 62L * 62 * 62 * 62 * 62 * 62;

	private static final byte[] NO_TWEAK = new byte[0];

	private static final byte[] DIGIT_VALUES = new byte[128];

	private static final byte[] DIGIT_CHARACTERS = ALPHABET.getBytes(StandardCharsets.US_ASCII);

	static {
		Arrays.fill(DIGIT_VALUES, (byte) -1);
		for (int i = 0; i < ALPHABET.length(); i++) {
			DIGIT_VALUES[ALPHABET.charAt(i)] = (byte) i;
		}
	}

	private final Ff1[] ciphers = new Ff1['z' - 'a' + 1];

	private final Workspaces workspaces;

	private final char activeKeyId;

	private final int activeKey;

	/**
	 * Creates a codec over a key ring.
	 * @param keys AES keys (16, 24 or 32 random bytes) by identifier, a lowercase letter
	 * {@code a-z}; the arrays are copied
	 * @param activeKeyId identifier of the key that encodes new public IDs; must be in
	 * {@code keys}
	 * @throws InvalidPublicIdKeyException if the ring is empty, an identifier is not a
	 * lowercase letter, a key is missing, short, of another length or a placeholder (all
	 * bytes equal), two identifiers share one key, or the active key is not in the ring;
	 * the message never contains key material
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
		keys.forEach((id, key) -> this.ciphers[id - 'a'] = new Ff1(key, RADIX, DIGITS, NO_TWEAK));
		this.workspaces = new Workspaces(this.ciphers, LENGTH);
		this.activeKeyId = activeKeyId;
		this.activeKey = activeKeyId - 'a';
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
			throw new InvalidPublicIdKeyException(id, false,
					"key '" + id + "' is too short: " + key.length + " bytes, at least " + KEY_LENGTHS[0] + " needed");
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
		Workspace workspace = this.workspaces.acquire();
		try {
			Ff1.Engine engine = workspace.engine(this.activeKey);
			engine.encrypt(id / MODULUS_B, id % MODULUS_B);
			byte[] text = workspace.text;
			text[0] = (byte) this.activeKeyId;
			writeDigits(engine.numA(), text, 1, DIGITS_A);
			writeDigits(engine.numB(), text, 1 + DIGITS_A, DIGITS_B);
			return new String(text, 0, LENGTH, StandardCharsets.ISO_8859_1);
		}
		finally {
			this.workspaces.release(workspace);
		}
	}

	private static void writeDigits(long value, byte[] text, int offset, int count) {
		long rest = value;
		for (int i = offset + count - 1; i >= offset; i--) {
			text[i] = DIGIT_CHARACTERS[(int) (rest % RADIX)];
			rest /= RADIX;
		}
	}

	/**
	 * Internal ID of a public ID made under any key in the ring.
	 * @throws InvalidPublicIdException if {@code publicId} is {@code null}, not
	 * {@value #LENGTH} characters long, names a key that is not in the ring, holds a
	 * character outside {@code 0-9A-Za-z}, or does not decode to an ID from 1 to
	 * {@link Long#MAX_VALUE}
	 */
	public long decode(String publicId) {
		if (publicId == null || publicId.length() != LENGTH) {
			throw new InvalidPublicIdException(InvalidPublicIdException.Reason.LENGTH);
		}
		char keyId = publicId.charAt(0);
		if (!isKeyId(keyId) || this.ciphers[keyId - 'a'] == null) {
			throw new InvalidPublicIdException(InvalidPublicIdException.Reason.UNKNOWN_KEY);
		}
		long numA = readDigits(publicId, 1, DIGITS_A);
		long numB = readDigits(publicId, 1 + DIGITS_A, DIGITS_B);
		if (numA < 0 || numB < 0) {
			throw new InvalidPublicIdException(InvalidPublicIdException.Reason.CHARACTER);
		}
		Workspace workspace = this.workspaces.acquire();
		try {
			Ff1.Engine engine = workspace.engine(keyId - 'a');
			engine.decrypt(numA, numB);
			numA = engine.numA();
			numB = engine.numB();
		}
		finally {
			this.workspaces.release(workspace);
		}
		if (numA > (Long.MAX_VALUE - numB) / MODULUS_B || (numA == 0 && numB == 0)) {
			throw new InvalidPublicIdException(InvalidPublicIdException.Reason.NOT_AN_ID);
		}
		return numA * MODULUS_B + numB;
	}

	/**
	 * Value of {@code count} base-62 digits from {@code offset}, or -1 if a character is
	 * not a digit.
	 */
	private static long readDigits(String text, int offset, int count) {
		long value = 0;
		for (int i = offset; i < offset + count; i++) {
			char c = text.charAt(i);
			int digit = (c < DIGIT_VALUES.length) ? DIGIT_VALUES[c] : -1;
			if (digit < 0) {
				return -1;
			}
			value = value * RADIX + digit;
		}
		return value;
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
