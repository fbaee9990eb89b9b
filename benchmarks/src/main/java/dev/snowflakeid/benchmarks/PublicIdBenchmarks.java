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
package dev.snowflakeid.benchmarks;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.publicid.PublicIds;
import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.bouncycastle.crypto.params.FPEParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Public IDs: {@code encode} and {@code decode} of one ID per call (one FF1 encryption or
 * decryption with a 256-bit AES key: ten AES blocks on the JDK's AES), over 4,096
 * distinct consecutive Snowflake IDs and their public forms, so that nothing is served
 * from a cache. With several threads, all share one {@code PublicIds}, as the beans of an
 * application do.
 *
 * <p>
 * {@code bouncyCastleEncrypt} is the reference: Bouncy Castle's {@code FPEFF1Engine} with
 * its own AES, encrypting the same 11 base-62 digits in place (the same FF1 output,
 * without the text conversion), one engine per thread.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
public class PublicIdBenchmarks {

	private static final int COUNT = 4_096;

	private static final byte[] KEY = key();

	private static byte[] key() {
		byte[] key = new byte[32];
		new SplittableRandom(12).nextBytes(key);
		return key;
	}

	/** The key ring every thread shares. */
	@State(Scope.Benchmark)
	public static class Ring {

		final PublicIds publicIds = new PublicIds(Map.of('a', KEY), 'a');

		final long[] ids = new long[COUNT];

		final String[] publicForms = new String[COUNT];

		@Setup
		public void setUp() {
			long first = Candidates.snowflake().nextId();
			for (int i = 0; i < COUNT; i++) {
				this.ids[i] = first + i;
				this.publicForms[i] = this.publicIds.encode(first + i);
			}
		}

	}

	/** Each thread's position, and its reference engine. */
	@State(Scope.Thread)
	public static class Cursor {

		private final FPEFF1Engine reference = new FPEFF1Engine();

		private final byte[] digits = new byte[11];

		private int next;

		@Setup
		public void setUp() {
			this.reference.init(true, new FPEParameters(new KeyParameter(KEY), 62, new byte[0]));
			this.next = new SplittableRandom().nextInt(COUNT);
		}

		int next() {
			this.next = (this.next + 1) & (COUNT - 1);
			return this.next;
		}

	}

	@Benchmark
	public String encode(Ring ring, Cursor cursor) {
		return ring.publicIds.encode(ring.ids[cursor.next()]);
	}

	@Benchmark
	public long decode(Ring ring, Cursor cursor) {
		return ring.publicIds.decode(ring.publicForms[cursor.next()]);
	}

	@Benchmark
	public byte[] bouncyCastleEncrypt(Ring ring, Cursor cursor) {
		long rest = ring.ids[cursor.next()];
		byte[] digits = cursor.digits;
		for (int i = digits.length - 1; i >= 0; i--) {
			digits[i] = (byte) (rest % 62);
			rest /= 62;
		}
		cursor.reference.processBlock(digits, 0, digits.length, digits, 0);
		return digits;
	}

}
