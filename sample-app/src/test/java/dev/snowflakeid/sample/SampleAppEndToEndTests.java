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
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.DecodedId;
import dev.snowflakeid.IdFormats;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.autoconfigure.SnowflakeProperties;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.publicid.PublicIds;
import dev.snowflakeid.redis.autoconfigure.SnowflakeRedisProperties;
import dev.snowflakeid.testsupport.CompatibilitySubset;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import dev.snowflakeid.webmvc.autoconfigure.SnowflakePublicIdProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of the sample application, as separate processes against one
 * redis-server, creating orders concurrently over HTTP; then one is killed with SIGKILL
 * and started again at once.
 */
@RealProcesses
@CompatibilitySubset
class SampleAppEndToEndTests {

	/** Public-ID key of the tests, so that they can decode what the API shows. */
	static final String KEY = "q0pN6tHkR2vY8wLz4cXe1uJm5sBd9fGa7iKo3yTn0hE=";

	static final PublicIds PUBLIC_IDS = new PublicIds(Map.of('t', Base64.getDecoder().decode(KEY)), 't');

	/**
	 * The test key and short lease timings, so that a first claim on a test's empty Redis
	 * waits out a quarantine of seconds: ceiling lead = outage tolerance 1.4 s + 2 renew
	 * intervals of 300 ms = 2 s; quarantine = ceiling lead + 2 &times; (max clock skew
	 * 500 ms + command timeout 200 ms) = 3.4 s (the defaults: 12 s and 14.6 s).
	 */
	static final String[] SHORT_LEASES = { "--snowflake.public-ids.keys.t=" + KEY,
			"--snowflake.public-ids.active-key=t", "--snowflake.worker.lease.ttl=6s",
			"--snowflake.worker.lease.renew-interval=300ms", "--snowflake.worker.lease.outage-tolerance=1400ms",
			"--snowflake.worker.lease.max-clock-skew=500ms", "--snowflake.worker.redis.command-timeout=200ms",
			"--snowflake.worker.lease.fleet-lead-limit=2700ms" };

	/** How long a client keeps retrying an order the generator refused (503). */
	private static final Duration REFUSALS_RETRIED_FOR = Duration.ofSeconds(10);

	private static final int ORDERS_PER_INSTANCE = 10_000;

	private static final JsonMapper json = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@TempDir
	Path logs;

	@Test
	void twoInstancesIssueDistinctIdsAndAKilledInstanceRestartsAboveItsEarlierIds() throws Exception {
		try (RedisServer redis = RedisServer.start();
				SampleProcess a = SampleProcess.app(this.logs, "a", args(redis, "a"));
				SampleProcess b = SampleProcess.app(this.logs, "b", args(redis, "b"))) {
			a.awaitUp();
			b.awaitUp();
			long[][] created = createConcurrently(List.of(a, b), ORDERS_PER_INSTANCE);
			long[] fromA = created[0];
			long[] fromB = created[1];
			assertThat(distinct(concat(fromA, fromB))).isEqualTo(2 * ORDERS_PER_INSTANCE);
			int codeA = singleWorker(fromA);
			int codeB = singleWorker(fromB);
			assertThat(codeA).isNotEqualTo(codeB);
			assertThat(worker(a)).isEqualTo(codeA);
			assertThat(worker(b)).isEqualTo(codeB);

			a.kill();
			a.restart().awaitUp();
			long[] afterRestart = createConcurrently(List.of(a), 1_000)[0];
			long lastBefore = Arrays.stream(fromA).map(SampleAppEndToEndTests::timestamp).max().orElseThrow();
			long firstAfter = Arrays.stream(afterRestart).map(SampleAppEndToEndTests::timestamp).min().orElseThrow();
			assertThat(firstAfter).as("the restarted instance starts above every timestamp it used before")
				.isGreaterThan(lastBefore);
			assertThat(distinct(concat(concat(fromA, fromB), afterRestart))).isEqualTo(2 * ORDERS_PER_INSTANCE + 1_000);
		}
	}

	@Test
	void theShortLeaseArgumentsAreSnowflakePropertiesWithTheTimingsTheirCommentStates() {
		Map<String, String> arguments = new LinkedHashMap<>();
		for (String argument : SHORT_LEASES) {
			String[] pair = argument.substring("--".length()).split("=", 2);
			arguments.put(pair[0], pair[1]);
		}
		// an argument that names no property fails the binding instead of being ignored
		Binder binder = new Binder(new MapConfigurationPropertySource(arguments));
		BindHandler noneUnbound = new NoUnboundElementsBindHandler(BindHandler.DEFAULT);
		Map<String, Object> modules = Map.of("snowflake.worker.lease", new SnowflakeProperties.Lease(),
				"snowflake.worker.redis", new SnowflakeRedisProperties(), "snowflake.public-ids",
				new SnowflakePublicIdProperties());
		modules.forEach((prefix, properties) -> binder.bind(prefix, Bindable.ofInstance(properties), noneUnbound));
		assertThat(arguments.keySet())
			.allMatch((key) -> modules.keySet().stream().anyMatch((prefix) -> key.startsWith(prefix + ".")));
		// the core's timing of these settings, on one Redis without replicas (no failover
		// window)
		SnowflakeProperties.Lease lease = (SnowflakeProperties.Lease) modules.get("snowflake.worker.lease");
		SnowflakeRedisProperties redis = (SnowflakeRedisProperties) modules.get("snowflake.worker.redis");
		LeaseTiming timing = new LeaseTiming(lease.getOutageTolerance(), lease.getRenewInterval(),
				lease.getMaxClockSkew(), Duration.ZERO, redis.getCommandTimeout())
			.withLeadLimit(lease.getFleetLeadLimit());
		assertThat(timing.ceilingLead()).isEqualTo(Duration.ofSeconds(2));
		assertThat(timing.quarantine()).isEqualTo(Duration.ofMillis(3400));
	}

	private static String[] args(RedisServer redis, String name) {
		List<String> args = new ArrayList<>(List.of(SHORT_LEASES));
		args.add("--spring.data.redis.port=" + redis.port());
		args.add("--spring.datasource.url=jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
		args.add("--spring.application.name=e2e-orders");
		return args.toArray(String[]::new);
	}

	private long[][] createConcurrently(List<SampleProcess> apps, int perApp) throws Exception {
		int threadsPerApp = 4;
		ExecutorService pool = Executors.newFixedThreadPool(apps.size() * threadsPerApp);
		try {
			List<List<Future<long[]>>> futures = new ArrayList<>();
			for (SampleProcess app : apps) {
				List<Future<long[]>> mine = new ArrayList<>();
				for (int t = 0; t < threadsPerApp; t++) {
					int count = perApp / threadsPerApp;
					mine.add(pool.submit(() -> create(app, count)));
				}
				futures.add(mine);
			}
			long[][] result = new long[apps.size()][];
			for (int i = 0; i < apps.size(); i++) {
				long[] all = new long[0];
				for (Future<long[]> future : futures.get(i)) {
					all = concat(all, future.get(5, TimeUnit.MINUTES));
				}
				result[i] = all;
			}
			return result;
		}
		finally {
			pool.shutdownNow();
		}
	}

	// A 503 means the generator refused (nothing stored): retry with the same key, as a
	// client should.
	private long[] create(SampleProcess app, int count) throws Exception {
		long[] ids = new long[count];
		for (int i = 0; i < count; i++) {
			HttpRequest request = HttpRequest.newBuilder(app.uri("/api/orders"))
				.header("Content-Type", "application/json")
				.header("Idempotency-Key", UUID.randomUUID().toString())
				.POST(HttpRequest.BodyPublishers.ofString("{\"item\":\"widget\",\"quantity\":1}"))
				.build();
			HttpResponse<String> answered = app.await(
					"order " + (i + 1) + " of " + count + " on port " + app.port() + " answered other than 503",
					REFUSALS_RETRIED_FOR, () -> this.http.send(request, HttpResponse.BodyHandlers.ofString()),
					(response) -> response.statusCode() != 503);
			assertThat(answered.statusCode()).as(() -> answered.body() + "\n" + app.logTail()).isEqualTo(201);
			JsonNode id = json.readTree(answered.body()).get("id");
			assertThat(id.isString()).as("IDs travel as JSON strings: %s", answered.body()).isTrue();
			assertThat(id.asString()).as("only the public form").matches("t[0-9A-Za-z]{11}");
			ids[i] = PUBLIC_IDS.decode(id.asString());
			String number = json.readTree(answered.body()).get("number").asString();
			assertThat(number).as("the order number, in Crockford's base 32").matches("[0-9A-HJKMNP-TV-Z]{13}");
			assertThat(SnowflakeLayout.defaults().decode(IdFormats.Form.CROCKFORD32.parse(number)).region())
				.as("the order-numbers generator's region")
				.isOne();
		}
		return ids;
	}

	private int worker(SampleProcess app) throws Exception {
		HttpResponse<String> health = this.http.send(
				HttpRequest.newBuilder(app.uri("/actuator/health/snowflake")).build(),
				HttpResponse.BodyHandlers.ofString());
		return json.readTree(health.body()).get("details").get("workerCode").asInt();
	}

	private static int singleWorker(long[] ids) {
		int[] workers = Arrays.stream(ids).mapToInt((id) -> decode(id).worker()).distinct().toArray();
		assertThat(workers).hasSize(1);
		return workers[0];
	}

	private static DecodedId decode(long id) {
		return SnowflakeLayout.defaults().decode(id);
	}

	private static long timestamp(long id) {
		return decode(id).timestamp().toEpochMilli();
	}

	private static long[] concat(long[] first, long[] second) {
		long[] all = Arrays.copyOf(first, first.length + second.length);
		System.arraycopy(second, 0, all, first.length, second.length);
		return all;
	}

	private static int distinct(long[] ids) {
		return (int) Arrays.stream(ids).distinct().count();
	}

}
