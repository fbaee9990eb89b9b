package dev.snowflakeid.redis;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Burst mode borrows ticks up to a second ahead of the wall clock. Instance A bursts 10 M IDs in its
 * own process and is then killed with SIGKILL (or shuts down gracefully); instance B, same namespace,
 * starts within 500 ms and bursts 10 M more. Not one of B's IDs may be equal to or below any of A's:
 * A's borrowed ticks never pass its persisted ceiling, and B's floor lies above every such ceiling.
 */
class BurstRestartTests {

	private static final int IDS = 10_000_000;

	private final RedisServerProcess redis = RedisServerProcess.start();

	private final LettuceConnectionFactory connections = RedisLeaseConnections.standalone(this.redis.configuration());

	@AfterEach
	void stop() {
		this.connections.destroy();
		this.redis.close();
	}

	@Test
	void afterAKilledBurstTheNextInstanceIssuesOnlyAboveIt() throws Exception {
		assertBAboveA("wait");
	}

	@Test
	void afterAGracefulStopTheNextInstanceIssuesOnlyAboveTheBurst() throws Exception {
		assertBAboveA("graceful");
	}

	private void assertBAboveA(String mode) throws Exception {
		String namespace = "burst-" + mode;
		Process a = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx1g", "-cp", System.getProperty("java.class.path"), BurstWorkerMain.class.getName(),
				Integer.toString(this.redis.port()), namespace, Integer.toString(IDS), mode))
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		long maxA;
		try (BufferedReader out = new BufferedReader(new InputStreamReader(a.getInputStream(), StandardCharsets.UTF_8))) {
			String line = report(out, "MAX ");
			assertThat(line).as("worker A's report").startsWith("MAX ");
			String[] fields = line.split(" ");
			maxA = Long.parseLong(fields[1]);
			assertThat(Long.parseLong(fields[5])).as("A borrowed ticks ahead of the clock").isPositive();
			if (mode.equals("graceful")) {
				assertThat(report(out, "RELEASED")).isEqualTo("RELEASED");
				assertThat(a.waitFor(30, TimeUnit.SECONDS)).isTrue();
			}
			else {
				a.destroyForcibly();
				assertThat(a.waitFor(30, TimeUnit.SECONDS)).isTrue();
			}
		}
		finally {
			a.destroyForcibly();
		}
		// B takes over the region's only code (once A's lease expired, after a kill) and waits for its floor,
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

	// Log lines of the child (Lettuce reconnecting, say) may come before a report line.
	private static String report(BufferedReader out, String prefix) throws IOException {
		String line = out.readLine();
		while (line != null && !line.startsWith(prefix)) {
			line = out.readLine();
		}
		return line;
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

	// A client retries a retryable refusal: a starved CPU can miss the 5 ms wait for the next tick.
	static long[] burst(SnowflakeIdGenerator generator, int count) {
		long[] ids = new long[count];
		int n = 0;
		while (n < count) {
			int batch = Math.min(4096, count - n);
			try {
				System.arraycopy(generator.nextIds(batch), 0, ids, n, batch);
				n += batch;
			}
			catch (IdGenerationException ex) {
				if (ex.reason() != IdGenerationException.Reason.SEQUENCE_EXHAUSTED) {
					throw ex;
				}
			}
		}
		return ids;
	}

}
