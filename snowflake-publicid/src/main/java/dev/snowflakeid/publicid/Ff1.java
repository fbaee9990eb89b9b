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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Objects;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * NIST SP 800-38G (Rev. 1) FF1, Algorithms 7 and 8, under one AES key, radix, length and
 * tweak, for the domains whose halves fit in a {@code long}: the numeral strings
 * {@code A} and {@code B} are carried as their values {@code NUM_radix(A)} and
 * {@code NUM_radix(B)}, so that a round is one AES block and a few multiplications,
 * without {@code BigInteger}. The output is the same as that of any conforming FF1, such
 * as Bouncy Castle's {@code FPEFF1Engine}; the tests check it against NIST's samples and
 * against that engine.
 *
 * <p>
 * <b>Domain.</b> {@code 2 <= radix <= 2^16}, {@code radix^length >= 1,000,000} (the
 * standard's minimum), and {@code d * 255 * (radix^v - 1) < 2^64}, where
 * {@code v = ceil(length / 2)} and {@code d} is the number of bytes of each round's
 * {@code S}. Then {@code b <= 7} and {@code d <= 12}: the round number and {@code NUM(B)}
 * fit in the last 8 bytes of {@code Q}, a round's {@code S} is the first {@code d} bytes
 * of one AES block, and {@code NUM(S) mod radix^m} is a sum of {@code d} precomputed byte
 * weights, exact in 64 unsigned bits, reduced without a division. Radix 62 of length 11
 * ({@code b = 5}, {@code d = 12}) and every NIST sample are inside it.
 *
 * <p>
 * <b>Precomputed per key.</b> The PRF is a CBC-MAC over {@code P || Q}; every block but
 * the last of {@code Q} holds only {@code P}, the tweak and zero padding, so the chaining
 * value before that last block is computed once, XORed with the last block's constant
 * bytes ({@link AesBlocks#lastBlockMask}). A round then sets the round number and
 * {@code NUM(B)} in the last {@code b + 1} bytes and encrypts one block.
 *
 * <p>
 * Immutable and thread-safe; the AES instance and buffers a computation needs are in an
 * {@link Engine}, one per caller at a time. The JDK's AES runs on the processor's AES
 * instructions where present: constant time, unlike table-based software AES, whose
 * cache-timing leaks matter for a server that decrypts attacker-chosen strings.
 */
final class Ff1 {

	/** Smallest {@code radix^length} SP 800-38G Rev. 1 allows. */
	static final long MIN_DOMAIN = 1_000_000;

	private static final int ROUNDS = 10;

	private static final String TOO_LARGE = "radix^ceil(length/2) is too large for 64-bit arithmetic";

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

	private final SecretKeySpec key;

	private final int radix;

	private final int length;

	private final int u;

	private final int v;

	/** {@code b}: bytes of {@code NUM(B)} in {@code Q}. */
	private final int numBytes;

	/** {@code d}: bytes of {@code S}. */
	private final int sBytes;

	/** {@code radix^u} and {@code radix^v}. */
	private final long modulusU;

	private final long modulusV;

	/**
	 * {@code 256^(d-1-j) mod radix^u} and {@code mod radix^v} for byte {@code j} of
	 * {@code S}.
	 */
	private final long[] weightsU;

	private final long[] weightsV;

	/**
	 * {@code floor((2^64 - 1) / radix^u)} and {@code / radix^v}, unsigned: reduction
	 * without dividing.
	 */
	private final long inverseU;

	private final long inverseV;

	/**
	 * CBC-MAC chaining value before the last block of {@code Q}, XORed with that block's
	 * constant bytes.
	 */
	private final long lastBlockMaskHigh;

	private final long lastBlockMaskLow;

	/**
	 * @param key AES key of 16, 24 or 32 bytes (copied)
	 * @param radix base of the numerals
	 * @param length number of numerals of every plaintext and ciphertext
	 * @param tweak FF1 tweak (copied); may be empty
	 * @throws IllegalArgumentException outside the domain described above, or for a key
	 * AES does not take
	 * @throws IllegalStateException if the JDK offers no AES
	 */
	Ff1(byte[] key, int radix, int length, byte[] tweak) {
		Objects.requireNonNull(tweak, "tweak");
		if (radix < 2 || radix > (1 << 16)) {
			throw new IllegalArgumentException("radix " + radix + " is outside 2 to 65536");
		}
		if (length > 2 * Long.SIZE) {
			throw new IllegalArgumentException(TOO_LARGE);
		}
		BigInteger big = BigInteger.valueOf(radix);
		if (length < 2 || big.pow(length).compareTo(BigInteger.valueOf(MIN_DOMAIN)) < 0) {
			throw new IllegalArgumentException("radix^length is below " + MIN_DOMAIN);
		}
		this.radix = radix;
		this.length = length;
		this.u = length / 2;
		this.v = length - this.u;
		BigInteger domainV = big.pow(this.v);
		// b = ceil(ceil(v * log2(radix)) / 8), exactly: the bytes of radix^v - 1
		this.numBytes = (domainV.subtract(BigInteger.ONE).bitLength() + 7) / 8;
		this.sBytes = 4 * ((this.numBytes + 3) / 4) + 4;
		BigInteger largestSum = BigInteger.valueOf(this.sBytes * 255L).multiply(domainV.subtract(BigInteger.ONE));
		if (largestSum.bitLength() > 64) {
			throw new IllegalArgumentException(TOO_LARGE);
		}
		this.modulusU = big.pow(this.u).longValueExact();
		this.modulusV = domainV.longValueExact();
		this.weightsU = weights(this.sBytes, this.modulusU);
		this.weightsV = weights(this.sBytes, this.modulusV);
		this.inverseU = Long.divideUnsigned(-1L, this.modulusU);
		this.inverseV = Long.divideUnsigned(-1L, this.modulusV);
		this.key = new SecretKeySpec(key, "AES");
		byte[] mask = AesBlocks.lastBlockMask(AesBlocks.newAes(this.key), radix, length, this.u, this.numBytes, tweak);
		this.lastBlockMaskHigh = (long) LONGS.get(mask, 0);
		this.lastBlockMaskLow = (long) LONGS.get(mask, 8);
	}

	private static long[] weights(int bytes, long modulus) {
		long[] weights = new long[bytes];
		BigInteger m = BigInteger.valueOf(modulus);
		for (int j = 0; j < bytes; j++) {
			weights[j] = BigInteger.ONE.shiftLeft(8 * (bytes - 1 - j)).mod(m).longValueExact();
		}
		return weights;
	}

	/** {@code radix^floor(length/2)}: {@code NUM(A)} is below it. */
	long modulusA() {
		return this.modulusU;
	}

	/** {@code radix^ceil(length/2)}: {@code NUM(B)} is below it. */
	long modulusB() {
		return this.modulusV;
	}

	/** A new engine under this key: its own AES instance and buffers. */
	Engine newEngine() {
		return new Engine();
	}

	@Override
	public String toString() {
		return "FF1[radix=" + this.radix + ", length=" + this.length + "]";
	}

	/**
	 * One caller's AES instance and buffers. Not thread-safe; no allocation per call.
	 * Results are read with {@link #numA()} and {@link #numB()} after each call.
	 */
	final class Engine {

		private final Cipher aes = AesBlocks.newAes(Ff1.this.key);

		private final byte[] block = new byte[AesBlocks.BLOCK];

		/**
		 * Apart from {@link #block}: the JDK's AES copies its input when both are one
		 * array.
		 */
		private final byte[] output = new byte[AesBlocks.BLOCK];

		private long numA;

		private long numB;

		private Engine() {
		}

		/**
		 * FF1.Encrypt of the numeral string {@code A || B} given by the values of its
		 * halves.
		 * @param numA {@code NUM_radix(A)}, {@code 0 <= numA < radix^u}
		 * @param numB {@code NUM_radix(B)}, {@code 0 <= numB < radix^v}
		 */
		void encrypt(long numA, long numB) {
			checkHalves(numA, numB);
			long a = numA;
			long b = numB;
			for (int i = 0; i < ROUNDS; i++) {
				boolean even = (i & 1) == 0;
				long modulus = even ? Ff1.this.modulusU : Ff1.this.modulusV;
				long c = a + reducedPrf(i, b, even);
				a = b;
				b = (c >= modulus) ? c - modulus : c;
			}
			this.numA = a;
			this.numB = b;
		}

		/**
		 * FF1.Decrypt of the numeral string {@code A || B} given by the values of its
		 * halves.
		 * @param numA {@code NUM_radix(A)}, {@code 0 <= numA < radix^u}
		 * @param numB {@code NUM_radix(B)}, {@code 0 <= numB < radix^v}
		 */
		void decrypt(long numA, long numB) {
			checkHalves(numA, numB);
			long a = numA;
			long b = numB;
			for (int i = ROUNDS - 1; i >= 0; i--) {
				boolean even = (i & 1) == 0;
				long modulus = even ? Ff1.this.modulusU : Ff1.this.modulusV;
				long c = b - reducedPrf(i, a, even);
				b = a;
				a = (c < 0) ? c + modulus : c;
			}
			this.numA = a;
			this.numB = b;
		}

		/** {@code NUM_radix(A)} of the last result. */
		long numA() {
			return this.numA;
		}

		/** {@code NUM_radix(B)} of the last result. */
		long numB() {
			return this.numB;
		}

		/**
		 * FF1.Encrypt of {@code numerals[offset, offset + length)}, each below the radix,
		 * in place (for radixes up to 256, whose numerals fit in a byte).
		 */
		void encrypt(byte[] numerals, int offset) {
			encrypt(num(numerals, offset, Ff1.this.u), num(numerals, offset + Ff1.this.u, Ff1.this.v));
			writeResult(numerals, offset);
		}

		/**
		 * FF1.Decrypt of {@code numerals[offset, offset + length)}, each below the radix,
		 * in place.
		 */
		void decrypt(byte[] numerals, int offset) {
			decrypt(num(numerals, offset, Ff1.this.u), num(numerals, offset + Ff1.this.u, Ff1.this.v));
			writeResult(numerals, offset);
		}

		private long num(byte[] numerals, int offset, int count) {
			long value = 0;
			for (int i = offset; i < offset + count; i++) {
				int numeral = numerals[i] & 0xFF;
				if (numeral >= Ff1.this.radix) {
					throw new IllegalArgumentException(
							"numeral " + numeral + " is not below the radix " + Ff1.this.radix);
				}
				value = value * Ff1.this.radix + numeral;
			}
			return value;
		}

		private void writeResult(byte[] numerals, int offset) {
			str(this.numA, numerals, offset, Ff1.this.u);
			str(this.numB, numerals, offset + Ff1.this.u, Ff1.this.v);
		}

		private void str(long value, byte[] numerals, int offset, int count) {
			long rest = value;
			for (int i = offset + count - 1; i >= offset; i--) {
				numerals[i] = (byte) (rest % Ff1.this.radix);
				rest /= Ff1.this.radix;
			}
		}

		private void checkHalves(long numA, long numB) {
			if (numA < 0 || numA >= Ff1.this.modulusU || numB < 0 || numB >= Ff1.this.modulusV) {
				throw new IllegalArgumentException("a half is outside its numeral string's range");
			}
		}

		/**
		 * Steps i to v of round {@code i}: {@code R = PRF(P || Q)} with
		 * {@code NUM(B) = num} in {@code Q}, {@code S} its first {@code d} bytes, and
		 * {@code NUM(S) mod radix^m}, {@code m = u} in even rounds.
		 */
		private long reducedPrf(int i, long num, boolean even) {
			long high = Ff1.this.lastBlockMaskHigh;
			long low = Ff1.this.lastBlockMaskLow ^ (((long) i << (8 * Ff1.this.numBytes)) | num);
			LONGS.set(this.block, 0, high);
			LONGS.set(this.block, 8, low);
			byte[] r = this.output;
			AesBlocks.aesBlock(this.aes, this.block, r);
			long[] weights = even ? Ff1.this.weightsU : Ff1.this.weightsV;
			long sum = 0;
			for (int j = 0; j < weights.length; j++) {
				sum += (r[j] & 0xFFL) * weights[j];
			}
			return even ? reduce(sum, Ff1.this.modulusU, Ff1.this.inverseU)
					: reduce(sum, Ff1.this.modulusV, Ff1.this.inverseV);
		}

	}

	/**
	 * {@code n mod modulus} for an unsigned {@code n}, with
	 * {@code inverse = floor((2^64 - 1) / modulus)}: the quotient estimate
	 * {@code floor(n * inverse / 2^64)} is at most 2 below the true quotient, so the
	 * remainder estimate is below {@code 3 * modulus} and two conditional subtractions
	 * finish it. A 64-bit division costs several times as much, ten times per call.
	 */
	static long reduce(long n, long modulus, long inverse) {
		long quotient = Math.multiplyHigh(n, inverse) + ((n >> 63) & inverse) + ((inverse >> 63) & n);
		long rest = n - quotient * modulus;
		if (Long.compareUnsigned(rest, modulus) >= 0) {
			rest -= modulus;
		}
		if (Long.compareUnsigned(rest, modulus) >= 0) {
			rest -= modulus;
		}
		return rest;
	}

}
