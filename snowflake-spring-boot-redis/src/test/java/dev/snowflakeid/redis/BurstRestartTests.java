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
package dev.snowflakeid.redis;

import java.nio.file.Path;
import java.time.Duration;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.testsupport.IssuingLoad;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static dev.snowflakeid.redis.LeaseApplications.loopback;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Burst mode borrows ticks up to a second ahead of the wall clock. Instance A bursts 10 M
 * IDs in its own process and is then killed with SIGKILL (or shuts down gracefully);
 * instance B, same namespace, starts within 500 ms and bursts 10 M more. Not one of B's
 * IDs may be equal to or below any of A's: A's borrowed ticks never pass its persisted
 * ceiling, and B's floor lies above every such ceiling.
 */
@RealProcesses
class BurstRestartTests {

	private static final int IDS = 10_000_000;

	private static final Duration REPORT_DEADLINE = Duration.ofMinutes(5);

	@TempDir
	Path directory;

	private final RedisServer redis = RedisServer.start();

	private final LettuceConnectionFactory connections = RedisLeaseConnections.standalone(loopback(this.redis.port()));

	@AfterEach
	void stop() {
		this.connections.destroy();
		this.redis.close();
	}

	@Test
	void afterAKilledBurstTheNextInstanceIssuesOnlyAboveIt() {
		assertBAboveA("wait");
	}

	@Test
	void afterAGracefulStopTheNextInstanceIssuesOnlyAboveTheBurst() {
		assertBAboveA("graceful");
	}

	private void assertBAboveA(String mode) {
		String namespace = "burst-" + mode;
		long maxA;
		try (JavaProcess a = JavaProcess.builder(BurstWorkerMain.class.getName())
			.jvmOptions("-Xmx1g")
			.args(Integer.toString(this.redis.port()), namespace, Integer.toString(IDS), mode)
			.start(this.directory.resolve("worker-a.log"))) {
			// log lines of the child (Lettuce reconnecting, say) may come before a report
			// line
			String[] fields = a.awaitLine("MAX ", REPORT_DEADLINE).split(" ");
			maxA = Long.parseLong(fields[1]);
			assertThat(Long.parseLong(fields[5])).as("A borrowed ticks ahead of the clock").isPositive();
			if (mode.equals("graceful")) {
				a.awaitLine("RELEASED", REPORT_DEADLINE);
				assertThat(a.awaitExit(Duration.ofSeconds(30))).isZero();
			}
			else {
				a.kill();
			}
		}
		// B takes over the region's only code (once A's lease expired, after a kill) and
		// waits for its floor,
		// A's highest ceiling, which lies above every tick A borrowed.
		this.connections.afterPropertiesSet();
		SnowflakeWorker b = startWorker(this.connections, namespace);
		try {
			assertThat(b.keeper().currentGrant()).isNotNull();
			long[] ids = burst(b.generator(), IDS);
			assertThat(ids[0]).as("B's first ID is above A's largest").isGreaterThan(maxA);
			for (int i = 1; i < ids.length; i++) {
				if (ids[i] <= ids[i - 1]) {
					throw new AssertionError("B's ID " + i + " is not above the one before it");
				}
			}
		}
		finally {
			b.close();
		}
	}

	static SnowflakeWorker startWorker(LettuceConnectionFactory connections, String namespace) {
		RedisWorkerLeaseStore store = RedisWorkerLeaseStore.builder(connections, BurstWorkerMain.layout())
			.namespace(namespace)
			.build();
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(store).renewInterval(Duration.ofMillis(500)).build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(BurstWorkerMain.layout())
			.leaseSource(keeper)
			.borrowAhead(Duration.ofSeconds(1))
			.build();
		return BurstWorkerMain.worker(generator, keeper).start();
	}

	static long[] burst(SnowflakeIdGenerator generator, int count) {
		return IssuingLoad.burst(generator::nextIds, generator.maxBatchSize(), count, BurstRestartTests::tickExhausted);
	}

	// A client retries a retryable refusal: a starved CPU can miss the 5 ms wait for the
	// next tick.
	private static boolean tickExhausted(RuntimeException ex) {
		return ex instanceof IdGenerationException refused
				&& refused.reason() == IdGenerationException.Reason.SEQUENCE_EXHAUSTED;
	}

}
