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

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.redis.RedisLeaseConnections;
import dev.snowflakeid.redis.RedisWorkerLeaseStore;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RedisServer;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Round trips of the Redis lease store against a {@code redis-server} on loopback that
 * each fork starts for itself, through the lease connection factory the starter uses.
 * These calls run on the lease keeper's thread, never on the ID path; what matters is
 * that a claim stays one round trip however full the region is.
 *
 * <p>
 * {@link #claim} runs with {@code occupancy} percent of the region's 256 worker codes
 * held by other owners (0, 128 or 253 codes), so its script scans further for a free
 * code. Each claimed code is released after the measured call, outside the measurement,
 * to keep the occupancy constant. {@link #renew} extends one held lease and raises its
 * ceiling.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
public class LeaseBenchmarks {

	@Benchmark
	public LeaseGrant claim(ClaimState state) {
		LeaseGrant grant = state.store.claim(-1);
		state.claimed = grant;
		return grant;
	}

	@Benchmark
	public LeaseRenewal renew(RenewState state) {
		LeaseRenewal renewal = state.store.renew(state.grant);
		if (renewal.status() != LeaseRenewal.Status.RENEWED) {
			throw new IllegalStateException(
					"renewal of worker code " + state.grant.workerCode() + " answered " + renewal.status());
		}
		return renewal;
	}

	@State(Scope.Benchmark)
	public static class ClaimState {

		@Param({ "0", "50", "99" })
		public int occupancy;

		private final LeaseStoreFixture fixture = new LeaseStoreFixture();

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		RedisWorkerLeaseStore store;

		@Nullable LeaseGrant claimed;

		@Setup(Level.Trial)
		public void occupy() {
			this.store = this.fixture.start();
			int codes = SnowflakeLayout.defaults().maxWorkers();
			int occupied = Math.round(codes * this.occupancy / 100f);
			for (int i = 0; i < occupied; i++) {
				this.store.claim(-1);
			}
			long free = this.store.availableCodes();
			if (free != codes - occupied) {
				throw new IllegalStateException("expected " + (codes - occupied)
						+ " free worker codes after occupying the region but Redis counts " + free);
			}
		}

		@TearDown(Level.Invocation)
		public void releaseClaimed() {
			if (this.claimed != null) {
				this.store.release(this.claimed, Long.MIN_VALUE);
				this.claimed = null;
			}
		}

		@TearDown(Level.Trial)
		public void stop() {
			this.fixture.stop();
		}

	}

	@State(Scope.Benchmark)
	public static class RenewState {

		private final LeaseStoreFixture fixture = new LeaseStoreFixture();

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		RedisWorkerLeaseStore store;

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		LeaseGrant grant;

		@Setup(Level.Trial)
		public void claimOne() {
			this.store = this.fixture.start();
			this.grant = this.store.claim(-1);
		}

		@TearDown(Level.Trial)
		public void stop() {
			this.fixture.stop();
		}

	}

	/**
	 * A Redis server, its lease connection factory and a store whose leases outlive the
	 * run.
	 */
	static final class LeaseStoreFixture {

		// Long enough that no lease held for the benchmark expires during a fork.
		private static final Duration TTL = Duration.ofHours(1);

		private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

		private @Nullable RedisServer server;

		private @Nullable LettuceConnectionFactory connections;

		RedisWorkerLeaseStore start() {
			this.server = RedisServer.start();
			try {
				this.connections = RedisLeaseConnections
					.standalone(new RedisStandaloneConfiguration("127.0.0.1", this.server.port()));
				this.connections.afterPropertiesSet();
				RedisWorkerLeaseStore store = RedisWorkerLeaseStore
					.builder(this.connections, SnowflakeLayout.defaults())
					.namespace("benchmark")
					.ttl(TTL)
					.build();
				awaitConnected(store);
				return store;
			}
			catch (RuntimeException ex) {
				stop();
				throw ex;
			}
		}

		// The first connection of a cold JVM can take longer than the 300 ms lease
		// command timeout; the
		// keeper would simply retry, and so does the benchmark before it measures
		// anything.
		private static void awaitConnected(RedisWorkerLeaseStore store) {
			Polling.await("the lease store answers", CONNECT_TIMEOUT)
				.ignoreException(LeaseStoreUnavailableException.class)
				.until(() -> store.availableCodes() >= 0);
		}

		void stop() {
			try {
				if (this.connections != null) {
					this.connections.destroy();
				}
			}
			finally {
				if (this.server != null) {
					this.server.close();
				}
			}
		}

	}

}
