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

import java.io.PrintStream;
import java.time.Duration;
import java.time.InstantSource;
import java.util.concurrent.locks.LockSupport;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.lease.WorkerLeaseKeeper;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * A worker process for {@link BurstRestartTests}: leases a code from Redis, issues IDs as
 * fast as it can with borrow-ahead on, prints the largest, then either shuts down
 * gracefully or waits to be killed. Arguments: redis port, namespace, ID count,
 * {@code graceful} or {@code wait}.
 */
public final class BurstWorkerMain {

	private BurstWorkerMain() {
	}

	public static void main(String[] args) {
		int port = Integer.parseInt(args[0]);
		String namespace = args[1];
		int count = Integer.parseInt(args[2]);
		boolean graceful = "graceful".equals(args[3]);
		LettuceConnectionFactory connections = RedisLeaseConnections
			.standalone(new RedisStandaloneConfiguration("127.0.0.1", port));
		connections.afterPropertiesSet();
		SnowflakeWorker worker = BurstRestartTests.startWorker(connections, namespace);
		long max = BurstRestartTests.burst(worker.generator(), count)[count - 1];
		PrintStream out = System.out;
		out.println("MAX " + max + " CODE " + worker.keeper().currentLease().workerCode() + " BORROWED "
				+ worker.generator().statistics().borrowedTicks());
		out.flush();
		if (graceful) {
			worker.close();
			connections.destroy();
			out.println("RELEASED");
			out.flush();
			return;
		}
		while (true) {
			LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
		}
	}

	static SnowflakeWorker worker(SnowflakeIdGenerator generator, WorkerLeaseKeeper keeper) {
		return new SnowflakeWorker(generator, keeper, InstantSource.system());
	}

	// One worker code, so the next instance takes over the very code the burst used.
	static SnowflakeLayout layout() {
		return SnowflakeLayout.builder().timestampBits(41).regionBits(10).workerBits(0).sequenceBits(12).build();
	}

}
