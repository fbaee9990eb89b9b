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

/**
 * The FF1 wrapper (Bouncy Castle's engine over the JDK's AES) against the NIST SP 800-38G FF1 samples, as
 * published in Bouncy Castle's own test suite ({@code SP80038GTest}), and against Bouncy Castle's engine
 * with its own AES.
 */
class Ff1Tests {

	private static final String AES128 = "2B7E151628AED2A6ABF7158809CF4F3C";

	private static final String AES192 = "2B7E151628AED2A6ABF7158809CF4F3CEF4359D8D580AA4F";

	private static final String AES256 = "2B7E151628AED2A6ABF7158809CF4F3CEF4359D8D580AA4F7F036D6F04FC6A94";

	@ParameterizedTest(name = "NIST FF1 sample {index}: radix {0}")
	@CsvSource({
			"10, " + AES128 + ", 0123456789, 2433477484, ''",
			"10, " + AES128 + ", 0123456789, 6124200773, 39383736353433323130",
			"36, " + AES128 + ", 0123456789abcdefghi, a9tv40mll9kdu509eum, 3737373770717273373737",
			"10, " + AES192 + ", 0123456789, 2830668132, ''",
			"10, " + AES192 + ", 0123456789, 2496655549, 39383736353433323130",
			"36, " + AES192 + ", 0123456789abcdefghi, xbj3kv35jrawxv32ysr, 3737373770717273373737",
			"10, " + AES256 + ", 0123456789, 6657667009, ''",
			"10, " + AES256 + ", 0123456789, 1001623463, 39383736353433323130",
			"36, " + AES256 + ", 0123456789abcdefghi, xs8a0azh2avyalyzuwd, 3737373770717273373737" })
	void nistSamples(int radix, String key, String plaintext, String ciphertext, String tweak) {
		Ff1 ff1 = new Ff1(HexFormat.of().parseHex(key), radix, HexFormat.of().parseHex(tweak));
		byte[] digits = digits(plaintext);
		ff1.encrypt(digits);
		assertThat(digits).isEqualTo(digits(ciphertext));
		ff1.decrypt(digits);
		assertThat(digits).isEqualTo(digits(plaintext));
	}

	@Test
	void sameResultsAsBouncyCastlesEngineWithItsOwnAes() {
		SplittableRandom random = new SplittableRandom(38);
		byte[] key = new byte[32];
		random.nextBytes(key);
		Ff1 ff1 = new Ff1(key, PublicIds.RADIX, new byte[0]);
		FPEFF1Engine reference = new FPEFF1Engine();
		reference.init(true, new FPEParameters(new KeyParameter(key), PublicIds.RADIX, new byte[0]));
		for (int i = 0; i < 2_000; i++) {
			byte[] digits = new byte[PublicIds.DIGITS];
			for (int d = 0; d < digits.length; d++) {
				digits[d] = (byte) random.nextInt(PublicIds.RADIX);
			}
			byte[] expected = new byte[digits.length];
			reference.processBlock(digits, 0, digits.length, expected, 0);
			byte[] actual = digits.clone();
			ff1.encrypt(actual);
			assertThat(actual).isEqualTo(expected);
			ff1.decrypt(actual);
			assertThat(actual).isEqualTo(digits);
		}
	}

	/** Digits as in the NIST samples: 0-9, then a-z for 10-35. */
	private static byte[] digits(String text) {
		byte[] digits = new byte[text.length()];
		for (int i = 0; i < digits.length; i++) {
			digits[i] = (byte) Character.digit(text.charAt(i), 36);
		}
		return digits;
	}

}
