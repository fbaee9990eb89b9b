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

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal.Status;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static dev.snowflakeid.redis.LeaseApplications.loopback;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Measures claim and renew round trips on loopback through the lease connection (Lettuce, 2 s command
 * timeout) against a local {@code redis-server}, and prints p50/p90/p99/max. Claims fill a
 * region of 1,024 codes to 98%, so later claims scan more keys inside their one script call.
 */
@RealProcesses
class RedisLeaseRoundTripTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(10)
		.sequenceBits(10)
		.build();

	private static final int ROUNDS = 1_000;

	private RedisServer server;

	private LettuceConnectionFactory connections;

	@AfterEach
	void cleanUp() {
		if (this.connections != null) {
			this.connections.destroy();
		}
		if (this.server != null) {
			this.server.close();
		}
	}

	@Test
	void claimAndRenewRoundTrips() {
		this.server = RedisServer.start();
		this.connections = RedisLeaseConnections.standalone(loopback(this.server.port()), Duration.ofSeconds(2));
		this.connections.afterPropertiesSet();
		warmUp();
		RedisWorkerLeaseStore store = store("measured");
		List<LeaseGrant> grants = new ArrayList<>(ROUNDS);
		long[] claims = new long[ROUNDS];
		for (int i = 0; i < ROUNDS; i++) {
			long start = System.nanoTime();
			grants.add(store.claim(-1));
			claims[i] = System.nanoTime() - start;
		}
		long[] renewals = new long[ROUNDS];
		for (int i = 0; i < ROUNDS; i++) {
			LeaseGrant grant = grants.get(i);
			long start = System.nanoTime();
			Status status = store.renew(grant).status();
			renewals[i] = System.nanoTime() - start;
			assertThat(status).isEqualTo(Status.RENEWED);
		}
		System.out.println("lease round trips on loopback, " + ROUNDS + " each, " + Runtime.getRuntime().availableProcessors()
				+ " CPUs: claim " + summary(claims) + "; renew " + summary(renewals));
		assertThat(percentile(claims, 50)).isLessThan(Duration.ofMillis(300).toNanos());
		assertThat(percentile(renewals, 50)).isLessThan(Duration.ofMillis(300).toNanos());
	}

	private void warmUp() {
		RedisWorkerLeaseStore store = store("warm-up");
		for (int i = 0; i < 300; i++) {
			LeaseGrant grant = store.claim(-1);
			store.renew(grant);
			store.release(grant, Long.MIN_VALUE);
		}
	}

	private RedisWorkerLeaseStore store(String namespace) {
		// a key prefix of its own: a region of a key space belongs to one namespace
		return RedisWorkerLeaseStore.builder(this.connections, LAYOUT)
			.keyPrefix(namespace)
			.namespace(namespace)
			.ttl(Duration.ofMinutes(1))
			.build();
	}

	private static String summary(long[] nanos) {
		return String.format("p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms", percentile(nanos, 50) / 1e6,
				percentile(nanos, 90) / 1e6, percentile(nanos, 99) / 1e6, percentile(nanos, 100) / 1e6);
	}

	private static long percentile(long[] nanos, int percentile) {
		long[] sorted = nanos.clone();
		Arrays.sort(sorted);
		int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
		return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
	}

}
