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
import java.util.ArrayList;
import java.util.List;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.testsupport.FreePorts;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample app as Spring AOT processing built it ({@code process-aot}, before
 * {@code package}), started on the JVM with {@code -Dspring.aot.enabled=true}: it creates
 * an order, whose entity gets its ID from the Hibernate generator, and reads it back,
 * with the worker-code allocator the process is started with (the build saw the default,
 * redis). Runs in the {@code integration-test} phase, after the processing.
 */
@RealProcesses
class SampleAppAotTests {

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@TempDir
	Path work;

	@Test
	void theAotProcessedAppCreatesAnOrderWithARedisLease() throws Exception {
		try (RedisServer redis = RedisServer.start();
				SampleProcess app = aotApp("aot-redis", "--spring.data.redis.port=" + redis.port())) {
			JsonNode health = details(app);
			assertThat(health.get("allocator").asString()).isEqualTo("redis");
			assertThat(health.get("domain").get("redis").asString()).endsWith(":" + redis.port());
			assertThat(worker(createAndReadOrder(app, "aot-1"))).isEqualTo(health.get("workerCode").asInt());
		}
	}

	/**
	 * No Redis at all: the port the application's Redis settings name has nothing behind
	 * it.
	 */
	@Test
	void theAllocatorIsChosenWhenTheAotProcessedAppStarts() throws Exception {
		int nothingListens = FreePorts.loopback();
		try (SampleProcess app = aotApp("aot-static", "--spring.data.redis.port=" + nothingListens,
				"--snowflake.worker.allocator=static", "--snowflake.worker.code=42")) {
			JsonNode health = details(app);
			assertThat(health.get("allocator").asString()).isEqualTo("static");
			assertThat(health.get("workerCode").asInt()).isEqualTo(42);
			assertThat(health.get("domain").get("workerCode").asInt()).isEqualTo(42);
			assertThat(health.get("ceiling").asString()).as("a static code without a state file").isEqualTo("none");
			assertThat(worker(createAndReadOrder(app, "aot-2"))).isEqualTo(42);
		}
	}

	private SampleProcess aotApp(String name, String... arguments) throws Exception {
		List<String> args = new ArrayList<>(List.of(SampleAppEndToEndTests.SHORT_LEASES));
		args.addAll(List.of(arguments));
		SampleProcess app = SampleProcess.app(this.work, name, List.of("-Dspring.aot.enabled=true"),
				args.toArray(String[]::new));
		try {
			app.awaitUp();
			assertThat(app.log()).contains("Starting AOT-processed SampleApplication");
			return app;
		}
		catch (RuntimeException | AssertionError ex) {
			app.close();
			throw ex;
		}
	}

	/** Creates an order, reads it back by its public ID, and returns the internal ID. */
	private long createAndReadOrder(SampleProcess app, String idempotencyKey) throws Exception {
		HttpResponse<String> created = this.http.send(HttpRequest.newBuilder(app.uri("/api/orders"))
			.header("Content-Type", "application/json")
			.header("Idempotency-Key", idempotencyKey)
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
		return SampleAppEndToEndTests.PUBLIC_IDS.decode(id.asString());
	}

	private JsonNode details(SampleProcess app) throws Exception {
		HttpResponse<String> health = this.http.send(
				HttpRequest.newBuilder(app.uri("/actuator/health/snowflake")).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
		return json.readTree(health.body()).get("details");
	}

	private static int worker(long id) {
		return SnowflakeLayout.defaults().decode(id).worker();
	}

}
