package dev.snowflakeid.publicid;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.bouncycastle.crypto.params.FPEParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * NIST SP 800-38G FF1 under one key, radix and tweak: Bouncy Castle's {@link FPEFF1Engine} with the
 * JDK's AES ({@link JdkAesBlockCipher}) as its block cipher. An engine carries state between
 * {@code init} and {@code processBlock} and is not thread-safe, so engines are pooled, one direction each;
 * the pool grows to the number of threads that use it at once and never shrinks.
 */
final class Ff1 {

	private final FPEParameters parameters;

	private final Queue<FPEFF1Engine> encrypting = new ConcurrentLinkedQueue<>();

	private final Queue<FPEFF1Engine> decrypting = new ConcurrentLinkedQueue<>();

	Ff1(byte[] key, int radix, byte[] tweak) {
		this.parameters = new FPEParameters(new KeyParameter(key.clone()), radix, tweak.clone());
		// Fail here, not on first use, if FF1 is unavailable (Bouncy Castle's org.bouncycastle.fpe.disable).
		this.encrypting.add(engine(true));
		this.decrypting.add(engine(false));
	}

	/** Encrypts {@code digits} (each below the radix) in place. */
	void encrypt(byte[] digits) {
		process(this.encrypting, true, digits);
	}

	/** Decrypts {@code digits} (each below the radix) in place. */
	void decrypt(byte[] digits) {
		process(this.decrypting, false, digits);
	}

	private void process(Queue<FPEFF1Engine> pool, boolean encrypt, byte[] digits) {
		FPEFF1Engine engine = pool.poll();
		if (engine == null) {
			engine = engine(encrypt);
		}
		engine.processBlock(digits, 0, digits.length, digits, 0);
		pool.offer(engine);
	}

	private FPEFF1Engine engine(boolean encrypt) {
		FPEFF1Engine engine = new FPEFF1Engine(new JdkAesBlockCipher());
		engine.init(encrypt, this.parameters);
		return engine;
	}

	@Override
	public String toString() {
		return "FF1[radix=" + this.parameters.getRadix() + "]";
	}

}
