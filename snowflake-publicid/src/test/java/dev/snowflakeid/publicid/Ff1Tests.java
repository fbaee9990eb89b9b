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

import java.util.HexFormat;
import java.util.SplittableRandom;

import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.bouncycastle.crypto.params.FPEParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link Ff1} against the nine NIST SP 800-38G FF1 samples (AES-128, -192 and -256; radix
 * 10 and 36; empty and non-empty tweaks, the radix-36 ones spanning two blocks of
 * {@code Q}), as published by NIST and repeated in Bouncy Castle's own test suite
 * ({@code SP80038GTest}), and against Bouncy Castle's {@link FPEFF1Engine}, with its own
 * software AES, for random keys, tweaks and inputs over radixes and lengths from the
 * edges of the domain to the public IDs' radix 62 and length 11.
 */
class Ff1Tests {

	private static final String AES128 = "2B7E151628AED2A6ABF7158809CF4F3C";

	private static final String AES192 = "2B7E151628AED2A6ABF7158809CF4F3CEF4359D8D580AA4F";

	private static final String AES256 = "2B7E151628AED2A6ABF7158809CF4F3CEF4359D8D580AA4F7F036D6F04FC6A94";

	@ParameterizedTest(name = "NIST FF1 sample {index}: radix {0}")
	@CsvSource({ "10, " + AES128 + ", 0123456789, 2433477484, ''",
			"10, " + AES128 + ", 0123456789, 6124200773, 39383736353433323130",
			"36, " + AES128 + ", 0123456789abcdefghi, a9tv40mll9kdu509eum, 3737373770717273373737",
			"10, " + AES192 + ", 0123456789, 2830668132, ''",
			"10, " + AES192 + ", 0123456789, 2496655549, 39383736353433323130",
			"36, " + AES192 + ", 0123456789abcdefghi, xbj3kv35jrawxv32ysr, 3737373770717273373737",
			"10, " + AES256 + ", 0123456789, 6657667009, ''",
			"10, " + AES256 + ", 0123456789, 1001623463, 39383736353433323130",
			"36, " + AES256 + ", 0123456789abcdefghi, xs8a0azh2avyalyzuwd, 3737373770717273373737" })
	void nistSamples(int radix, String key, String plaintext, String ciphertext, String tweak) {
		Ff1 ff1 = new Ff1(HexFormat.of().parseHex(key), radix, plaintext.length(), HexFormat.of().parseHex(tweak));
		Ff1.Engine engine = ff1.newEngine();
		byte[] numerals = numerals(plaintext);
		engine.encrypt(numerals, 0);
		assertThat(numerals).isEqualTo(numerals(ciphertext));
		engine.decrypt(numerals, 0);
		assertThat(numerals).isEqualTo(numerals(plaintext));
	}

	/**
	 * 1,000 random inputs for each of 100 random keys (16, 24 or 32 bytes) and tweaks (0
	 * to 40 bytes, so that {@code Q} spans one to four blocks) at radix 62, length 11;
	 * then 200 inputs each under 20 keys for radixes and lengths that reach the domain's
	 * edges: the largest {@code b} (7), the smallest domain, odd and even lengths, radix
	 * 2 and 256.
	 */
	@ParameterizedTest(name = "radix {0}, length {1}")
	@CsvSource({ "62, 11, 100, 1000", "10, 6, 20, 200", "10, 7, 20, 200", "10, 30, 20, 200", "36, 19, 20, 200",
			"2, 20, 20, 200", "2, 41, 20, 200", "256, 3, 20, 200", "256, 12, 20, 200", "62, 4, 20, 200",
			"62, 15, 20, 200", "62, 16, 20, 200", "255, 11, 20, 200" })
	void sameResultsAsBouncyCastlesEngine(int radix, int length, int keys, int inputs) {
		SplittableRandom random = new SplittableRandom(31L * radix + length);
		for (int k = 0; k < keys; k++) {
			byte[] key = new byte[16 + 8 * random.nextInt(3)];
			random.nextBytes(key);
			byte[] tweak = new byte[random.nextInt(41)];
			random.nextBytes(tweak);
			Ff1.Engine engine = new Ff1(key, radix, length, tweak).newEngine();
			FPEFF1Engine encrypting = reference(true, key, radix, tweak);
			FPEFF1Engine decrypting = reference(false, key, radix, tweak);
			for (int i = 0; i < inputs; i++) {
				byte[] plaintext = new byte[length];
				for (int d = 0; d < length; d++) {
					plaintext[d] = (byte) random.nextInt(radix);
				}
				byte[] expected = new byte[length];
				encrypting.processBlock(plaintext, 0, length, expected, 0);
				byte[] actual = plaintext.clone();
				engine.encrypt(actual, 0);
				assertThat(actual).isEqualTo(expected);
				engine.decrypt(actual, 0);
				assertThat(actual).isEqualTo(plaintext);
				// Decryption of a string that was not made by encryption, against the
				// reference's.
				decrypting.processBlock(plaintext, 0, length, expected, 0);
				actual = plaintext.clone();
				engine.decrypt(actual, 0);
				assertThat(actual).isEqualTo(expected);
			}
		}
	}

	@Test
	void halvesAtTheEdgesOfTheirRangesMatchTheReference() {
		byte[] key = HexFormat.of().parseHex(AES256);
		Ff1 ff1 = new Ff1(key, 62, 11, new byte[0]);
		Ff1.Engine engine = ff1.newEngine();
		FPEFF1Engine reference = reference(true, key, 62, new byte[0]);
		assertThat(ff1.modulusA()).isEqualTo(916_132_832L); // 62^5
		assertThat(ff1.modulusB()).isEqualTo(56_800_235_584L); // 62^6
		for (long numA : new long[] { 0, 1, ff1.modulusA() - 1 }) {
			for (long numB : new long[] { 0, 1, ff1.modulusB() - 1 }) {
				byte[] numerals = new byte[11];
				write(numA, numerals, 0, 5);
				write(numB, numerals, 5, 6);
				byte[] expected = new byte[11];
				reference.processBlock(numerals, 0, 11, expected, 0);
				engine.encrypt(numA, numB);
				byte[] actual = new byte[11];
				write(engine.numA(), actual, 0, 5);
				write(engine.numB(), actual, 5, 6);
				assertThat(actual).isEqualTo(expected);
				engine.decrypt(engine.numA(), engine.numB());
				assertThat(engine.numA()).isEqualTo(numA);
				assertThat(engine.numB()).isEqualTo(numB);
			}
		}
	}

	@Test
	void reductionWithoutDivisionIsTheUnsignedRemainder() {
		SplittableRandom random = new SplittableRandom(64);
		for (int i = 0; i < 1_000_000; i++) {
			long modulus = 2 + random.nextLong(1L << (1 + random.nextInt(60)));
			long n = (i % 4 == 0) ? -1 - random.nextLong(modulus) : random.nextLong();
			assertThat(Ff1.reduce(n, modulus, Long.divideUnsigned(-1L, modulus)))
				.isEqualTo(Long.remainderUnsigned(n, modulus));
		}
	}

	@Test
	void domainOutsideLongArithmeticOrTheStandardIsRefused() {
		byte[] key = HexFormat.of().parseHex(AES128);
		byte[] tweak = new byte[0];
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1(key, 1, 30, tweak))
			.withMessage("radix 1 is outside 2 to 65536");
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1(key, 65_537, 4, tweak))
			.withMessage("radix 65537 is outside 2 to 65536");
		// 10^5 < 1,000,000, the smallest domain SP 800-38G Rev. 1 allows
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1(key, 10, 5, tweak))
			.withMessage("radix^length is below 1000000");
		// 10^16 * 255 * 12 > 2^64
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1(key, 10, 32, tweak))
			.withMessage("radix^ceil(length/2) is too large for 64-bit arithmetic");
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1(new byte[15], 10, 10, tweak))
			.withMessage("AES does not take a key of 15 bytes");
		Ff1.Engine engine = new Ff1(key, 10, 10, tweak).newEngine();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> engine.encrypt(new byte[] { 0, 1, 2, 3, 4, 5, 6, 7, 8, 10 }, 0))
			.withMessage("numeral 10 is not below the radix 10");
		assertThatIllegalArgumentException().isThrownBy(() -> engine.decrypt(100_000, 0))
			.withMessage("a half is outside its numeral string's range");
		assertThatIllegalArgumentException().isThrownBy(() -> engine.encrypt(0, -1))
			.withMessage("a half is outside its numeral string's range");
	}

	private static FPEFF1Engine reference(boolean encrypt, byte[] key, int radix, byte[] tweak) {
		FPEFF1Engine engine = new FPEFF1Engine();
		engine.init(encrypt, new FPEParameters(new KeyParameter(key), radix, tweak));
		return engine;
	}

	private static void write(long value, byte[] numerals, int offset, int count) {
		long rest = value;
		for (int i = offset + count - 1; i >= offset; i--) {
			numerals[i] = (byte) (rest % 62);
			rest /= 62;
		}
	}

	/** Numerals as in the NIST samples: 0-9, then a-z for 10-35. */
	private static byte[] numerals(String text) {
		byte[] numerals = new byte[text.length()];
		for (int i = 0; i < numerals.length; i++) {
			numerals[i] = (byte) Character.digit(text.charAt(i), 36);
		}
		return numerals;
	}

}
