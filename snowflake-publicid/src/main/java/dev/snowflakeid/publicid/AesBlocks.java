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

import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.util.Arrays;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * The AES block operations of {@link Ff1}: one block under a key, and the CBC-MAC
 * chaining value of the blocks of {@code P || Q} that are the same in every round.
 */
final class AesBlocks {

	/** Bytes of an AES block. */
	static final int BLOCK = 16;

	private AesBlocks() {
	}

	/**
	 * CBC-MAC of {@code P} and all blocks of {@code Q} but the last, XORed with the last
	 * block's bytes that do not depend on the round: the tail of the tweak and the zero
	 * padding. The round number and {@code NUM(B)} go in its last {@code b + 1} bytes,
	 * zero here.
	 */
	static byte[] lastBlockMask(Cipher aes, int radix, int length, int u, int numBytes, byte[] tweak) {
		byte[] p = { 1, 2, 1, (byte) (radix >>> 16), (byte) (radix >>> 8), (byte) radix, 10, (byte) u,
				(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length,
				(byte) (tweak.length >>> 24), (byte) (tweak.length >>> 16), (byte) (tweak.length >>> 8),
				(byte) tweak.length };
		int padding = Math.floorMod(-tweak.length - numBytes - 1, BLOCK);
		byte[] q = Arrays.copyOf(tweak, tweak.length + padding + 1 + numBytes);
		byte[] chain = new byte[BLOCK];
		aesBlock(aes, p, chain);
		for (int offset = 0; offset < q.length - BLOCK; offset += BLOCK) {
			xor(chain, q, offset);
			aesBlock(aes, chain, chain);
		}
		xor(chain, q, q.length - BLOCK);
		return chain;
	}

	static void xor(byte[] target, byte[] source, int offset) {
		for (int i = 0; i < BLOCK; i++) {
			target[i] ^= source[offset + i];
		}
	}

	static Cipher newAes(SecretKeySpec key) {
		try {
			Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
			aes.init(Cipher.ENCRYPT_MODE, key);
			return aes;
		}
		catch (InvalidKeyException ex) {
			throw new IllegalArgumentException("AES does not take a key of " + key.getEncoded().length + " bytes");
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES is not available: " + ex.getClass().getSimpleName(), ex);
		}
	}

	static void aesBlock(Cipher aes, byte[] in, byte[] out) {
		try {
			aes.update(in, 0, BLOCK, out, 0);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES block failed: " + ex.getClass().getSimpleName(), ex);
		}
	}

}
