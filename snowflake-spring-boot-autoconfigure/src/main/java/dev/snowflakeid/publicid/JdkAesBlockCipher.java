package dev.snowflakeid.publicid;

import java.security.GeneralSecurityException;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.CipherParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * The JDK's AES as a Bouncy Castle {@link BlockCipher}, for the FF1 engine's rounds. The JDK's AES runs on
 * the processor's AES instructions where present: constant time, unlike Bouncy Castle's table-based
 * {@code AESEngine}, whose cache-timing leaks matter for a server that decrypts attacker-chosen strings,
 * and several times faster. One block per call; not thread-safe.
 */
final class JdkAesBlockCipher implements BlockCipher {

	private static final int BLOCK_SIZE = 16;

	private Cipher cipher;

	@Override
	public void init(boolean forEncryption, CipherParameters parameters) {
		if (!(parameters instanceof KeyParameter key)) {
			throw new IllegalArgumentException("AES needs a KeyParameter");
		}
		try {
			Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
			aes.init(forEncryption ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, new SecretKeySpec(key.getKey(), "AES"));
			this.cipher = aes;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES is not available: " + ex.getClass().getSimpleName(), ex);
		}
	}

	@Override
	public String getAlgorithmName() {
		return "AES";
	}

	@Override
	public int getBlockSize() {
		return BLOCK_SIZE;
	}

	@Override
	public int processBlock(byte[] in, int inOff, byte[] out, int outOff) {
		try {
			return this.cipher.update(in, inOff, BLOCK_SIZE, out, outOff);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES block failed: " + ex.getClass().getSimpleName(), ex);
		}
	}

	@Override
	public void reset() {
	}

}
