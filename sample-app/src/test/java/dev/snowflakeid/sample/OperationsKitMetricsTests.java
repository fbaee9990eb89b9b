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
package dev.snowflakeid.sample;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.snowflakeid.ops.OperationsKit;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every metric name, label and label value that the Prometheus rules and the Grafana
 * dashboard of {@code ops/} use is in what a running sample application exports on
 * {@code /actuator/prometheus}, so a renamed meter or tag fails the build instead of
 * silencing a production alert. The application runs as the quick start runs it, with no
 * Redis of its own: it says in its log that it starts an embedded one, and on SIGTERM
 * that it released its worker code.
 */
@RealProcesses
class OperationsKitMetricsTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@TempDir
	Path logs;

	@Test
	void theRulesAndTheDashboardUseOnlyWhatTheApplicationExports() throws Exception {
		OperationsKit kit = OperationsKit.load();
		// Nothing listens at the Redis port the application is given (a free port rather
		// than 6379, which another process on this machine may hold), so it leases its
		// worker code from the JDBC store in an embedded PostgreSQL server, as the quick
		// start does on a machine without Redis. Burst mode on, so that the borrow-ahead
		// meters the dashboard shows are exported too.
		int redisPort = FreePorts.loopback();
		try (SampleProcess app = SampleProcess.asQuickStart(this.logs, "scraped",
				"--spring.data.redis.port=" + redisPort, "--snowflake.clock.borrow-ahead=200ms")) {
			app.awaitUp();
			Matcher database = Pattern.compile("Embedded PostgreSQL server started on port (\\d+) ").matcher(app.log());
			assertThat(database.find()).as(app.log()).isTrue();
			assertThat(app.log()).contains("Nothing answers at Redis localhost:" + redisPort
					+ ": leasing worker codes from the JDBC lease store (snowflake.worker.allocator=jdbc)");
			HttpResponse<String> scrape = this.http.send(
					HttpRequest.newBuilder(app.uri("/actuator/prometheus")).header("Accept", "text/plain").build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(scrape.statusCode()).isEqualTo(200);
			String exposition = scrape.body();
			assertThat(exposition).contains("snowflake_ids_issued_total{", "snowflake_issuable{");
			assertThat(kit.problemsWith(exposition)).as(exposition).isEmpty();
			// the check sees a rename in this very output
			assertThat(
					kit.problemsWith(exposition.replace("snowflake_lease_remaining_seconds", "snowflake_lease_left")))
				.anySatisfy((problem) -> assertThat(problem).contains(
						"alert SnowflakeLeaseRunningOut: metric snowflake_lease_remaining_seconds is not exported"));
			assertThat(kit.problemsWith(exposition.replace("result=\"failed\"", "result=\"timeout\"")))
				.anySatisfy((problem) -> assertThat(problem).contains("SnowflakeLeaseRenewalsFailing"));

			// health shows the lease and its domain: the database without credentials,
			// the table
			HttpResponse<String> health = this.http.send(
					HttpRequest.newBuilder(app.uri("/actuator/health/snowflake")).build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
			JsonNode details = json.readTree(health.body()).get("details");
			assertThat(details.get("allocator").asString()).isEqualTo("jdbc");
			assertThat(details.get("domain").get("jdbc").asString())
				.startsWith("jdbc:postgresql://127.0.0.1:" + database.group(1) + "/")
				.doesNotContainIgnoringCase("password");
			assertThat(details.get("domain").get("table").asString()).isEqualTo("snowflake_worker_lease");
			assertThat(details.get("domain").get("namespace").asString()).isEqualTo("sample-orders");

			// a release is logged only when the database took it, so the embedded server
			// outlived the lease
			Matcher acquired = Pattern.compile("Acquired worker code (\\d+) ").matcher(app.log());
			assertThat(acquired.find()).as(app.log()).isTrue();
			assertThat(app.log())
				.contains("unique within the domain [database jdbc:postgresql://127.0.0.1:" + database.group(1));
			app.terminate();
			assertThat(app.log()).contains("Released worker code " + acquired.group(1) + " of region 0",
					"Embedded PostgreSQL server on port " + database.group(1) + " stopped");
		}
	}

}
