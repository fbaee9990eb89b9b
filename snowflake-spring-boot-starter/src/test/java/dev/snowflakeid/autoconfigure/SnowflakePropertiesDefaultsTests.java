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
package dev.snowflakeid.autoconfigure;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.Period;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;
import dev.snowflakeid.jackson.autoconfigure.SnowflakeJacksonProperties;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.redis.autoconfigure.RedisLeaseTimings;
import dev.snowflakeid.redis.autoconfigure.SnowflakeRedisProperties;
import dev.snowflakeid.testsupport.DocPages;
import dev.snowflakeid.webmvc.autoconfigure.SnowflakePublicIdProperties;
import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.SoftAssertions.assertSoftly;

/**
 * The defaults the documentation promises, written out as it writes them, against
 * {@link SnowflakeProperties} as Spring Boot binds it from an environment with no
 * property at all (system properties and environment variables removed, so a build's
 * {@code -Dsnowflake.*} cannot leak in). Each default is asserted once. The layout
 * table's ranges (4 regions, 256 codes, 4,096 IDs a tick, about 69.7 years) are those of
 * the default layout, asserted in {@code SnowflakeLayoutTests};
 * {@code management.health.snowflake.enabled} is not a {@code snowflake.*} property, and
 * its default is asserted in {@code SnowflakeHealthContributorAutoConfigurationTests}.
 */
class SnowflakePropertiesDefaultsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withInitializer((context) -> {
		MutablePropertySources sources = context.getEnvironment().getPropertySources();
		sources.remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
		sources.remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
	}).withUserConfiguration(BoundProperties.class);

	/**
	 * docs/configuration.md, row by row (the page is rendered from the metadata, whose
	 * defaults SnowflakePropertiesMetadataTests holds to the classes); every wrong
	 * default is reported at once.
	 */
	@Test
	void theConfigurationTable() {
		this.runner.run((context) -> assertSoftly((softly) -> {
			SnowflakeProperties properties = context.getBean(SnowflakeProperties.class);
			softly.assertThat(properties.isEnabled()).isTrue();
			softly.assertThat(properties.getEpoch()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
			softly.assertThat(properties.getRegion()).isZero();

			SnowflakeProperties.Layout layout = properties.getLayout();
			softly.assertThat(layout.getTimestampBits()).isEqualTo(41);
			softly.assertThat(layout.getRegionBits()).isEqualTo(2);
			softly.assertThat(layout.getWorkerBits()).isEqualTo(8);
			softly.assertThat(layout.getSequenceBits()).isEqualTo(12);
			softly.assertThat(layout.getTick()).isEqualTo(Duration.ofMillis(1));
			softly.assertThat(layout.getRequiredLifetime()).isEqualTo(Period.ofYears(60));

			SnowflakeProperties.Clock clock = properties.getClock();
			softly.assertThat(clock.getRollbackWaitBudget()).isEqualTo(Duration.ofMillis(5));
			softly.assertThat(clock.getForwardJumpAlert()).isEqualTo(Duration.ofSeconds(1));
			softly.assertThat(clock.getBorrowAhead()).as("0 (off)").isZero();
			softly.assertThat(properties.getSequence().getExhaustionWaitBudget()).isEqualTo(Duration.ofMillis(5));

			SnowflakeProperties.Worker worker = properties.getWorker();
			softly.assertThat(worker.getAllocator()).as("unset: the default").isNull();
			softly.assertThat(Allocator.DEFAULT).isEqualTo(Allocator.REDIS);
			softly.assertThat(worker.getCode()).as("none").isNull();
			softly.assertThat(worker.getStateFile()).as("none").isNull();
			softly.assertThat(worker.isStateFileMustExist()).isFalse();

			SnowflakeProperties.Lease lease = worker.getLease();
			softly.assertThat(lease.getTtl()).isEqualTo(Duration.ofSeconds(10));
			softly.assertThat(lease.getRenewInterval()).isEqualTo(Duration.ofSeconds(1));
			softly.assertThat(lease.getOutageTolerance()).isEqualTo(Duration.ofSeconds(10));
			softly.assertThat(lease.getStartupWaitBudget()).isNull();
			softly.assertThat(lease.getMaxClockSkew()).isEqualTo(Duration.ofSeconds(1));
			softly.assertThat(lease.getFleetLeadLimit()).isEqualTo(Duration.ofMillis(13_300));

			SnowflakeRedisProperties redis = context.getBean(SnowflakeRedisProperties.class);
			softly.assertThat(redis.getReplicas()).isZero();
			softly.assertThat(redis.getMaxReplicaLag()).isEqualTo(Duration.ofSeconds(1));
			softly.assertThat(redis.getNamespace()).isEqualTo("default");
			softly.assertThat(redis.getKeyPrefix()).isEqualTo("snowflake");
			softly.assertThat(redis.getCommandTimeout()).isEqualTo(Duration.ofMillis(300));
			softly.assertThat(redis.getConnectTimeout()).isEqualTo(Duration.ofSeconds(3));
			softly.assertThat(redis.getClientName()).isEqualTo("snowflake-lease");
			// "none (the application's Redis); with a host, port 6379 and database 0"
			softly.assertThat(redis.getUrl()).isNull();
			softly.assertThat(redis.getHost()).isNull();
			softly.assertThat(redis.getUsername()).isNull();
			softly.assertThat(redis.getPassword()).isNull();
			softly.assertThat(redis.getPort()).isEqualTo(6379);
			softly.assertThat(redis.getDatabase()).isZero();
			softly.assertThat(redis.getSentinel().getMaster()).isNull();
			softly.assertThat(redis.getSentinel().getNodes()).isEmpty();
			softly.assertThat(redis.getSentinel().getUsername()).isNull();
			softly.assertThat(redis.getSentinel().getPassword()).isNull();
			softly.assertThat(redis.getCluster().getNodes()).isEmpty();
			// "off": unset, so only a bundle or a rediss:// URL turns TLS on
			softly.assertThat(redis.getSsl().getEnabled()).isNull();
			softly.assertThat(redis.getSsl().getBundle()).isNull();

			SnowflakeJacksonProperties jackson = context.getBean(SnowflakeJacksonProperties.class);
			softly.assertThat(jackson.isEnabled()).isTrue();
			softly.assertThat(jackson.isWriteAllLongsAsStrings()).isFalse();
			SnowflakePublicIdProperties publicIds = context.getBean(SnowflakePublicIdProperties.class);
			softly.assertThat(publicIds.getActiveKey()).isNull();
			softly.assertThat(publicIds.getKeys()).isEmpty();
		}));
	}

	/**
	 * docs/configuration.md, outage-tolerance, fleet-lead-limit and startup-wait-budget
	 * rows: the ceiling lead "this plus two renew intervals, 12s", the quarantine 14.6s,
	 * the lead 13.3s, and a startup wait that covers the quarantine of a first start on
	 * an empty Redis; each figure the page gives is the one the timing derives.
	 */
	@Test
	void theFiguresTheConfigurationReferenceDerives() {
		String reference = DocPages.read("docs/configuration.md");
		this.runner.run((context) -> {
			SnowflakeProperties properties = context.getBean(SnowflakeProperties.class);
			LeaseTiming timing = redisTiming(context);
			Duration startupWait = LeaseTimingMapper.startupWaitBudget(properties, timing);
			assertThat(timing.ceilingLead()).isEqualTo(Duration.ofSeconds(12));
			assertThat(timing.quarantine()).isEqualTo(Duration.ofMillis(14_600));
			assertThat(startupWait).isEqualTo(Duration.ofSeconds(30)).isGreaterThan(timing.quarantine());
			assertThat(reference)
				.contains("this plus two renew intervals, " + seconds(timing.ceilingLead()) + "s with the defaults")
				.contains("a detected data loss (" + seconds(timing.quarantine()) + "s with the defaults)")
				.contains("command timeout, " + seconds(timing.lead()) + "s with the defaults)")
				.contains("at least 30s (" + seconds(startupWait) + "s with the defaults)");
		});
	}

	/**
	 * docs/safety-model.md, the terms table (read from the page for the derived figures):
	 * {@code ℓ} is the command timeout, {@code δ} = 2(s + ℓ) = 2.6 s, the failover window
	 * {@code W} is 0 s without replicas and 2 s with them, so {@code Q} is 16.6 s with
	 * replicas ({@code O}, {@code I}, {@code s} and the no-replica {@code A} and
	 * {@code Q} are asserted above).
	 */
	@Test
	void theSafetyModelTerms() {
		this.runner.run((context) -> {
			LeaseTiming timing = redisTiming(context);
			assertThat(timing.requestLateness()).as("ℓ").isEqualTo(Duration.ofMillis(300));
			assertThat(timing.quarantine().minus(timing.ceilingLead()).minus(timing.failoverWindow())).as("δ")
				.isEqualTo(Duration.ofMillis(2_600));
			assertThat(timing.failoverWindow()).as("W without replicas").isZero();
			assertThat(timing.leadLimit()).as("B = A + s + ℓ")
				.isEqualTo(timing.lead())
				.isEqualTo(Duration.ofMillis(13_300));
		});
		this.runner.withPropertyValues("snowflake.worker.redis.replicas=1").run((context) -> {
			LeaseTiming timing = redisTiming(context);
			assertThat(timing.failoverWindow()).as("W with replicas").isEqualTo(Duration.ofSeconds(2));
			assertThat(timing.quarantine()).as("Q with replicas").isEqualTo(Duration.ofMillis(16_600));
		});
		AtomicReference<LeaseTiming> alone = new AtomicReference<>();
		AtomicReference<LeaseTiming> replicated = new AtomicReference<>();
		this.runner.run((context) -> alone.set(redisTiming(context)));
		this.runner.withPropertyValues("snowflake.worker.redis.replicas=1")
			.run((context) -> replicated.set(redisTiming(context)));
		Map<String, String> terms = termDefaults();
		LeaseTiming timing = alone.get();
		assertThat(terms.get("A")).isEqualTo(seconds(timing.ceilingLead()) + " s");
		assertThat(terms.get("δ"))
			.isEqualTo(seconds(timing.quarantine().minus(timing.ceilingLead()).minus(timing.failoverWindow())) + " s");
		assertThat(terms.get("B")).isEqualTo(seconds(timing.leadLimit()) + " s");
		assertThat(terms.get("W")).isEqualTo(seconds(timing.failoverWindow()) + " s ("
				+ seconds(replicated.get().failoverWindow()) + " s with replicas)");
		assertThat(terms.get("Q")).isEqualTo(
				seconds(timing.quarantine()) + " s (" + seconds(replicated.get().quarantine()) + " s with replicas)");
	}

	/** The default column of docs/safety-model.md's terms table, by symbol. */
	private static Map<String, String> termDefaults() {
		Map<String, String> defaults = new LinkedHashMap<>();
		Matcher row = Pattern.compile("(?m)^\\| `([^`]+)` \\|.*\\| ([^|]+) \\|$")
			.matcher(DocPages.section("docs/safety-model.md", "Terms"));
		while (row.find()) {
			defaults.put(row.group(1), row.group(2).trim());
		}
		return defaults;
	}

	/** Seconds as the documentation writes them: 12, 2.6, 14.6. */
	private static String seconds(Duration duration) {
		return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString();
	}

	/** The lease timing of the bound properties with the Redis allocator, the default. */
	private static LeaseTiming redisTiming(ApplicationContext context) {
		SnowflakeProperties properties = context.getBean(SnowflakeProperties.class);
		SnowflakeRedisProperties redis = context.getBean(SnowflakeRedisProperties.class);
		return LeaseTimingMapper.leaseTiming(properties, () -> RedisLeaseTimings.of(properties, redis));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties({ SnowflakeProperties.class, SnowflakeRedisProperties.class,
			SnowflakeJacksonProperties.class, SnowflakePublicIdProperties.class })
	static class BoundProperties {

	}

}
