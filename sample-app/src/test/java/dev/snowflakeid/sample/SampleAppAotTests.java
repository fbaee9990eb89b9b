package dev.snowflakeid.sample;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app as Spring AOT processing built it ({@code process-aot}, before {@code package}), started on
 * the JVM with {@code -Dspring.aot.enabled=true}: it creates an order, whose entity gets its ID from the
 * Hibernate generator, and reads it back. Runs in the {@code integration-test} phase, after the processing.
 */
class SampleAppAotTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@TempDir
	Path work;

	@Test
	void theAotProcessedAppCreatesAnOrder() throws Exception {
		try (SampleProcess redis = SampleProcess.redis(this.work)) {
			List<String> args = new ArrayList<>(List.of(SampleAppEndToEndTests.SHORT_LEASES));
			args.add("--spring.data.redis.port=" + redis.port());
			try (SampleProcess app = SampleProcess
				.app(this.work, "aot", List.of("-Dspring.aot.enabled=true"), args.toArray(String[]::new))
				.awaitUp()) {
				assertThat(app.log()).contains("Starting AOT-processed SampleApplication");
				HttpResponse<String> created = this.http.send(HttpRequest.newBuilder(app.uri("/api/orders"))
					.header("Content-Type", "application/json")
					.header("Idempotency-Key", "aot-1")
					.POST(HttpRequest.BodyPublishers.ofString("{\"item\":\"widget\",\"quantity\":2}"))
					.build(), HttpResponse.BodyHandlers.ofString());
				assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
				JsonNode id = json.readTree(created.body()).get("id");
				assertThat(id.isString()).isTrue();
				assertThat(id.asString()).matches("t[0-9A-Za-z]{11}");
				HttpResponse<String> found = this.http.send(
						HttpRequest.newBuilder(app.uri("/api/orders/" + id.asString())).build(),
						HttpResponse.BodyHandlers.ofString());
				assertThat(found.statusCode()).isEqualTo(200);
				assertThat(json.readTree(found.body()).get("item").asString()).isEqualTo("widget");
			}
		}
	}

}
