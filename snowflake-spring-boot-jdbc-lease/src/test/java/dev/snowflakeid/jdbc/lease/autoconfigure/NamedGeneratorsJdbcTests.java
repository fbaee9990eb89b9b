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

package dev.snowflakeid.jdbc.lease.autoconfigure;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators;
import dev.snowflakeid.jdbc.lease.PostgreSqlLeaseFixture;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.testsupport.RealProcesses;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Named generators on the JDBC store, against a real PostgreSQL server: the default
 * generator and two named ones each hold a code of their own region in the one lease
 * table, keep renewing it, issue disjoint IDs, and give every code back when the context
 * closes.
 */
@RealProcesses
class NamedGeneratorsJdbcTests {

	/**
	 * Fewer than one tick holds, so that no generator waits for a tick (whose budget a
	 * loaded machine may miss): distinctness, not throughput, is the point.
	 */
	private static final int IDS = 4_000;

	@RegisterExtension
	static final PostgreSqlLeaseFixture postgres = PostgreSqlLeaseFixture.start();

	/** Short timings, as in {@link SnowflakeJdbcLeaseAutoConfigurationTests}. */
	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(SnowflakeJdbcLeaseAutoConfiguration.class, SnowflakeAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=jdbc", "snowflake.worker.lease.outage-tolerance=1s",
				"snowflake.worker.lease.renew-interval=100ms", "snowflake.worker.lease.max-clock-skew=200ms",
				"snowflake.worker.lease.fleet-lead-limit=1700ms", "snowflake.worker.jdbc.command-timeout=300ms",
				"snowflake.generators.orders.region=1", "snowflake.generators.billing.region=2");

	@Test
	void everyGeneratorHoldsACodeOfItsRegionInTheOneTable() {
		String schema = postgres.freshSchema();
		String table = schema + ".snowflake_worker_lease";
		this.runner
			.withPropertyValues("snowflake.worker.jdbc.url=" + postgres.url(), "snowflake.worker.jdbc.schema=" + schema,
					"snowflake.worker.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				SnowflakeGenerators generators = context.getBean(SnowflakeGenerators.class);
				IdGenerator standard = context.getBean(IdGenerator.class);
				IdGenerator orders = context.getBean("orders", IdGenerator.class);
				IdGenerator billing = context.getBean("billing", IdGenerator.class);
				long[] ids = LongStream.concat(LongStream.concat(issue(standard), issue(orders)), issue(billing))
					.toArray();
				assertThat(Arrays.stream(ids).distinct().count()).isEqualTo(3L * IDS);
				assertThat(standard.decode(ids[0]).region()).isZero();
				assertThat(orders.decode(ids[IDS]).region()).isOne();
				assertThat(billing.decode(ids[2 * IDS]).region()).isEqualTo(2);
				List<Integer> held = postgres.admin()
					.queryForList(
							"SELECT region FROM " + table + " WHERE code >= 0 AND token IS NOT NULL ORDER BY region",
							Integer.class);
				assertThat(held).containsExactly(0, 1, 2);
				assertThat(postgres.admin()
					.queryForObject("SELECT regions FROM " + table + " WHERE region = -1", String.class))
					.isEqualTo("0,1,2");
				assertThat(generators.domain("billing").details()).containsEntry("table", table)
					.containsEntry("namespace", "default")
					.containsEntry("region", 2);
				// Every keeper keeps renewing: each raises its ceiling.
				SnowflakeWorker[] workers = { context.getBean(SnowflakeWorker.class), generators.worker("orders"),
						generators.worker("billing") };
				long[] ceilings = Arrays.stream(workers).mapToLong(NamedGeneratorsJdbcTests::ceiling).toArray();
				Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
					for (int i = 0; i < workers.length; i++) {
						assertThat(ceiling(workers[i])).isGreaterThan(ceilings[i]);
					}
				});
			});
		assertThat(postgres.admin()
			.queryForObject("SELECT count(*) FROM " + table + " WHERE code >= 0 AND token IS NOT NULL", Long.class))
			.as("codes given back when the context closed")
			.isZero();
	}

	private static long ceiling(SnowflakeWorker worker) {
		WorkerLease lease = worker.keeper().currentLease();
		assertThat(lease).isNotNull();
		return lease.highestCeilingMillis();
	}

	private static LongStream issue(IdGenerator ids) {
		return LongStream.range(0, IDS).map((i) -> ids.nextId());
	}

}
