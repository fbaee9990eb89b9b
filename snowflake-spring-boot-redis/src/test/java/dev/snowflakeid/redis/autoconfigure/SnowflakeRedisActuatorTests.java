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
package dev.snowflakeid.redis.autoconfigure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.annotation.DirtiesContext.MethodMode;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The health contributor, the endpoint and the meters over HTTP, in an application whose
 * worker lease lives in a real {@code redis-server}; then Redis is killed and started
 * again empty. Lease timings are short (ttl 3s, renewal every 300ms, outage tolerance
 * 300ms, so ceilings 900ms ahead) so the outage plays out in a few seconds, yet leave
 * lease commands 250ms and the skew check 1s: the first claim's round trip includes
 * connecting and loading the scripts, which on a busy machine takes longer than tighter
 * limits allow.
 */
@RealProcesses
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, classes = SnowflakeRedisActuatorTests.Application.class,
		properties = { "spring.application.name=actuator-test", "snowflake.worker.lease.ttl=3s",
				"snowflake.worker.lease.renew-interval=300ms", "snowflake.worker.lease.outage-tolerance=300ms",
				"snowflake.worker.lease.max-clock-skew=1s", "snowflake.worker.lease.fleet-lead-limit=2150ms",
				"snowflake.worker.lease.startup-wait-budget=10s", "snowflake.worker.redis.command-timeout=250ms",
				"spring.data.redis.host=127.0.0.1", "spring.data.redis.timeout=500ms",
				"management.endpoints.web.exposure.include=health,snowflake,metrics",
				"management.endpoint.health.show-details=always", "management.endpoint.health.probes.enabled=true",
				"spring.autoconfigure.exclude=org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration,"
						+ "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration,"
						+ "org.springframework.boot.data.jpa.autoconfigure.DataJpaRepositoriesAutoConfiguration" })
@DirtiesContext
class SnowflakeRedisActuatorTests {

	private static final Duration TTL = Duration.ofSeconds(3);

	/**
	 * How far above Redis time every ceiling lies: the core's rule over the outage
	 * tolerance and renew interval above.
	 */
	private static final Duration CEILING_LEAD = new LeaseTiming(Duration.ofMillis(300), Duration.ofMillis(300),
			Duration.ofSeconds(1), Duration.ZERO)
		.ceilingLead();

	private static final Duration DEADLINE = Duration.ofSeconds(15);

	private static final String ISO_INSTANT = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z";

	private static final JsonMapper json = JsonMapper.builder().build();

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private static RedisServer redis;

	@LocalServerPort
	int port;

	@Autowired
	IdGenerator ids;

	@Autowired
	ApplicationAvailability availability;

	@BeforeAll
	static void startRedis() {
		redis = RedisServer.start();
	}

	@AfterAll
	static void stopRedis() {
		if (redis != null) {
			redis.close();
		}
	}

	@DynamicPropertySource
	static void redisPort(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", () -> redis.port());
	}

	@Test
	void healthEndpointAndMetricsOverHttp() {
		Reply health = await("health UP", "/actuator/health/snowflake", (reply) -> reply.status() == 200);
		assertThat(health.body().get("status").asString()).isEqualTo("UP");
		JsonNode details = health.body().get("details");
		assertThat(details.get("allocator").asString()).isEqualTo("redis");
		// The application's name does not separate domains: the namespace is "default".
		assertThat(json.writeValueAsString(details.get("domain"))).isEqualTo("{\"redis\":\"127.0.0.1:" + redis.port()
				+ "\",\"database\":0,\"keyPrefix\":\"snowflake\",\"namespace\":\"default\",\"region\":0}");
		assertThat(details.get("region").isInt()).isTrue();
		assertThat(details.get("region").asInt()).isZero();
		assertThat(details.get("workerCode").isInt()).isTrue();
		assertThat(details.get("generation").isIntegralNumber()).isTrue();
		assertThat(details.get("generation").asLong()).isPositive();
		assertThat(details.get("leaseRemaining").asString()).matches("\\d+ms|\\d+\\.\\d{3}s");
		assertThat(details.get("ceiling").asString()).matches(ISO_INSTANT);
		assertThat(details.get("epochRemaining").asString()).matches("\\d+y \\d+d");
		assertThat(details.has("reason")).isFalse();
		assertThat(details.has("borrowLead")).isFalse();
		int workerCode = details.get("workerCode").asInt();

		long[] issued = this.ids.nextIds(3);
		Reply snowflake = get("/actuator/snowflake");
		assertThat(snowflake.status()).isEqualTo(200);
		JsonNode body = snowflake.body();
		assertThat(body.get("region").asInt()).isZero();
		assertThat(body.get("allocator").asString()).isEqualTo("redis");
		assertThat(body.get("workerCode").isInt()).isTrue();
		assertThat(body.get("workerCode").asInt()).isEqualTo(workerCode);
		assertThat(body.get("domain")).isEqualTo(details.get("domain"));
		assertThat(body.get("generation").isIntegralNumber()).isTrue();
		assertThat(body.get("issuable").asBoolean()).isTrue();
		JsonNode layout = body.get("layout");
		assertThat(layout.get("timestampBits").asInt()).isEqualTo(41);
		assertThat(layout.get("regionBits").asInt()).isEqualTo(2);
		assertThat(layout.get("workerBits").asInt()).isEqualTo(8);
		assertThat(layout.get("sequenceBits").asInt()).isEqualTo(12);
		assertThat(layout.get("tick").asString()).isEqualTo("PT0.001S");
		assertThat(layout.get("epoch").asString()).isEqualTo("2026-01-01T00:00:00Z");
		assertThat(layout.get("lifetimeEnd").asString()).matches(ISO_INSTANT);
		JsonNode lease = body.get("lease");
		assertThat(lease.get("floor").asString()).matches(ISO_INSTANT);
		assertThat(lease.get("ceiling").asString()).matches(ISO_INSTANT);
		assertThat(Instant.parse(lease.get("ceiling").asString()))
			.isAfter(Instant.parse(lease.get("floor").asString()));
		assertThat(lease.get("expiring").asBoolean()).isTrue();
		// Redis runs on this host, so the ceiling lies at most the lead above this clock;
		// the IDs just issued
		// show it had not been reached.
		assertThat(lease.get("remainingMillis").isIntegralNumber()).isTrue();
		assertThat(lease.get("remainingMillis").asLong()).isPositive().isLessThanOrEqualTo(CEILING_LEAD.toMillis());
		JsonNode counters = body.get("counters");
		assertThat(counters.get("idsIssued").isIntegralNumber()).isTrue();
		assertThat(counters.get("idsIssued").asLong()).isEqualTo(3);
		assertThat(counters.get("refused").get("lease_unavailable").isIntegralNumber()).isTrue();
		assertThat(counters.get("refused").get("lease_unavailable").asLong()).isZero();
		assertThat(counters.get("lastIssued").asString()).matches(ISO_INSTANT);

		long id = issued[2];
		Reply decoded = get("/actuator/snowflake/" + id);
		assertThat(decoded.status()).isEqualTo(200);
		assertThat(decoded.body().get("id").isString()).isTrue();
		assertThat(decoded.body().get("id").asString()).isEqualTo(Long.toString(id));
		assertThat(decoded.body().get("timestamp").isString()).isTrue();
		assertThat(Instant.parse(decoded.body().get("timestamp").asString()))
			.isEqualTo(this.ids.decode(id).timestamp());
		assertThat(decoded.body().get("region").asInt()).isZero();
		assertThat(decoded.body().get("worker").isInt()).isTrue();
		assertThat(decoded.body().get("worker").asInt()).isEqualTo(workerCode);
		assertThat(decoded.body().get("sequence").asInt()).isEqualTo(this.ids.decode(id).sequence());

		for (String malformed : new String[] { "12abc", "-5", "9223372036854775808", "0x1F" }) {
			Reply invalid = get("/actuator/snowflake/" + malformed);
			assertThat(invalid.status()).as(malformed).isEqualTo(400);
			assertThat(invalid.body().get("reason").asString()).as(malformed).contains(malformed);
		}

		Reply metric = get("/actuator/metrics/snowflake.ids.issued");
		assertThat(metric.status()).isEqualTo(200);
		assertThat(metric.body().get("measurements").get(0).get("statistic").asString()).isEqualTo("COUNT");
		assertThat(metric.body().get("measurements").get(0).get("value").asDouble()).isEqualTo(3.0);
		List<String> tags = new ArrayList<>();
		metric.body().get("availableTags").forEach((tag) -> tags.add(tag.get("tag").asString()));
		assertThat(tags).containsExactlyInAnyOrder("region", "generator");
		Reply available = get("/actuator/metrics/snowflake.worker.codes.available");
		assertThat(available.body().get("measurements").get(0).get("value").asDouble()).isEqualTo(255.0);
		await("a renewal counted", "/actuator/metrics/snowflake.lease.renewals?tag=result:renewed",
				(reply) -> value(reply) >= 1);
		Reply remaining = get("/actuator/metrics/snowflake.lease.remaining");
		assertThat(remaining.body().get("baseUnit").asString()).isEqualTo("seconds");
		assertThat(value(remaining)).isPositive().isLessThanOrEqualTo(CEILING_LEAD.toMillis() / 1000.0);
	}

	// Its context, which counted refusals and losses, is not reused.
	@Test
	@DirtiesContext(methodMode = MethodMode.AFTER_METHOD)
	void losingRedisStopsIssuingBeforeTheLeaseCouldPassOnAndRecoversWhenItReturns() {
		await("health UP", "/actuator/health/snowflake", (reply) -> reply.status() == 200);
		await("readiness UP", "/actuator/health/readiness", (reply) -> reply.status() == 200);
		long before = this.ids.nextId();

		long killedAt = System.nanoTime();
		redis.kill();
		AtomicLong lastIssued = new AtomicLong(before);
		// Stops before Redis could have let the lease expire and handed the code to
		// another owner.
		IdGenerationException refusal = Polling.await("a refusal after Redis died", TTL)
			.pollInterval(Duration.ofMillis(5))
			.until(() -> {
				try {
					lastIssued.set(this.ids.nextId());
					return null;
				}
				catch (IdGenerationException ex) {
					return ex;
				}
			}, (ex) -> ex != null);
		assertThat(System.nanoTime() - killedAt).isLessThan(TTL.toNanos());
		assertThat(refusal.reason()).isEqualTo(IdGenerationException.Reason.LEASE_UNAVAILABLE);

		Reply down = await("health DOWN", "/actuator/health/snowflake", (reply) -> reply.status() == 503);
		assertThat(down.body().get("status").asString()).isEqualTo("DOWN");
		assertThat(down.body().get("details").get("reason").asString()).matches(
				"no worker lease is held|clock reached the ceiling of worker code \\d+ and renewals have not raised it");
		awaitReadiness(ReadinessState.REFUSING_TRAFFIC);
		Reply refusing = get("/actuator/health/readiness");
		assertThat(refusing.status()).isEqualTo(503);
		assertThat(refusing.body().get("status").asString()).isEqualTo("OUT_OF_SERVICE");
		assertThatExceptionOfType(IdGenerationException.class).isThrownBy(this.ids::nextId);

		redis.restartEmpty();
		Reply up = await("health UP again", "/actuator/health/snowflake", (reply) -> reply.status() == 200);
		assertThat(up.body().get("status").asString()).isEqualTo("UP");
		awaitReadiness(ReadinessState.ACCEPTING_TRAFFIC);
		assertThat(get("/actuator/health/readiness").status()).isEqualTo(200);
		long after = this.ids.nextId();
		assertThat(after).isGreaterThan(lastIssued.get());
		assertThat(this.ids.decode(after).timestamp()).isAfter(this.ids.decode(lastIssued.get()).timestamp());
		assertThat(value(get("/actuator/metrics/snowflake.ids.refused?tag=reason:lease_unavailable")))
			.isGreaterThanOrEqualTo(1);
		assertThat(value(get("/actuator/metrics/snowflake.lease.losses"))).isGreaterThanOrEqualTo(1);
	}

	private void awaitReadiness(ReadinessState state) {
		Polling.await("readiness " + state, DEADLINE)
			.until(this.availability::getReadinessState, (now) -> now == state);
	}

	private Reply await(String what, String path, Predicate<Reply> condition) {
		return Polling.await(what + " at " + path, DEADLINE)
			.pollInterval(Duration.ofMillis(50))
			.until(() -> get(path), condition::test);
	}

	private static double value(Reply reply) {
		return reply.body().get("measurements").get(0).get("value").asDouble();
	}

	private Reply get(String path) {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(10))
			.GET()
			.build();
		try {
			HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
			return new Reply(response.statusCode(), json.readTree(response.body()));
		}
		catch (IOException ex) {
			throw new IllegalStateException("GET " + path + " failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	record Reply(int status, JsonNode body) {
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

}
