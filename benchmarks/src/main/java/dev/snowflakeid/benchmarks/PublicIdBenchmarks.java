package dev.snowflakeid.benchmarks;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.publicid.PublicIds;
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
 * Public IDs: {@code encode} and {@code decode} of one ID per call (one FF1 encryption or decryption with
 * a 256-bit AES key, Bouncy Castle's engine over the JDK's AES), over 4,096 distinct consecutive
 * Snowflake IDs and their public forms, so that nothing is served from a cache.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@State(Scope.Thread)
public class PublicIdBenchmarks {

	private static final int COUNT = 4_096;

	private PublicIds publicIds;

	private final long[] ids = new long[COUNT];

	private final String[] publicForms = new String[COUNT];

	private int next;

	@Setup
	public void setUp() {
		byte[] key = new byte[32];
		new SplittableRandom(12).nextBytes(key);
		this.publicIds = new PublicIds(Map.of('a', key), 'a');
		long first = Candidates.snowflake().nextId();
		for (int i = 0; i < COUNT; i++) {
			this.ids[i] = first + i;
			this.publicForms[i] = this.publicIds.encode(first + i);
		}
	}

	@Benchmark
	public String encode() {
		this.next = (this.next + 1) & (COUNT - 1);
		return this.publicIds.encode(this.ids[this.next]);
	}

	@Benchmark
	public long decode() {
		this.next = (this.next + 1) & (COUNT - 1);
		return this.publicIds.decode(this.publicForms[this.next]);
	}

}
