package dev.snowflakeid.benchmarks;

import java.util.UUID;
import java.util.function.LongSupplier;

import cn.hutool.core.lang.Snowflake;
import com.github.f4b6a3.tsid.TsidFactory;
import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.SnowflakeIdGenerator;
import me.ahoo.cosid.snowflake.MillisecondSnowflakeId;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The benchmarks compare like with like only if every candidate is configured as described: these checks
 * run in the build, the benchmarks themselves do not.
 */
class CandidatesTests {

	private static final int CALLS = 20_000;

	@Test
	void everyLongCandidateIssuesStrictlyIncreasingIds() {
		SnowflakeIdGenerator snowflake = Candidates.snowflake();
		SnowflakeIdGenerator burst = Candidates.snowflakeBorrowAhead();
		MillisecondSnowflakeId cosId = Candidates.cosId();
		Snowflake hutool = Candidates.hutool();
		TsidFactory tsid = Candidates.tsid();
		assertStrictlyIncreasing(snowflake::nextId);
		assertStrictlyIncreasing(burst::nextId);
		assertStrictlyIncreasing(cosId::generate);
		assertStrictlyIncreasing(hutool::nextId);
		assertStrictlyIncreasing(() -> tsid.create().toLong());
	}

	@Test
	void peersUseTheSameSplitAsTheDefaultLayout() {
		MillisecondSnowflakeId cosId = Candidates.cosId();
		assertThat(cosId.getTimestampBit()).isEqualTo(41);
		assertThat(cosId.getMachineBit()).isEqualTo(10);
		assertThat(cosId.getSequenceBit()).isEqualTo(12);
		assertThat(cosId.getMachineId()).isEqualTo(Candidates.WORKER_CODE);
		assertThat(Candidates.tsid().create().toLong() >>> 12 & 0x3FF).isEqualTo(Candidates.WORKER_CODE);
	}

	@Test
	void burstModeMovesOnWithoutWaitingAndTheDefaultModeDoesNot() {
		SnowflakeIdGenerator burst = Candidates.snowflakeBorrowAhead();
		burst.nextIds(3 * 4096);
		assertThat(burst.statistics().borrowedTicks()).isGreaterThan(0);
		assertThat(burst.statistics().waits(Reason.SEQUENCE_EXHAUSTED)).isZero();
		// the default mode never runs ahead of the wall clock: it waits for it
		SnowflakeIdGenerator standard = Candidates.snowflake();
		long[] ids = standard.nextIds(3 * 4096);
		long now = System.currentTimeMillis();
		assertThat(standard.statistics().borrowedTicks()).isZero();
		assertThat(standard.decode(ids[ids.length - 1]).timestamp().toEpochMilli()).isLessThanOrEqualTo(now);
		assertThat(Candidates.SEQUENCE_CAP_PER_SECOND).isEqualTo(4_096_000);
	}

	@Test
	void uuidCandidatesHaveTheirVersions() {
		UUID v7 = Candidates.uuidV7();
		assertThat(v7.version()).isEqualTo(7);
		assertThat(Candidates.uuidRandom().version()).isEqualTo(4);
		assertThat(Candidates.uuidV7()).isGreaterThan(v7);
	}

	private static void assertStrictlyIncreasing(LongSupplier ids) {
		long previous = ids.getAsLong();
		assertThat(previous).isPositive();
		for (int i = 0; i < CALLS; i++) {
			long next = ids.getAsLong();
			assertThat(next).isGreaterThan(previous);
			previous = next;
		}
	}

}
