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
package dev.snowflakeid.redis;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import io.lettuce.core.RedisURI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worker leases over TLS, against {@code redis-server} processes that speak only TLS
 * ({@code --port 0 --tls-port P}) with certificates from a certificate authority made by
 * the test: one that accepts any client, one that requires a client certificate (mutual
 * TLS). Each way docs/redis.md names to turn TLS on gives a lease connection that works
 * against them; pointed at a plaintext server, each one fails startup instead of falling
 * back to plaintext.
 */
@RealProcesses
class RedisTlsLeaseTests {

	@TempDir
	static Path dir;

	private static TestCertificates certificates;

	private static RedisServer tls;

	private static RedisServer mutual;

	private static RedisServer plain;

	@BeforeAll
	static void startServers() {
		certificates = TestCertificates.generate(dir);
		tls = RedisServer.startTls(certificates.serverCertificate(), certificates.serverKey(), certificates.ca(), false,
				certificates.clientCertificate(), certificates.clientKey());
		mutual = RedisServer.startTls(certificates.serverCertificate(), certificates.serverKey(), certificates.ca(),
				true, certificates.clientCertificate(), certificates.clientKey());
		plain = RedisServer.start();
	}

	@AfterAll
	static void stopServers() {
		Stream.of(tls, mutual, plain).filter((server) -> server != null).forEach(RedisServer::close);
	}

	private static ApplicationContextRunner runner() {
		return LeaseApplications.runner(false)
			.withPropertyValues("spring.ssl.bundle.pem.leases.truststore.certificate=file:" + certificates.ca(),
					"spring.ssl.bundle.pem.mutual.truststore.certificate=file:" + certificates.ca(),
					"spring.ssl.bundle.pem.mutual.keystore.certificate=file:" + certificates.clientCertificate(),
					"spring.ssl.bundle.pem.mutual.keystore.private-key=file:" + certificates.clientKey());
	}

	@Test
	void aRedissUrlWithTheCertificateAuthorityInAnSslBundle() {
		runner()
			.withPropertyValues("spring.data.redis.url=rediss://127.0.0.1:" + tls.port(),
					"spring.data.redis.ssl.bundle=leases")
			.run((context) -> assertIssuesThrough(context, tls));
	}

	@Test
	void mutualTlsWithTheClientCertificateInAnSslBundle() {
		runner()
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + mutual.port(),
					"spring.data.redis.ssl.enabled=true", "spring.data.redis.ssl.bundle=mutual")
			.run((context) -> assertIssuesThrough(context, mutual));
		runner()
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + mutual.port(),
					"spring.data.redis.ssl.bundle=leases",
					"snowflake.worker.lease.startup-wait-budget=" + LeaseApplications.SHORTEST_BUDGET)
			.run((context) -> assertThat(context).as("no client certificate").hasFailed());
	}

	@Test
	void aSeparateLeaseRedisOverTlsBesideAPlaintextApplicationRedis() {
		runner()
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + plain.port(),
					"snowflake.worker.redis.url=rediss://127.0.0.1:" + mutual.port(),
					"snowflake.worker.redis.ssl.bundle=mutual")
			.run((context) -> {
				assertIssuesThrough(context, mutual);
				assertThat((List<?>) plain.call("KEYS", "snowflake:*")).isEmpty();
			});
	}

	static Stream<Arguments> tlsConfigurations() {
		return Stream.of(Arguments.of("spring.data.redis.ssl.enabled", List.of("spring.data.redis.ssl.enabled=true")),
				Arguments.of("spring.data.redis.ssl.bundle", List.of("spring.data.redis.ssl.bundle=leases")),
				Arguments.of("mutual TLS bundle", List.of("spring.data.redis.ssl.bundle=mutual")),
				Arguments.of("rediss:// URL", List.of("spring.data.redis.url=rediss://127.0.0.1:PORT")),
				Arguments.of("rediss:// URL and bundle",
						List.of("spring.data.redis.url=rediss://127.0.0.1:PORT",
								"spring.data.redis.ssl.bundle=leases")),
				Arguments.of("snowflake.worker.redis rediss:// URL",
						List.of("snowflake.worker.redis.url=rediss://127.0.0.1:PORT")),
				Arguments.of("snowflake.worker.redis.ssl.enabled",
						List.of("snowflake.worker.redis.host=127.0.0.1", "snowflake.worker.redis.port=PORT",
								"snowflake.worker.redis.ssl.enabled=true")),
				Arguments.of("snowflake.worker.redis.ssl.bundle", List.of("snowflake.worker.redis.host=127.0.0.1",
						"snowflake.worker.redis.port=PORT", "snowflake.worker.redis.ssl.bundle=leases")));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("tlsConfigurations")
	void noTlsConfigurationFallsBackToPlaintext(String name, List<String> properties) {
		String[] pointedAtPlaintext = properties.stream()
			.map((property) -> property.replace("PORT", Integer.toString(plain.port())))
			.toArray(String[]::new);
		runner()
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + plain.port(),
					"snowflake.worker.lease.startup-wait-budget=" + LeaseApplications.SHORTEST_BUDGET)
			.withPropertyValues(pointedAtPlaintext)
			.run(RedisTlsLeaseTests::assertNoLeaseOverPlaintext);
	}

	@Test
	void aCustomizerCannotTurnTlsOff() {
		runner().withUserConfiguration(PlaintextCustomizer.class)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + tls.port(),
					"spring.data.redis.ssl.bundle=leases")
			.run((context) -> assertIssuesThrough(context, tls));
		runner().withUserConfiguration(PlaintextCustomizer.class)
			.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + plain.port(),
					"spring.data.redis.ssl.bundle=leases",
					"snowflake.worker.lease.startup-wait-budget=" + LeaseApplications.SHORTEST_BUDGET)
			.run(RedisTlsLeaseTests::assertNoLeaseOverPlaintext);
	}

	private static void assertIssuesThrough(AssertableApplicationContext context, RedisServer server) {
		assertThat(context).hasNotFailed();
		IdGenerator ids = context.getBean(IdGenerator.class);
		assertThat(ids.nextId()).isPositive();
		assertThat(String.valueOf(server.call("CLIENT", "LIST"))).contains("name=snowflake-lease");
		assertThat((List<?>) server.call("KEYS", "snowflake:*:lease:*")).hasSize(1);
	}

	private static void assertNoLeaseOverPlaintext(AssertableApplicationContext context) {
		assertThat(context).hasFailed();
		Throwable cause = context.getStartupFailure();
		while (cause != null && !(cause instanceof LeaseStoreUnavailableException)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("the lease store could not be reached over TLS").isNotNull();
		assertThat(LeaseApplications.analyze(cause).getAction()).contains("SSL");
		assertThat((List<?>) plain.call("KEYS", "snowflake:*")).isEmpty();
	}

	/**
	 * A customizer that would point the client at a plaintext URI, as
	 * {@code apply(RedisURI)} does.
	 */
	@Configuration(proxyBeanMethods = false)
	static class PlaintextCustomizer {

		@Bean
		LettuceClientConfigurationBuilderCustomizer plaintext() {
			return (builder) -> builder.apply(RedisURI.create("redis://127.0.0.1"));
		}

	}

}
