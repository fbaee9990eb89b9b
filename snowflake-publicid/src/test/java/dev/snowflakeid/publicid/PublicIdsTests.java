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

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import dev.snowflakeid.publicid.InvalidPublicIdException.Reason;
import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.bouncycastle.crypto.params.FPEParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PublicIdsTests {

	/** An ID of the default layout: 2026-11-30, region 1, worker 17, sequence 0. */
	private static final long SNOWFLAKE_ID = (29_000_000_000L << 22) | (1L << 20) | (17L << 12);

	/** Digit values by character, -1 outside the alphabet. */
	private static final int[] DIGIT_VALUES = new int[128];

	static {
		Arrays.fill(DIGIT_VALUES, -1);
		for (int i = 0; i < PublicIds.ALPHABET.length(); i++) {
			DIGIT_VALUES[PublicIds.ALPHABET.charAt(i)] = i;
		}
	}

	static byte[] key(long seed) {
		byte[] key = new byte[32];
		new SplittableRandom(seed).nextBytes(key);
		return key;
	}

	static PublicIds ring(char active, char... ids) {
		Map<Character, byte[]> keys = new LinkedHashMap<>();
		for (char id : ids) {
			keys.put(id, key(id));
		}
		return new PublicIds(keys, active);
	}

	private final PublicIds publicIds = ring('a', 'a');

	@Test
	void publicIdIsTwelveUrlSafeCharactersStartingWithTheKeyIdentifier() {
		for (long id : new long[] { 1, 2, 61, 62, SNOWFLAKE_ID, Long.MAX_VALUE - 1, Long.MAX_VALUE }) {
			String text = this.publicIds.encode(id);
			assertThat(text).hasSize(PublicIds.LENGTH).matches("a[0-9A-Za-z]{11}");
			assertThat(this.publicIds.decode(text)).isEqualTo(id);
		}
	}

	@Test
	void encodingIsDeterministicPerKey() {
		assertThat(ring('a', 'a').encode(SNOWFLAKE_ID)).isEqualTo(this.publicIds.encode(SNOWFLAKE_ID));
		Map<Character, byte[]> other = Map.of('a', key(99));
		assertThat(new PublicIds(other, 'a').encode(SNOWFLAKE_ID)).isNotEqualTo(this.publicIds.encode(SNOWFLAKE_ID));
	}

	@ParameterizedTest
	@ValueSource(longs = { 0, -1, Long.MIN_VALUE })
	void onlyIdsHaveAPublicForm(long notAnId) {
		assertThatIllegalArgumentException().isThrownBy(() -> this.publicIds.encode(notAnId))
			.withMessage("only IDs from 1 to 9223372036854775807 have a public form");
	}

	/**
	 * Ten million IDs, each encoded and decoded back to itself, on every core: the 2.5
	 * million smallest, 2.5 million consecutive Snowflake IDs, the 2.5 million largest,
	 * and 2.5 million spread over the whole range (multiples of an odd constant modulo
	 * 2^63). Distinctness is checked directly too: the public forms, reduced to 64 bits
	 * (the 11 digits as a base-62 number modulo 2^64), are sorted and found all
	 * different, and distinct reductions mean distinct strings. 80 MB of longs.
	 */
	@Test
	void roundTripAndDistinctnessOverTenMillionIds() {
		int perRange = 2_500_000;
		long[] reduced = new long[4 * perRange];
		IntStream.range(0, reduced.length).parallel().forEach((i) -> {
			long id = id(i / perRange, i % perRange);
			String text = this.publicIds.encode(id);
			long decoded = this.publicIds.decode(text);
			if (decoded != id) {
				throw new AssertionError(id + " -> " + text + " -> " + decoded);
			}
			long value = 0;
			for (int c = 1; c < text.length(); c++) {
				value = value * PublicIds.RADIX + DIGIT_VALUES[text.charAt(c)];
			}
			reduced[i] = value;
		});
		Arrays.parallelSort(reduced);
		for (int i = 1; i < reduced.length; i++) {
			if (reduced[i] == reduced[i - 1]) {
				throw new AssertionError("two of the public forms are equal");
			}
		}
	}

	private static long id(int range, int index) {
		return switch (range) {
			case 0 -> 1 + index;
			case 1 -> SNOWFLAKE_ID + index;
			case 2 -> Long.MAX_VALUE - index;
			default -> ((index + 1) * 0x9E3779B97F4A7C15L) & Long.MAX_VALUE;
		};
	}

	/**
	 * The public form is Bouncy Castle's FF1 (its {@code FPEFF1Engine} with its own AES)
	 * of the ID's 11 base-62 digits, after the key identifier: for random keys of every
	 * length and random IDs, the strings are those that library makes, so public IDs made
	 * by earlier versions, which ran that engine, still decode. One string is also
	 * pinned, in case both ever changed together.
	 */
	@Test
	void publicFormIsBouncyCastlesFf1OfTheBase62Digits() {
		SplittableRandom random = new SplittableRandom(62);
		for (int k = 0; k < 30; k++) {
			byte[] key = new byte[PublicIds.KEY_LENGTHS[k % 3]];
			random.nextBytes(key);
			PublicIds ring = new PublicIds(Map.of('k', key), 'k');
			FPEFF1Engine reference = new FPEFF1Engine();
			reference.init(true, new FPEParameters(new KeyParameter(key), PublicIds.RADIX, new byte[0]));
			for (int i = 0; i < 300; i++) {
				long id = (i == 0) ? Long.MAX_VALUE : (i == 1) ? 1 : 1 + random.nextLong(Long.MAX_VALUE);
				byte[] digits = new byte[PublicIds.DIGITS];
				long rest = id;
				for (int d = PublicIds.DIGITS - 1; d >= 0; d--) {
					digits[d] = (byte) (rest % PublicIds.RADIX);
					rest /= PublicIds.RADIX;
				}
				reference.processBlock(digits, 0, digits.length, digits, 0);
				StringBuilder expected = new StringBuilder("k");
				for (byte digit : digits) {
					expected.append(PublicIds.ALPHABET.charAt(digit));
				}
				assertThat(ring.encode(id)).isEqualTo(expected.toString());
			}
		}
		assertThat(this.publicIds.encode(SNOWFLAKE_ID)).isEqualTo("aNqimfxDp55z");
	}

	@Test
	void consecutiveIdsShareNoVisibleStructure() {
		int count = 100_000;
		String[] bodies = new String[count];
		for (int i = 0; i < count; i++) {
			bodies[i] = this.publicIds.encode(SNOWFLAKE_ID + i).substring(1);
		}
		int sharedFirstChar = 0;
		int sharedTwoChars = 0;
		int ascending = 0;
		int samePosition = 0;
		int[][] counts = new int[PublicIds.DIGITS][PublicIds.RADIX];
		for (int i = 0; i < count; i++) {
			for (int p = 0; p < PublicIds.DIGITS; p++) {
				counts[p][PublicIds.ALPHABET.indexOf(bodies[i].charAt(p))]++;
			}
			if (i == 0) {
				continue;
			}
			String previous = bodies[i - 1];
			String current = bodies[i];
			sharedFirstChar += (previous.charAt(0) == current.charAt(0)) ? 1 : 0;
			sharedTwoChars += previous.regionMatches(0, current, 0, 2) ? 1 : 0;
			ascending += (current.compareTo(previous) > 0) ? 1 : 0;
			for (int p = 0; p < PublicIds.DIGITS; p++) {
				samePosition += (previous.charAt(p) == current.charAt(p)) ? 1 : 0;
			}
		}
		int pairs = count - 1;
		// By chance: a shared first character 1 time in 62 (1,613 of 99,999; 4 standard
		// deviations ~ 160),
		// two shared characters 1 time in 3,844 (26), ascending order half the time
		// (50,000 +- 632).
		assertThat(sharedFirstChar).isBetween(1_450, 1_780);
		assertThat(sharedTwoChars).isLessThan(60);
		assertThat(ascending).isBetween(pairs / 2 - 632, pairs / 2 + 632);
		assertThat(samePosition).isBetween(17_300, 18_200); // 11 positions x 99,999 / 62
															// = 17,741
		// Every character at every position about equally often: 100,000 / 62 = 1,613
		// each.
		for (int p = 0; p < PublicIds.DIGITS; p++) {
			for (int c = 0; c < PublicIds.RADIX; c++) {
				assertThat(counts[p][c]).as("'%s' at position %d", PublicIds.ALPHABET.charAt(c), p + 1)
					.isBetween(1_400, 1_830);
			}
		}
	}

	@Test
	void rotationKeepsOlderStringsDecodingWhileTheirKeyIsInTheRing() {
		PublicIds before = ring('a', 'a');
		String underA = before.encode(SNOWFLAKE_ID);
		PublicIds rotated = ring('b', 'a', 'b');
		String underB = rotated.encode(SNOWFLAKE_ID);
		assertThat(underB).startsWith("b").isNotEqualTo(underA);
		assertThat(underB.substring(1)).isNotEqualTo(underA.substring(1));
		assertThat(rotated.decode(underA)).isEqualTo(SNOWFLAKE_ID);
		assertThat(rotated.decode(underB)).isEqualTo(SNOWFLAKE_ID);
		assertThat(rotated.activeKeyId()).isEqualTo('b');
		assertThat(rotated.keyIds()).containsExactly('a', 'b');
		PublicIds retired = ring('b', 'b');
		assertThat(retired.decode(underB)).isEqualTo(SNOWFLAKE_ID);
		assertThatExceptionOfType(InvalidPublicIdException.class).isThrownBy(() -> retired.decode(underA))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(Reason.UNKNOWN_KEY));
	}

	@Test
	void reusingAKeyIdentifierForAnotherKeyNeverDecodesOldStringsToTheirIds() {
		String old = this.publicIds.encode(SNOWFLAKE_ID);
		PublicIds replaced = new PublicIds(Map.of('a', key(1234)), 'a');
		try {
			assertThat(replaced.decode(old)).isNotEqualTo(SNOWFLAKE_ID);
		}
		catch (InvalidPublicIdException ex) {
			assertThat(ex.reason()).isEqualTo(Reason.NOT_AN_ID);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "a", "a0123456789", "a0123456789AB", "a0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
			"9223372036854775807", "123" })
	void wrongLengthIsRejected(String text) {
		assertReason(text, Reason.LENGTH);
	}

	@Test
	void nullIsRejected() {
		assertReason(null, Reason.LENGTH);
	}

	@ParameterizedTest
	@ValueSource(strings = { "A0123456789A", "z0123456789A", "00123456789A", "-0123456789A", "_0123456789A",
			" 0123456789A", "é0123456789A", "\u00000123456789A", "922337203685" })
	void unknownOrMissingKeyIdentifierIsRejected(String text) {
		assertReason(text, Reason.UNKNOWN_KEY);
	}

	@ParameterizedTest
	@ValueSource(strings = { "a012345678-A", "a012345678_A", "a012345678+A", "a012345678/A", "a012345678=A",
			"a012345678 A", "a012345678.A", "a012345678%A", "a01234567é9A", "a01234567\u0663\u0663\u0663",
			"a0123456789\uFF21", "a0123456789\u0000", "a01234\uD83D\uDE00789A" })
	void characterOutsideTheAlphabetIsRejected(String text) {
		assertThat(text).hasSize(PublicIds.LENGTH);
		assertReason(text, Reason.CHARACTER);
	}

	@Test
	void wellFormedStringsThatDecryptOutsideTheIdRangeAreRejected() {
		Ff1.Engine ff1 = new Ff1(key('a'), PublicIds.RADIX, PublicIds.DIGITS, new byte[0]).newEngine();
		// 0, 2^63 and the largest 11-digit value: each a valid FF1 plaintext but not an
		// ID.
		for (BigInteger value : new BigInteger[] { BigInteger.ZERO, BigInteger.ONE.shiftLeft(63),
				BigInteger.valueOf(62).pow(11).subtract(BigInteger.ONE) }) {
			byte[] digits = new byte[PublicIds.DIGITS];
			BigInteger rest = value;
			for (int i = PublicIds.DIGITS - 1; i >= 0; i--) {
				digits[i] = rest.mod(BigInteger.valueOf(62)).byteValue();
				rest = rest.divide(BigInteger.valueOf(62));
			}
			ff1.encrypt(digits, 0);
			StringBuilder text = new StringBuilder("a");
			for (byte digit : digits) {
				text.append(PublicIds.ALPHABET.charAt(digit));
			}
			assertReason(text.toString(), Reason.NOT_AN_ID);
		}
	}

	@Test
	void madeUpAndAlteredStringsMostlyDecodeToNothing() {
		SplittableRandom random = new SplittableRandom(7);
		int decoded = 0;
		int tries = 20_000;
		for (int i = 0; i < tries; i++) {
			StringBuilder text = new StringBuilder("a");
			for (int c = 0; c < PublicIds.DIGITS; c++) {
				text.append(PublicIds.ALPHABET.charAt(random.nextInt(PublicIds.RADIX)));
			}
			try {
				this.publicIds.decode(text.toString());
				decoded++;
			}
			catch (InvalidPublicIdException ex) {
				assertThat(ex.reason()).isEqualTo(Reason.NOT_AN_ID);
			}
		}
		// 2^63 / 62^11 = 17.7 % of all well-formed strings decode to some ID.
		assertThat(decoded).isBetween(3_300, 3_800);
		String genuine = this.publicIds.encode(SNOWFLAKE_ID);
		for (int p = 1; p < PublicIds.LENGTH; p++) {
			char[] altered = genuine.toCharArray();
			altered[p] = (altered[p] == 'x') ? 'y' : 'x';
			try {
				assertThat(this.publicIds.decode(new String(altered))).isNotEqualTo(SNOWFLAKE_ID);
			}
			catch (InvalidPublicIdException ex) {
				assertThat(ex.reason()).isEqualTo(Reason.NOT_AN_ID);
			}
		}
	}

	@Test
	void rejectionMessagesNameTheReasonOnly() {
		String secret = "aSECRETINPUT";
		assertThatExceptionOfType(InvalidPublicIdException.class).isThrownBy(() -> this.publicIds.decode(secret + "!"))
			.withMessage("not a public ID: not 12 characters long");
		assertThatExceptionOfType(InvalidPublicIdException.class)
			.isThrownBy(() -> this.publicIds.decode("z" + "0".repeat(11)))
			.withMessage("not a public ID: the first character names no key in the key ring");
	}

	@Test
	void decodingIsSafeFromManyThreadsAtOnce() throws Exception {
		int threads = 8;
		PublicIds reference = ring('a', 'a');
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<Boolean>> results = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				long base = SNOWFLAKE_ID + t * 1_000_000L;
				results.add(pool.submit(() -> {
					for (long id = base; id < base + 2_000; id++) {
						String text = this.publicIds.encode(id);
						if (this.publicIds.decode(text) != id || !text.equals(reference.encode(id))) {
							return false;
						}
					}
					return true;
				}));
			}
			for (Future<Boolean> result : results) {
				assertThat(result.get(5, TimeUnit.MINUTES)).isTrue();
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void keyRingRules() {
		assertKeyRejected(Map.of(), 'a', null, false, "the key ring is empty");
		assertKeyRejected(Map.of('A', key(1)), 'A', 'A', false, "key identifier 'A' is not a lowercase letter a-z");
		assertKeyRejected(Map.of('1', key(1)), '1', '1', false, "key identifier '1' is not a lowercase letter a-z");
		assertKeyRejected(Map.of('a', new byte[0]), 'a', 'a', false, "key 'a' is missing");
		assertKeyRejected(Map.of('a', Arrays.copyOf(key(1), 15)), 'a', 'a', false,
				"key 'a' is too short: 15 bytes, at least 16 needed");
		assertKeyRejected(Map.of('a', Arrays.copyOf(key(1), 20)), 'a', 'a', false,
				"key 'a' is 20 bytes; AES keys are 16, 24 or 32 bytes");
		assertKeyRejected(Map.of('a', Arrays.copyOf(key(1), 33)), 'a', 'a', false,
				"key 'a' is 33 bytes; AES keys are 16, 24 or 32 bytes");
		assertKeyRejected(Map.of('a', new byte[32]), 'a', 'a', false,
				"key 'a' has all bytes equal: a placeholder, not a random key");
		Map<Character, byte[]> twice = new LinkedHashMap<>();
		twice.put('a', key(1));
		twice.put('b', key(1));
		assertKeyRejected(twice, 'a', 'b', false, "keys 'a' and 'b' are the same key");
		assertKeyRejected(Map.of('a', key(1)), 'b', 'b', true, "active key 'b' is not in the key ring [a]");
		for (int length : new int[] { 16, 24, 32 }) {
			PublicIds accepted = new PublicIds(Map.of('k', Arrays.copyOf(key(5), length)), 'k');
			assertThat(accepted.decode(accepted.encode(SNOWFLAKE_ID))).isEqualTo(SNOWFLAKE_ID);
		}
	}

	@Test
	void keysAreCopiedAndNeverShown() {
		byte[] key = key(3);
		Map<Character, byte[]> keys = new LinkedHashMap<>();
		keys.put('b', key);
		keys.put('a', key(4));
		PublicIds ring = new PublicIds(keys, 'b');
		String before = ring.encode(SNOWFLAKE_ID);
		key[0]++;
		assertThat(ring.encode(SNOWFLAKE_ID)).isEqualTo(before);
		key[0]--;
		assertThat(ring).hasToString("PublicIds[activeKey=b, keys=[a, b]]");
		for (String form : new String[] { HexFormat.of().formatHex(key), Base64.getEncoder().encodeToString(key) }) {
			assertThat(ring.toString()).doesNotContain(form);
		}
		assertThat(ring.keyIds()).isEqualTo(Set.of('a', 'b'));
	}

	private static void assertKeyRejected(Map<Character, byte[]> keys, char active, Character keyId, boolean activeKey,
			String message) {
		assertThatExceptionOfType(InvalidPublicIdKeyException.class).isThrownBy(() -> new PublicIds(keys, active))
			.withMessage(message)
			.satisfies((ex) -> {
				assertThat(ex.keyId()).isEqualTo(keyId);
				assertThat(ex.activeKey()).isEqualTo(activeKey);
			});
	}

	private void assertReason(String text, Reason reason) {
		assertThatExceptionOfType(InvalidPublicIdException.class).isThrownBy(() -> this.publicIds.decode(text))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(reason))
			.withMessage("not a public ID: " + reason.description());
	}

}
