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
package dev.snowflakeid.integrations;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import dev.snowflakeid.DecodedId;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.JavaProcess;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.PostgreSqlServer;
import dev.snowflakeid.testsupport.RealProcesses;
import org.awaitility.core.ConditionTimeoutException;
import org.awaitility.core.TerminalFailureException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repackaged application started as {@code java -jar target/integrations-app.jar}
 * against a PostgreSQL server of the test's own, as in production: tickets through
 * MyBatis and receipts through Spring Data R2DBC get their ids from the generator, the
 * MongoDB callback fills a document's {@code _id} without a server, IDs are JSON numbers
 * below 2^53 (js-safe with {@code number-when-safe}), a quiet stream of IDs spreads over
 * the residues the random sequence start promises, and SIGTERM releases the worker code.
 * Runs in the {@code integration-test} phase, after {@code package}.
 */
@RealProcesses
class IntegrationsAppJarTests {

	private static final Path JAR = Path.of(System.getProperty("integrations-app.jar", "target/integrations-app.jar"));

	private static final long TWO_TO_THE_53 = 1L << 53;

	/** IDs of one paced stream: one per millisecond for about two seconds. */
	private static final int PACED_IDS = 2_000;

	private static final JsonMapper json = JsonMapper.builder().build();

	private static PostgreSqlServer postgres;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@TempDir
	Path logs;

	@BeforeAll
	static void startPostgres(@TempDir Path data) {
		postgres = PostgreSqlServer.start(data.resolve("postgres"), Map.of());
	}

	@AfterAll
	static void stopPostgres() {
		if (postgres != null) {
			postgres.close();
		}
	}

	@Test
	void theJarFillsIdsThroughMyBatisR2dbcAndMongoDbAsJsSafeNumbersAndReleasesItsCodeOnSigterm() throws Exception {
		assertThat(JAR).as("the repackaged jar (mvn package)").isRegularFile();
		try (App app = App.start(this.logs.resolve("js-safe.log"))) {
			app.awaitReady();
			JsonNode generator = get(app, "/actuator/snowflake");
			assertThat(generator.get("allocator").asString()).isEqualTo("jdbc");
			assertThat(generator.get("domain").get("namespace").asString()).isEqualTo("integrations");
			SnowflakeLayout layout = layoutOf(generator.get("layout"));
			assertThat(List.of(layout.timestampBits(), layout.regionBits(), layout.workerBits(), layout.sequenceBits()))
				.as("the js-safe preset")
				.containsExactly(51, 1, 5, 6);
			int worker = generator.get("workerCode").asInt();
			int region = generator.get("region").asInt();

			long ticket = jsSafeNumber(post(app, "/tickets", "{\"title\":\"printer jam\"}", 201), "id");
			long secondTicket = jsSafeNumber(post(app, "/tickets", "{\"title\":\"no toner\"}", 201), "id");
			long receipt = jsSafeNumber(post(app, "/receipts", "{\"totalCents\":1250}", 201), "id");
			long secondReceipt = jsSafeNumber(post(app, "/receipts", "{\"totalCents\":99}", 201), "id");
			assertThat(Set.of(ticket, secondTicket, receipt, secondReceipt)).hasSize(4);
			for (long id : List.of(ticket, secondTicket, receipt, secondReceipt)) {
				assertThat(layout.decode(id).worker()).as("issued under the lease of %d", id).isEqualTo(worker);
				assertThat(layout.decode(id).region()).isEqualTo(region);
			}
			assertThat(rows("select id, title from ticket order by id")).containsExactly(ticket + " printer jam",
					secondTicket + " no toner");
			assertThat(rows("select id, total_cents from receipt order by id")).containsExactly(receipt + " 1250",
					secondReceipt + " 99");

			JsonNode note = post(app, "/notes/preview", "{\"text\":\"call back\"}", 200);
			long noteId = jsSafeNumber(note, "id");
			assertThat(note.get("text").asString()).isEqualTo("call back");
			assertThat(Set.of(ticket, secondTicket, receipt, secondReceipt, noteId)).hasSize(5);
			JsonNode decoded = get(app, "/actuator/snowflake/" + noteId);
			assertThat(decoded.get("worker").asInt()).as("the generator filled the _id").isEqualTo(worker);
			assertThat(decoded.get("region").asInt()).isEqualTo(region);

			// js-safe's 6 sequence bits: each tick starts below 2^min(8, 6 - 4) = 4, so a
			// quiet stream spreads over id % 4, and over no more residues than that
			long[] ids = pacedIds(app, PACED_IDS, true);
			assertThat(LongStream.of(ids).boxed().toList())
				.allSatisfy((id) -> assertThat(id).isPositive().isLessThan(TWO_TO_THE_53));
			assertSpread(ids, layout, 4, 4);

			// SIGTERM: the JVM runs Spring's shutdown hook, which gives the worker code
			// back,
			// then exits with the status of a process ended by SIGTERM: 128 + 15
			// (SIGKILL's
			// would be 137)
			int status = app.terminate();
			assertThat(app.log()).contains("Released worker code " + worker + " of region " + region + ";")
				.doesNotContain(" ERROR ");
			assertThat(status).as("exit status after SIGTERM\n%s", app.logTail()).isEqualTo(143);
		}
	}

	/**
	 * The same jar with the standard layout, whose IDs are strings
	 * ({@code number-when-safe} refuses a layout that leaves 2^53) and leased from a
	 * table of their own (one lease table holds one format): each tick starts below
	 * 2^min(8, 12 - 4) = 256, so a quiet stream covers every residue of {@code id % 16}.
	 */
	@Test
	void withTheStandardLayoutAQuietStreamCoversEveryResidueOfSixteen() throws Exception {
		try (App app = App.start(this.logs.resolve("standard.log"), "--snowflake.layout.preset=standard",
				"--snowflake.jackson.write-as=string", "--snowflake.worker.jdbc.table=integrations_standard_lease")) {
			app.awaitReady();
			SnowflakeLayout layout = layoutOf(get(app, "/actuator/snowflake").get("layout"));
			assertThat(layout).isEqualTo(SnowflakeLayout.defaults());
			assertSpread(pacedIds(app, PACED_IDS, false), layout, 16, 256);
		}
	}

	/**
	 * Each residue of {@code id % residues} holds at least half its fair share of
	 * {@code ids} (more than five standard deviations below it, for 4 and for 16
	 * residues), and the first ID of each tick has a sequence below {@code startBound}
	 * that is not always the same.
	 */
	private static void assertSpread(long[] ids, SnowflakeLayout layout, int residues, int startBound) {
		assertThat(ids).hasSize(PACED_IDS).isSorted().doesNotHaveDuplicates();
		Map<Long, Long> perResidue = LongStream.of(ids)
			.boxed()
			.collect(Collectors.groupingBy((id) -> id % residues, TreeMap::new, Collectors.counting()));
		assertThat(perResidue).as("IDs per residue of id %% %d", residues).hasSize(residues);
		assertThat(perResidue.values()).as("IDs per residue of id %% %d: %s", residues, perResidue)
			.allMatch((count) -> count >= ids.length / residues / 2);
		List<DecodedId> decoded = LongStream.of(ids).mapToObj(layout::decode).toList();
		List<Integer> starts = new ArrayList<>();
		for (int i = 0; i < decoded.size(); i++) {
			if (i == 0 || !decoded.get(i).timestamp().equals(decoded.get(i - 1).timestamp())) {
				starts.add(decoded.get(i).sequence());
			}
		}
		assertThat(starts).as("ticks of the stream").hasSizeGreaterThan(ids.length / 2);
		assertThat(starts).as("first sequences of the ticks").allMatch((sequence) -> sequence < startBound);
		assertThat(Set.copyOf(starts)).as("distinct first sequences").hasSizeGreaterThanOrEqualTo(residues);
	}

	/**
	 * {@code count} IDs from {@code GET /ids}, which issues them about a millisecond
	 * apart: JSON numbers, or else JSON strings of decimal digits.
	 */
	private long[] pacedIds(App app, int count, boolean numbers) throws Exception {
		JsonNode ids = get(app, "/ids?count=" + count).get("ids");
		assertThat(ids.size()).isEqualTo(count);
		long[] values = new long[count];
		for (int i = 0; i < count; i++) {
			JsonNode id = ids.get(i);
			assertThat(numbers ? id.isIntegralNumber() : id.isString()).as("ID %d: %s", i, id).isTrue();
			values[i] = numbers ? id.longValue() : Long.parseLong(id.asString());
		}
		return values;
	}

	/** The ID in {@code field}: a JSON integer, positive and below 2^53. */
	private static long jsSafeNumber(JsonNode body, String field) {
		JsonNode id = body.get(field);
		assertThat(id).as("%s of %s", field, body).isNotNull();
		assertThat(id.isIntegralNumber()).as("a JSON number: %s", body).isTrue();
		assertThat(id.longValue()).isPositive().isLessThan(TWO_TO_THE_53);
		return id.longValue();
	}

	private static SnowflakeLayout layoutOf(JsonNode layout) {
		return SnowflakeLayout.builder()
			.timestampBits(layout.get("timestampBits").asInt())
			.regionBits(layout.get("regionBits").asInt())
			.workerBits(layout.get("workerBits").asInt())
			.sequenceBits(layout.get("sequenceBits").asInt())
			.tick(Duration.parse(layout.get("tick").asString()))
			.epoch(Instant.parse(layout.get("epoch").asString()))
			.build();
	}

	/**
	 * The rows of {@code query}, each as its columns joined by a space, read over JDBC.
	 */
	private static List<String> rows(String query) throws SQLException {
		List<String> rows = new ArrayList<>();
		try (Connection connection = DriverManager.getConnection(postgres.url());
				PreparedStatement statement = connection.prepareStatement(query);
				ResultSet result = statement.executeQuery()) {
			while (result.next()) {
				rows.add(result.getLong(1) + " " + result.getString(2));
			}
		}
		return rows;
	}

	private JsonNode get(App app, String path) throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(app.uri(path)).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
		return json.readTree(response.body());
	}

	private JsonNode post(App app, String path, String body, int expectedStatus) throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(app.uri(path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("POST %s: %s\n%s", path, response.body(), app.logTail())
			.isEqualTo(expectedStatus);
		return json.readTree(response.body());
	}

	/** The jar running on a free port against the test's PostgreSQL. */
	private static final class App implements AutoCloseable {

		private static final HttpClient probe = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

		private final JavaProcess process;

		private final int port;

		private App(JavaProcess process, int port) {
			this.process = process;
			this.port = port;
		}

		static App start(Path log, String... arguments) {
			int port = FreePorts.loopback();
			String database = "//localhost:" + postgres.port() + "/postgres";
			JavaProcess process = JavaProcess.jar(JAR)
				.jvmOptions("-Xmx384m", "-XX:TieredStopAtLevel=1")
				.args("--server.port=" + port, "--spring.datasource.url=jdbc:postgresql:" + database,
						"--spring.r2dbc.url=r2dbc:postgresql:" + database)
				.args(arguments)
				.start(log);
			return new App(process, port);
		}

		URI uri(String path) {
			return URI.create("http://localhost:" + this.port + path);
		}

		/** Waits until the readiness probe answers 200: the worker code is leased. */
		void awaitReady() {
			Process running = this.process.process();
			try {
				Polling.await("the jar ready on port " + this.port, Duration.ofSeconds(120))
					.pollInterval(Duration.ofMillis(200))
					.failFast("the jar exited", () -> !running.isAlive())
					.until(() -> readiness() == 200);
			}
			catch (ConditionTimeoutException | TerminalFailureException ex) {
				throw new AssertionError(ex.getMessage() + "\n" + logTail(), ex);
			}
		}

		private int readiness() {
			try {
				return probe
					.send(HttpRequest.newBuilder(uri("/actuator/health/readiness")).build(),
							HttpResponse.BodyHandlers.discarding())
					.statusCode();
			}
			catch (IOException ex) {
				return -1;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return -1;
			}
		}

		/** SIGTERM; waits up to 30 s for the process to exit and returns its status. */
		int terminate() {
			this.process.process().destroy();
			return this.process.awaitExit(Duration.ofSeconds(30));
		}

		String log() {
			return this.process.output();
		}

		String logTail() {
			String text = log();
			return text.substring(Math.max(0, text.length() - 6000));
		}

		@Override
		public void close() {
			this.process.close();
		}

	}

}
