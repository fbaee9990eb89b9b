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
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.DisposableBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * No lease is part of a copy of the process. Spring stops every lifecycle bean before a
 * CRaC checkpoint and starts them again after each restore (and
 * {@code spring.context.checkpoint=onRefresh} checkpoints after the beans are created,
 * before any starts): a stopped context has given its code back to a real Redis and
 * refuses IDs, a started one claims a code again and continues above its earlier IDs, and
 * a process that stops at refresh (as a checkpoint or a training run on refresh does) has
 * claimed nothing.
 */
@RealProcesses
class CheckpointLifecycleTests {

	private static final Duration PROCESS_DEADLINE = Duration.ofSeconds(90);

	@TempDir
	Path directory;

	private RedisServer redis;

	@BeforeEach
	void startRedis() {
		this.redis = RedisServer.start();
	}

	@AfterEach
	void stopRedis() {
		this.redis.close();
	}

	@Test
	void aStoppedContextHoldsNoLeaseAndAStartedOneClaimsAgainAboveItsEarlierIds() {
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port())
			.run((context) -> {
				assertThat(context).hasNotFailed();
				IdGenerator generator = context.getBean(IdGenerator.class);
				RedisWorkerLeaseStore store = (RedisWorkerLeaseStore) context.getBean(WorkerLeaseStore.class);
				WorkerLeaseKeeper keeper = context.getBean(WorkerLeaseKeeper.class);
				long before = generator.nextId();
				int code = keeper.currentLease().workerCode();
				assertThat(this.redis.call("EXISTS", store.leaseKey(code))).isEqualTo(1L);

				context.stop();
				assertThat(this.redis.call("EXISTS", store.leaseKey(code))).as("the lease key, released").isEqualTo(0L);
				assertThat(keeper.currentLease()).isNull();
				assertThatExceptionOfType(IdGenerationException.class).isThrownBy(generator::nextId)
					.withMessageContaining("generator is paused");

				context.start();
				long after = generator.nextId();
				assertThat(after).isGreaterThan(before);
				int again = keeper.currentLease().workerCode();
				assertThat(this.redis.call("EXISTS", store.leaseKey(again))).isEqualTo(1L);
			});
	}

	@Test
	void atShutdownBeansDestroyedBeforeTheWorkerStillGetIdsAndTheCodeIsReleasedAfterThem() {
		String[] leaseKey = new String[1];
		ShutdownIssuer.issued.set(0);
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port())
			.withBean(ShutdownIssuer.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				int code = context.getBean(WorkerLeaseKeeper.class).currentLease().workerCode();
				leaseKey[0] = ((RedisWorkerLeaseStore) context.getBean(WorkerLeaseStore.class)).leaseKey(code);
			});
		assertThat(ShutdownIssuer.issued.get()).as("an ID issued by a destroy callback").isPositive();
		assertThat(this.redis.call("EXISTS", leaseKey[0])).as("released when the worker closed").isEqualTo(0L);
	}

	@Test
	void aProcessThatStopsAtRefreshHasClaimedNothing() {
		try (JavaProcess application = JavaProcess.builder(PatientStartupMain.class.getName())
			.jvmOptions("-Xmx256m", "-Dspring.context.exit=onRefresh")
			.args("--server.address=127.0.0.1", "--server.port=" + FreePorts.loopback(),
					"--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=" + this.redis.port(),
					"--springdoc.api-docs.enabled=false")
			.start(this.directory.resolve("refresh.log"))) {
			assertThat(application.awaitExit(PROCESS_DEADLINE)).as(application.output()).isZero();
			assertThat(application.output()).doesNotContain("Acquired worker code");
		}
		List<String> keys = keys(this.redis);
		assertThat(keys).as("no lease, witness or state of region 0").noneMatch((key) -> key.contains(":{default:0}:"));
		// the same application without the exit claims a code at once: the test above is
		// not vacuous
		LeaseApplications.runner(true)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + this.redis.port(),
					"snowflake.worker.lease.startup-wait-budget=17s")
			.run((context) -> assertThat(keys(this.redis)).anyMatch((key) -> key.contains(":{default:0}:")));
	}

	private static List<String> keys(RedisServer redis) {
		return ((List<?>) redis.call("KEYS", "*")).stream()
			.map((key) -> (key instanceof byte[] bytes) ? new String(bytes) : String.valueOf(key))
			.toList();
	}

	/**
	 * A bean that issues one more ID when it is destroyed, as one that flushes a buffer
	 * at shutdown.
	 */
	static final class ShutdownIssuer implements DisposableBean {

		static final AtomicLong issued = new AtomicLong();

		private final IdGenerator ids;

		ShutdownIssuer(IdGenerator ids) {
			this.ids = ids;
		}

		@Override
		public void destroy() {
			issued.set(this.ids.nextId());
		}

	}

}
