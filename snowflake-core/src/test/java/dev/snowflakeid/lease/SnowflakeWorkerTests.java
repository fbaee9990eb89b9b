package dev.snowflakeid.lease;

import java.time.Duration;

import dev.snowflakeid.FakeTime;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.WorkerStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnowflakeWorkerTests {

	private final FakeTime time = FakeTime.at("2026-11-30T12:00:00Z");

	private final InMemoryLeaseStore store = new InMemoryLeaseStore(this.time, 4, Duration.ofSeconds(10),
			Duration.ofSeconds(3), Duration.ofSeconds(4));

	private SnowflakeWorker worker() {
		WorkerLeaseKeeper keeper = WorkerLeaseKeeper.builder(this.store)
			.renewInterval(Duration.ofHours(1))
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(SnowflakeLayout.defaults())
			.leaseSource(keeper)
			.wallClock(this.time)
			.monotonicClock(this.time)
			.parker(this.time)
			.build();
		return new SnowflakeWorker(generator, keeper, this.time, this.time, 5);
	}

	@Test
	void statusFollowsTheLeaseAndTheClock() {
		SnowflakeWorker worker = worker();
		assertThat(worker.status().reason()).isEqualTo("no worker lease is held");
		worker.start();
		WorkerStatus up = worker.status();
		assertThat(up.issuable()).isTrue();
		assertThat(up.lease().workerCode()).isZero();
		assertThat(up.leaseRemainingMillis()).isEqualTo(9000 - 4001);
		assertThat(up.ceilingRemainingMillis()).isEqualTo(2999);
		assertThat(up.epochRemainingMillis()).isPositive();
		worker.generator().nextId();
		this.time.stepWall(Duration.ofSeconds(-2));
		assertThat(worker.status().reason()).isEqualTo("clock is 2000 ms behind the last issued tick");
		this.time.stepWall(Duration.ofSeconds(2)).advance(Duration.ofSeconds(3));
		assertThat(worker.status().reason()).startsWith("clock reached the ceiling of worker code 0");
		assertThatThrownBy(worker.generator()::nextId).hasMessageContaining("above the lease ceiling");
		worker.keeper().renewNow();
		assertThat(worker.status().issuable()).isTrue();
		this.time.advance(Duration.ofSeconds(9));
		assertThat(worker.status().reason()).endsWith("passed its local deadline without renewal");
	}

	@Test
	void closeStopsTheGeneratorBeforeReleasingTheCode() {
		SnowflakeWorker worker = worker().start();
		worker.generator().nextId();
		long lastUsed = worker.generator().statistics().lastIssuedMillis();
		worker.close();
		assertThat(worker.generator().isStopped()).isTrue();
		assertThat(this.store.calls).last().isEqualTo("release 0 " + lastUsed);
		assertThat(worker.status().reason()).isEqualTo("generator is stopped");
		worker.close();
		assertThat(this.store.calls.stream().filter((call) -> call.startsWith("release"))).hasSize(1);
	}

}
