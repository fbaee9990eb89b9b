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

import java.net.ConnectException;
import java.time.Duration;
import java.util.List;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLeaseException;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.RedisConnectionFailureException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Each refusal of lease.lua becomes its own exception, whose message names the region's
 * keys and the settings of this worker that the refusal compares; a failure to reach
 * Redis names the action and the deepest cause.
 */
class LeaseRefusalsTests {

	// ceiling lead 10 + 2 x 1 = 12 s; quarantine 12 s + 2 x (1 s + 300 ms) + the 2 s
	// failover window = 16.6 s
	private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(10), Duration.ofSeconds(1),
			Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofMillis(300));

	private final LeaseRefusals refusals = new LeaseRefusals(
			LeaseSettings.of(SnowflakeLayout.defaults(), "ids", "orders", 2, Duration.ofSeconds(10), TIMING,
					Duration.ofMillis(300), 2, Duration.ofSeconds(1), 0, false, FormatCoexistence.NONE));

	@Test
	void noFreeCodeNamesTheRegionAndHowManyCodesItHas() {
		assertThat(this.refusals.refusal(LeaseReply.of(List.of(-1L, 5L)), 5))
			.isInstanceOfSatisfying(NoFreeWorkerCodeException.class, (ex) -> {
				assertThat(ex.region()).isEqualTo(2);
				assertThat(ex.codes()).isEqualTo(256);
			})
			.hasMessage("no free worker code in region 2: all 256 codes are leased");
	}

	@Test
	void aMismatchSetsTheRegionsSettingsAgainstThisWorkers() {
		LeaseReply mismatch = LeaseReply
			.of(List.of(-4L, 5L, "41/2/10/10 tick=PT0.001S epoch=2026-01-01T00:00:00Z", "1", "14600", "12000"));
		assertThat(this.refusals.refusal(mismatch, 5)).isInstanceOf(StoreMismatchException.class)
			.hasMessage("Redis keys ids:{orders:2}:* were set up for format '41/2/10/10 tick=PT0.001S "
					+ "epoch=2026-01-01T00:00:00Z' in region 1 with quarantine 14600 ms and ceiling lead 12000 ms, "
					+ "but this instance uses format '41/2/8/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z' in region 2 "
					+ "with quarantine 16600 ms and ceiling lead 12000 ms. Other lease timing takes a region over only "
					+ "once no lease granted under the recorded timing can be in use (every recorded ceiling plus the "
					+ "recorded quarantine has passed); a region's format never changes");
	}

	@Test
	void anotherFormatOfTheKeySpaceNamesBothFormatsAndTheProperties() {
		LeaseReply mismatch = LeaseReply
			.of(List.of(-8L, 5L, "41/3/7/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z", "orders", "13300"));
		assertThat(this.refusals.refusal(mismatch, 5)).isInstanceOf(StoreMismatchException.class)
			.hasMessage("region 2 of the key space ids (ids:format) issues IDs of format '41/3/7/12 tick=PT0.001S "
					+ "epoch=2026-01-01T00:00:00Z', but this instance's snowflake.layout.*, snowflake.epoch and "
					+ "snowflake.layout.tick give '41/2/8/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z'. IDs of two "
					+ "formats can be equal, so a region keeps the format it was first used with; another format runs "
					+ "only in a region of its own, and only with snowflake.worker.redis.format-coexistence="
					+ "side-by-side where timestamp bits, region bits, tick and epoch are equal (the timestamp and the "
					+ "region then lie in the same bits of every ID)");
	}

	@Test
	void anotherFormatOfAnUnusedRegionSaysWhyItCannotRunSideBySide() {
		LeaseReply mismatch = LeaseReply
			.of(List.of(-8L, 5L, "41/3/7/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z", "", "13300"));
		assertThat(this.refusals.refusal(mismatch, 5)).isInstanceOf(StoreMismatchException.class)
			.hasMessageStartingWith("the key space ids (ids:format) issues IDs of format '41/3/7/12")
			.hasMessageEndingWith(": here they differ ('41/3 tick=PT0.001S epoch=2026-01-01T00:00:00Z' against "
					+ "'41/2 tick=PT0.001S epoch=2026-01-01T00:00:00Z'), so these IDs could meet whatever the region");
	}

	@Test
	void aRegionOfAnotherNamespaceNamesThatNamespace() {
		LeaseReply mismatch = LeaseReply
			.of(List.of(-8L, 5L, "41/2/8/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z", "billing", "13300"));
		assertThat(this.refusals.refusal(mismatch, 5)).isInstanceOf(StoreMismatchException.class)
			.hasMessage("region 2 of the key space ids belongs to namespace 'billing', but this instance uses "
					+ "namespace 'orders'. IDs carry the region, not the namespace: two namespaces in one region issue "
					+ "the same IDs");
	}

	@Test
	void anotherFleetLeadLimitNamesBothLimitsAndTheProperty() {
		LeaseReply mismatch = LeaseReply
			.of(List.of(-8L, 5L, "41/2/8/12 tick=PT0.001S epoch=2026-01-01T00:00:00Z", "orders", "20000"));
		assertThat(this.refusals.refusal(mismatch, 5)).isInstanceOf(StoreMismatchException.class)
			.hasMessage("the key space ids (ids:format) records a fleet lead limit of 20000 ms, but this instance's "
					+ "snowflake.worker.lease.fleet-lead-limit is 13300 ms. The quarantine after a data loss covers "
					+ "every instance's ceilings only if they share the limit");
	}

	@Test
	void aMissingFormatRecordIsUnavailabilityThatWroteNothing() {
		assertThat(this.refusals.refusal(LeaseReply.of(List.of(-7L, 5L)), 5))
			.isInstanceOf(LeaseStoreUnavailableException.class)
			.hasMessage("Redis key space ids has no format record ids:format; Redis wrote nothing");
	}

	@Test
	void aSkewIsTheCallersClockMinusRedisTime() {
		LeaseReply skew = LeaseReply.of(List.of(-5L, 10_000L, 12_500L));
		assertThat(this.refusals.refusal(skew, 12_500))
			.isInstanceOfSatisfying(ClockSkewException.class, (ex) -> assertThat(ex.skewMillis()).isEqualTo(2_500))
			.hasMessage(
					"worker clock and Redis TIME differ by 2500 ms (request sent at 1970-01-01T00:00:12.500Z, run at 1970-01-01T00:00:10Z), more "
							+ "than the allowed 1000 ms skew plus 300 ms lateness; Redis wrote nothing");
	}

	@Test
	void anUnsafePrimaryNamesTheReasonAndTheReplicaSettings() {
		LeaseReply unsafe = LeaseReply.of(List.of(-6L, 5L, "1 of 2 replicas within the lag limit"));
		assertThat(this.refusals.refusal(unsafe, 5)).isInstanceOf(LeaseStoreUnavailableException.class)
			.hasNoCause()
			.hasMessage("Redis (ids:{orders:2}:*) refuses to grant: 1 of 2 replicas within the lag limit "
					+ "(snowflake.worker.redis.replicas=2, max-replica-lag=1s)");
	}

	@Test
	void aMissingMajorityIsExplainedAsSuchNeverAsAnUnreachableRedis() {
		LeaseReply fewOnline = LeaseReply
			.of(List.of(-6L, 5L, "0 of 2 attached replicas online within 1 s lag, 1 of 2 required"));
		WorkerLeaseException few = this.refusals.refusal(fewOnline, 5);
		assertThat(few).isInstanceOfSatisfying(RedisReplicaQuorumException.class,
				(ex) -> assertThat(ex.tooMany()).isFalse());
		FailureAnalysis bringBack = LeaseApplications.analyze(few);
		assertThat(bringBack.getDescription())
			.startsWith("Worker leases were refused by Redis within the startup "
					+ "wait budget: Redis (ids:{orders:2}:*) refuses to grant: 0 of 2 attached replicas online")
			.contains("Redis was reached");
		assertThat(bringBack.getAction()).startsWith("Bring replicas back until at least 1 of them are online")
			.contains("Do not lower snowflake.worker.redis.replicas")
			.doesNotContain("running");
		// wrapped as a failed startup wraps it, and inside an unavailable store: still no
		// connection to check
		assertThat(LeaseApplications.analyze(new IllegalStateException("startup failed",
				new LeaseStoreUnavailableException("no lease within the startup wait budget", few))))
			.satisfies((wrapped) -> assertThat(wrapped.getAction()).isEqualTo(bringBack.getAction()));

		LeaseReply tooMany = LeaseReply.of(List.of(-6L, 5L, "3 replicas attached, more than the 2 configured"));
		WorkerLeaseException many = this.refusals.refusal(tooMany, 5);
		assertThat(many).isInstanceOfSatisfying(RedisReplicaQuorumException.class,
				(ex) -> assertThat(ex.tooMany()).isTrue());
		assertThat(LeaseApplications.analyze(many).getAction())
			.startsWith("Set snowflake.worker.redis.replicas on every instance of the region to at least the number "
					+ "of replicas attached");

		LeaseReply role = LeaseReply.of(List.of(-6L, 5L, "role is slave, not master"));
		assertThat(this.refusals.refusal(role, 5)).isNotInstanceOf(RedisReplicaQuorumException.class)
			.isInstanceOf(LeaseStoreUnavailableException.class);
	}

	@Test
	void grantsAndRenewalOutcomesAreNoRefusals() {
		for (List<?> reply : List.of(List.of(1L, 7L, 3L, 100L, 200L, 150L, 1L, "run/repl"), List.of(-2L, 5L),
				List.of(-3L, 5L))) {
			assertThatIllegalStateException().isThrownBy(() -> this.refusals.refusal(LeaseReply.of(reply), 5))
				.withMessage("not a refusal: " + reply);
		}
	}

	@Test
	void anUnavailableStoreNamesTheActionAndTheDeepestCause() {
		RedisConnectionFailureException refused = new RedisConnectionFailureException("Unable to connect to Redis",
				new ConnectException("Connection refused"));
		assertThat(this.refusals.unavailable("claim a worker code", refused)).hasCause(refused)
			.hasMessage("Redis lease store (ids:{orders:2}:*) could not claim a worker code: Unable to connect to "
					+ "Redis: Connection refused");
		QueryTimeoutException timeout = new QueryTimeoutException("Redis command timed out");
		assertThat(this.refusals.unavailable("count free worker codes", timeout)).hasCause(timeout)
			.hasMessage("Redis lease store (ids:{orders:2}:*) could not count free worker codes: Redis command timed "
					+ "out");
	}

}
