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
package dev.snowflakeid.benchmarks.inserts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.SessionFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Inserts rows through Hibernate into a PostgreSQL server of its own with each key
 * strategy, and prints min/median/max throughput, the primary-key index size and the
 * targets' check. Run by {@code benchmarks/insert.sh}; the arguments:
 *
 * <pre>
 * --rows N          rows per run (default 20000)
 * --runs R          measured runs per strategy and thread count (default 2)
 * --threads 1,4     thread counts (default 1,4)
 * --commit-every C  rows per transaction (default 1000)
 * --strategies s,.. snowflake, identity, sequence, uuid-v7, uuid-v4 (default all)
 * --report FILE     also write the tables to FILE
 * --fail-on-miss    exit with status 1 when a target is missed
 * </pre>
 *
 * <p>
 * Every strategy runs in an application context of its own (the starter's generator with
 * the static allocator, Spring Boot's Hibernate set-up) on a database of its own, all on
 * one server. The contexts are started and warmed up first; then each run goes over every
 * thread count and strategy in turn, so that a change of the shared machine's load falls
 * on all of them alike. Before each run the table is truncated (new, empty files for the
 * table and its index) and a checkpoint is taken.
 */
public final class InsertBenchmark {

	/** Server settings, fixed so that runs compare; stated with the results. */
	static final Map<String, String> SERVER_SETTINGS = serverSettings();

	private InsertBenchmark() {
	}

	private static Map<String, String> serverSettings() {
		Map<String, String> settings = new LinkedHashMap<>();
		settings.put("shared_buffers", "512MB");
		settings.put("max_wal_size", "4GB");
		settings.put("checkpoint_timeout", "30min");
		settings.put("synchronous_commit", "off");
		settings.put("fsync", "on");
		settings.put("autovacuum", "off");
		settings.put("max_connections", "100");
		return settings;
	}

	public static void main(String[] args) throws Exception {
		Options options = Options.parse(args);
		System.err.printf("insert benchmark: %,d rows x %d runs, threads %s, commit every %,d rows, %s%n",
				options.rows(), options.runs(), options.threads(), options.commitEvery(), options.strategies());
		EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
		SERVER_SETTINGS.forEach(builder::setServerConfig);
		List<Measurement> measurements = new ArrayList<>();
		try (EmbeddedPostgres postgres = builder.start()) {
			System.err.println("PostgreSQL " + new JdbcTemplate(postgres.getPostgresDatabase())
				.queryForObject("show server_version", String.class) + ", " + SERVER_SETTINGS);
			Map<KeyStrategy, Target> targets = new LinkedHashMap<>();
			try {
				for (KeyStrategy strategy : options.strategies()) {
					targets.put(strategy, Target.start(postgres, strategy, options));
				}
				for (int run = 1; run <= options.runs(); run++) {
					for (int threads : options.threads()) {
						for (Target target : targets.values()) {
							Measurement measurement = target.measure(options.rows(), threads);
							System.err.printf(Locale.ROOT, "run %d, %d threads, %-8s %,10.0f rows/s, index %,d B%n",
									run, threads, target.strategy, measurement.rowsPerSecond(),
									measurement.indexBytes());
							measurements.add(measurement);
						}
					}
				}
			}
			finally {
				targets.values().forEach(Target::close);
			}
		}
		InsertReport report = new InsertReport(measurements);
		String tables = report.table() + "\n" + report.checkTable();
		System.out.println(tables);
		Path file = options.report();
		if (file != null) {
			Files.writeString(file, tables);
		}
		boolean missed = report.checks().stream().anyMatch((check) -> !check.passed());
		if (missed && options.failOnMiss()) {
			System.exit(1);
		}
	}

	/** One strategy's application context, database and inserter. */
	private static final class Target implements AutoCloseable {

		private final KeyStrategy strategy;

		private final ConfigurableApplicationContext context;

		private final JdbcTemplate jdbc;

		private final Inserter inserter;

		private Target(KeyStrategy strategy, ConfigurableApplicationContext context, int commitEvery) {
			this.strategy = strategy;
			this.context = context;
			this.jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			this.inserter = new Inserter(context.getBean(EntityManagerFactory.class).unwrap(SessionFactory.class),
					strategy, commitEvery);
		}

		static Target start(EmbeddedPostgres postgres, KeyStrategy strategy, Options options)
				throws InterruptedException {
			String database = "insert_" + strategy.name().toLowerCase(Locale.ROOT);
			new JdbcTemplate(postgres.getPostgresDatabase()).execute("create database " + database);
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("spring.datasource.url", postgres.getJdbcUrl("postgres", database));
			properties.put("spring.datasource.username", "postgres");
			properties.put("spring.datasource.hikari.maximum-pool-size",
					options.threads().stream().mapToInt(Integer::intValue).max().orElse(1) + 1);
			properties.put("spring.jpa.hibernate.ddl-auto", "create");
			properties.put("spring.jpa.properties.hibernate.jdbc.batch_size", Inserter.FLUSH_EVERY);
			properties.put("spring.jpa.properties.hibernate.order_inserts", true);
			properties.put("snowflake.worker.allocator", "static");
			properties.put("snowflake.worker.code", 1);
			properties.put("insert-benchmark.entity", strategy.entity().getName());
			properties.put("spring.main.banner-mode", "off");
			properties.put("logging.level.root", "warn");
			ConfigurableApplicationContext context = new SpringApplicationBuilder(InsertApplication.class)
				.web(WebApplicationType.NONE)
				.properties(properties)
				.run();
			Target target = new Target(strategy, context, options.commitEvery());
			target.warmUp(options.rows());
			return target;
		}

		/** Inserts a tenth of a run's rows (at least 10,000) once and checks the keys. */
		private void warmUp(long rows) throws InterruptedException {
			truncate();
			this.inserter.insert(Math.max(10_000, rows / 10), 1);
			switch (this.strategy) {
				case SEQUENCE ->
					require(single("select increment_by from pg_sequences" + " where sequencename = 'sequence_row_seq'",
							Long.class), 50L, "sequence increment");
				case UUID_V7, UUID_V4 ->
					require(single("select id from " + this.strategy.table() + " limit 1", UUID.class).version(),
							(this.strategy == KeyStrategy.UUID_V7) ? 7 : 4, "UUID version");
				case SNOWFLAKE, IDENTITY -> {
				}
			}
		}

		private <T> T single(String query, Class<T> type) {
			T value = this.jdbc.queryForObject(query, type);
			if (value == null) {
				throw new IllegalStateException("no value from " + query);
			}
			return value;
		}

		private static void require(Object actual, Object expected, String what) {
			if (!expected.equals(actual)) {
				throw new IllegalStateException(what + " is " + actual + ", expected " + expected);
			}
		}

		Measurement measure(long rows, int threads) throws InterruptedException {
			truncate();
			this.jdbc.execute("checkpoint");
			long nanos = this.inserter.insert(rows, threads);
			String table = this.strategy.table();
			require(single("select count(*) from " + table, Long.class), rows, table + " rows");
			long index = single("select pg_relation_size(indexrelid) from pg_index where indrelid = '" + table
					+ "'::regclass and indisprimary", Long.class);
			long size = single("select pg_relation_size('" + table + "')", Long.class);
			return new Measurement(this.strategy, threads, rows * 1e9 / nanos, index, size);
		}

		private void truncate() {
			this.jdbc.execute("truncate table " + this.strategy.table());
		}

		@Override
		public void close() {
			this.context.close();
		}

	}

	/** The command line's choices. */
	record Options(long rows, int runs, List<Integer> threads, int commitEvery, List<KeyStrategy> strategies,
			@Nullable Path report, boolean failOnMiss) {

		static Options parse(String[] args) {
			long rows = 20_000;
			int runs = 2;
			List<Integer> threads = List.of(1, 4);
			int commitEvery = 1000;
			List<KeyStrategy> strategies = List.of(KeyStrategy.values());
			Path report = null;
			boolean failOnMiss = false;
			for (int i = 0; i < args.length; i++) {
				if (args[i].equals("--fail-on-miss")) {
					failOnMiss = true;
					continue;
				}
				if (i + 1 == args.length) {
					throw new IllegalArgumentException(args[i] + " needs a value");
				}
				String value = args[i + 1];
				switch (args[i]) {
					case "--rows" -> rows = Long.parseLong(value);
					case "--runs" -> runs = Integer.parseInt(value);
					case "--threads" -> threads = Arrays.stream(value.split(",")).map(Integer::valueOf).toList();
					case "--commit-every" -> commitEvery = Integer.parseInt(value);
					case "--report" -> report = Path.of(value);
					case "--strategies" ->
						strategies = Arrays.stream(value.split(",")).map(KeyStrategy::parse).toList();
					default -> throw new IllegalArgumentException("unknown argument " + args[i]);
				}
				i++;
			}
			if (rows < 1 || runs < 1 || commitEvery < 1 || threads.isEmpty() || threads.contains(0)) {
				throw new IllegalArgumentException("rows, runs, commit size and thread counts must be positive");
			}
			return new Options(rows, runs, threads, commitEvery, strategies, report, failOnMiss);
		}

	}

}
