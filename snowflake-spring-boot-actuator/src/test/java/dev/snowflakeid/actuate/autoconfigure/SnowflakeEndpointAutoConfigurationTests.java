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
package dev.snowflakeid.actuate.autoconfigure;

import java.time.Duration;
import java.time.Instant;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.actuate.LeaseEventCounters;
import dev.snowflakeid.actuate.SnowflakeEndpoint;
import dev.snowflakeid.actuate.SnowflakeEndpoint.DecodedIdDescriptor;
import dev.snowflakeid.actuate.SnowflakeEndpoint.SnowflakeDescriptor;
import dev.snowflakeid.actuate.SnowflakeEndpointWebExtension;
import dev.snowflakeid.actuate.SnowflakeGeneratorsEndpoint;
import dev.snowflakeid.autoconfigure.SnowflakeAutoConfiguration;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators;
import dev.snowflakeid.webmvc.autoconfigure.SnowflakePublicIdAutoConfiguration;
import dev.snowflakeid.publicid.PublicIds;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SnowflakeEndpointAutoConfigurationTests {

	private static final String PUBLIC_ID_KEY = "Jv7rQ2mXc9LpT4wZs1Ek8dYh3uNb6gFa0oRi5tWq2yM=";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakeEndpointAutoConfiguration.class))
		.withPropertyValues("snowflake.worker.allocator=static", "snowflake.worker.code=7", "snowflake.region=1");

	@Test
	void isNotCreatedUntilExposed() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(IdGenerator.class)
			.doesNotHaveBean(SnowflakeEndpoint.class)
			.doesNotHaveBean(SnowflakeEndpointWebExtension.class));
	}

	@Test
	void describesEachNamedGeneratorWithItsOwnLeaseCounters() {
		this.runner
			.withPropertyValues("management.endpoints.web.exposure.include=snowflake,snowflakeGenerators",
					"snowflake.generators.orders.region=2")
			.run((context) -> {
				SnowflakeGeneratorsEndpoint endpoint = context.getBean(SnowflakeGeneratorsEndpoint.class);
				context.getBean("orders", IdGenerator.class).nextIds(4);
				context.getBean(SnowflakeGenerators.class).worker("orders").keeper().renewNow();
				Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
					SnowflakeDescriptor orders = endpoint.generators().generators().get("orders");
					assertThat(orders.region()).isEqualTo(2);
					assertThat(orders.workerCode()).isEqualTo(7);
					assertThat(orders.domain()).isEqualTo(UniquenessDomain.staticCode(null, 7, 2).details());
					assertThat(orders.counters().idsIssued()).isEqualTo(4);
					assertThat(orders.counters().leaseRenewals()).containsEntry("renewed", 1L);
				});
				assertThat(endpoint.generators().generators()).containsOnlyKeys("orders");
				assertThat(endpoint.generator("orders")).isNotNull();
				assertThat(endpoint.generator("billing")).isNull();
				assertThat(context.getBean(SnowflakeEndpoint.class).snowflake().region()).isEqualTo(1);
			});
	}

	@Test
	void describesTheLayoutTheLeaseAndTheCounters() {
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=snowflake").run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeEndpoint.class)
				.hasSingleBean(SnowflakeEndpointWebExtension.class)
				.hasSingleBean(LeaseEventCounters.class);
			context.getBean(IdGenerator.class).nextIds(5);
			context.getBean(WorkerLeaseKeeper.class).renewNow();
			// Lease events reach their listeners on the keeper's event thread.
			LeaseEventCounters counters = context.getBean(LeaseEventCounters.class);
			Awaitility.await()
				.atMost(Duration.ofSeconds(10))
				.until(() -> counters.renewals(LeaseEventCounters.RenewalResult.RENEWED) == 1);
			SnowflakeDescriptor descriptor = context.getBean(SnowflakeEndpoint.class).snowflake();
			assertThat(descriptor.region()).isEqualTo(1);
			assertThat(descriptor.allocator()).isEqualTo("static");
			assertThat(descriptor.domain()).containsEntry("stateFile", null)
				.containsEntry("workerCode", 7)
				.containsEntry("region", 1);
			assertThat(descriptor.workerCode()).isEqualTo(7);
			assertThat(descriptor.generation()).isZero();
			assertThat(descriptor.issuable()).isTrue();
			assertThat(descriptor.reason()).isNull();
			assertThat(descriptor.layout().timestampBits()).isEqualTo(41);
			assertThat(descriptor.layout().regionBits()).isEqualTo(2);
			assertThat(descriptor.layout().workerBits()).isEqualTo(8);
			assertThat(descriptor.layout().sequenceBits()).isEqualTo(12);
			assertThat(descriptor.layout().tick()).isEqualTo("PT0.001S");
			assertThat(descriptor.layout().epoch()).isEqualTo("2026-01-01T00:00:00Z");
			assertThat(Instant.parse(descriptor.layout().lifetimeEnd())).isAfter(Instant.parse("2095-01-01T00:00:00Z"));
			// a static code without a state file has neither ceiling nor deadline; its
			// floor, once another
			// context of this JVM used the code, is the last millisecond that context's
			// generator used
			if (descriptor.lease().floor() != null) {
				assertThat(Instant.parse(descriptor.lease().floor())).isBefore(Instant.now());
			}
			assertThat(descriptor.lease().ceiling()).isNull();
			assertThat(descriptor.lease().expiring()).isFalse();
			assertThat(descriptor.epochRemainingMillis()).isPositive();
			assertThat(descriptor.borrowAhead()).isEqualTo("PT0S");
			assertThat(descriptor.counters().idsIssued()).isEqualTo(5);
			assertThat(descriptor.counters().refused()).containsOnlyKeys("clock_moved_backwards", "sequence_exhausted",
					"lease_unavailable", "epoch_exhausted");
			assertThat(descriptor.counters().waits()).containsOnlyKeys("clock_moved_backwards", "sequence_exhausted");
			assertThat(Instant.parse(descriptor.counters().lastIssued())).isBefore(Instant.now().plusSeconds(1));
			assertThat(descriptor.counters().leaseRenewals()).containsEntry("renewed", 1L);
			assertThat(descriptor.counters().leaseLosses()).containsOnlyKeys("expired", "fenced");
			// the code acquired at startup is not a claim after a loss
			assertThat(descriptor.counters().leaseClaims()).containsExactly(entry("reacquired", 0L),
					entry("failed", 0L));
		});
	}

	@Test
	void reportsWhyIdsCannotBeIssued() {
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=snowflake").run((context) -> {
			context.getBean(SnowflakeWorker.class).close();
			SnowflakeDescriptor descriptor = context.getBean(SnowflakeEndpoint.class).snowflake();
			assertThat(descriptor.issuable()).isFalse();
			assertThat(descriptor.reason()).isEqualTo("generator is stopped");
			assertThat(descriptor.workerCode()).isNull();
			assertThat(descriptor.lease()).isNull();
		});
	}

	@Test
	void decodesAnIdGivenInDecimalDigits() {
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=snowflake").run((context) -> {
			long id = context.getBean(IdGenerator.class).nextId();
			SnowflakeEndpoint endpoint = context.getBean(SnowflakeEndpoint.class);
			DecodedIdDescriptor decoded = endpoint.decode(Long.toString(id));
			assertThat(decoded.id()).isEqualTo(Long.toString(id));
			assertThat(decoded.region()).isEqualTo(1);
			assertThat(decoded.worker()).isEqualTo(7);
			assertThat(decoded.sequence()).isZero();
			assertThat(Instant.parse(decoded.timestamp()))
				.isEqualTo(context.getBean(IdGenerator.class).decode(id).timestamp());
			assertThat(endpoint.decode("0007").id()).isEqualTo("7");
			assertThat(endpoint.decode("9223372036854775807").id()).isEqualTo("9223372036854775807");
		});
	}

	@Test
	void decodesPublicIdsAndShowsThePublicFormOfInternalOnes() {
		this.runner.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
			.withPropertyValues("management.endpoints.web.exposure.include=snowflake",
					"snowflake.public-ids.keys.c=" + PUBLIC_ID_KEY, "snowflake.public-ids.active-key=c")
			.run((context) -> {
				long id = context.getBean(IdGenerator.class).nextId();
				String publicId = context.getBean(PublicIds.class).encode(id);
				SnowflakeEndpoint endpoint = context.getBean(SnowflakeEndpoint.class);
				assertThat(endpoint.decode(Long.toString(id)).publicId()).isEqualTo(publicId);
				DecodedIdDescriptor decoded = endpoint.decode(publicId);
				assertThat(decoded.id()).isEqualTo(Long.toString(id));
				assertThat(decoded.worker()).isEqualTo(7);
				assertThat(decoded.publicId()).isEqualTo(publicId);
				assertInvalid(endpoint, "c" + "!".repeat(11), "is not a public ID: holds a character outside");
				assertInvalid(endpoint, "cab", "is not a public ID: not 12 characters long");
				assertThatExceptionOfType(InvalidEndpointRequestException.class)
					.isThrownBy(() -> endpoint.decode("c" + "!".repeat(11)))
					.satisfies((ex) -> assertThat(ex.getReason()).doesNotContain(PUBLIC_ID_KEY.substring(0, 12)));
			});
	}

	@Test
	void refusesAnythingButDecimalDigitsWithTheReason() {
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=snowflake").run((context) -> {
			SnowflakeEndpoint endpoint = context.getBean(SnowflakeEndpoint.class);
			assertInvalid(endpoint, "", "blank");
			assertInvalid(endpoint, "   ", "blank");
			assertInvalid(endpoint, "-42", "negative");
			assertInvalid(endpoint, "+42", "only the digits 0-9");
			assertInvalid(endpoint, "12 3", "only the digits 0-9");
			assertInvalid(endpoint, "0x1F", "only the digits 0-9");
			assertInvalid(endpoint, "1e9", "only the digits 0-9");
			assertInvalid(endpoint, "abc", "only the digits 0-9");
			assertInvalid(endpoint, "١٢٣", "only the digits 0-9");
			assertInvalid(endpoint, "9223372036854775808", "exceeds 9223372036854775807");
			assertInvalid(endpoint, "18446744073709551615", "exceeds 9223372036854775807");
			assertInvalid(endpoint, "9".repeat(100), "exceeds");
			WebEndpointResponse<?> response = context.getBean(SnowflakeEndpointWebExtension.class).decode("abc");
			assertThat(response.getStatus()).isEqualTo(400);
			assertThat(response.getBody()).isInstanceOfSatisfying(SnowflakeEndpointWebExtension.InvalidId.class,
					(body) -> assertThat(body.reason()).contains("'abc'").contains("only the digits 0-9"));
			assertThat(context.getBean(SnowflakeEndpointWebExtension.class).decode("42").getStatus()).isEqualTo(200);
		});
	}

	@Test
	void withoutWebExposureThereIsNoWebExtension() {
		this.runner.withPropertyValues("spring.jmx.enabled=true", "management.endpoints.jmx.exposure.include=snowflake")
			.run((context) -> assertThat(context).hasSingleBean(SnowflakeEndpoint.class)
				.doesNotHaveBean(SnowflakeEndpointWebExtension.class));
	}

	@Test
	void backsOffToAUserEndpoint() {
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=snowflake")
			.withUserConfiguration(UserEndpointConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(SnowflakeEndpoint.class);
				assertThat(context.getBean(SnowflakeEndpoint.class)).isSameAs(context.getBean("userEndpoint"));
				assertThat(context.getBean(SnowflakeEndpoint.class).snowflake().counters().leaseRenewals()).isNull();
			});
	}

	@Test
	void needsNoActuatorOnTheClasspath() {
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=snowflake")
			.withClassLoader(new FilteredClassLoader("org.springframework.boot.actuate"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(IdGenerator.class)
				.doesNotHaveBean(SnowflakeEndpoint.class));
	}

	private static void assertInvalid(SnowflakeEndpoint endpoint, String id, String reason) {
		assertThatExceptionOfType(InvalidEndpointRequestException.class).isThrownBy(() -> endpoint.decode(id))
			.satisfies((ex) -> assertThat(ex.getReason()).contains(reason));
	}

	@Configuration(proxyBeanMethods = false)
	static class UserEndpointConfiguration {

		@Bean
		SnowflakeEndpoint userEndpoint(SnowflakeWorker worker) {
			return new SnowflakeEndpoint(worker, null);
		}

	}

}
