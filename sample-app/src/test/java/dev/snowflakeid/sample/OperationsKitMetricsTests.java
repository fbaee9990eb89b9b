package dev.snowflakeid.sample;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

import dev.snowflakeid.ops.OperationsKit;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every metric name, label and label value that the Prometheus rules and the Grafana dashboard of
 * {@code ops/} use is in what a running sample application exports on {@code /actuator/prometheus}, so a
 * renamed meter or tag fails the build instead of silencing a production alert.
 */
@RealProcesses
class OperationsKitMetricsTests {

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@TempDir
	Path logs;

	@Test
	void theRulesAndTheDashboardUseOnlyWhatTheApplicationExports() throws Exception {
		OperationsKit kit = OperationsKit.load();
		// burst mode on, so that the borrow-ahead meters the dashboard shows are exported too
		try (RedisServer redis = RedisServer.start();
				SampleProcess app = SampleProcess.app(this.logs, "scraped", "--spring.data.redis.port=" + redis.port(),
						"--spring.datasource.url=jdbc:h2:mem:scraped;DB_CLOSE_DELAY=-1",
						"--snowflake.clock.borrow-ahead=200ms")) {
			app.awaitUp();
			HttpResponse<String> scrape = this.http.send(
					HttpRequest.newBuilder(app.uri("/actuator/prometheus")).header("Accept", "text/plain").build(),
					HttpResponse.BodyHandlers.ofString());
			assertThat(scrape.statusCode()).isEqualTo(200);
			String exposition = scrape.body();
			assertThat(exposition).contains("snowflake_ids_issued_total{", "snowflake_issuable{");
			assertThat(kit.problemsWith(exposition)).as(exposition).isEmpty();
			// the check sees a rename in this very output
			assertThat(kit.problemsWith(exposition.replace("snowflake_lease_remaining_seconds", "snowflake_lease_left")))
				.anySatisfy((problem) -> assertThat(problem)
					.contains("alert SnowflakeLeaseRunningOut: metric snowflake_lease_remaining_seconds is not exported"));
			assertThat(kit.problemsWith(exposition.replace("result=\"failed\"", "result=\"timeout\"")))
				.anySatisfy((problem) -> assertThat(problem).contains("SnowflakeLeaseRenewalsFailing"));
		}
	}

}
