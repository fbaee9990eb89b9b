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
package dev.snowflakeid.jdbc.lease;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.jdbc.lease.PostgreSqlLeaseFixture.Table;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import dev.snowflakeid.testsupport.RealProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Claim 12 of the JDBC store on a real server: a region keeps the format it was first
 * used with, another format takes only an unused region and only side by side (equal
 * timestamp bits, region bits, tick and epoch), and a lost meta row is made again only
 * beside regions whose formats and limit agree. Every refusal writes nothing.
 */
@RealProcesses
class JdbcFormatCoexistenceTests {

	@RegisterExtension
	static final PostgreSqlLeaseFixture postgres = PostgreSqlLeaseFixture.start();

	/** The fixture's 41/2/3/17 with one more worker bit and one sequence bit fewer. */
	private static final SnowflakeLayout SIDE_BY_SIDE = layout(41, 2, 4, 16, PostgreSqlLeaseFixture.LAYOUT.epoch());

	/** Three region bits: its region field overlaps the fixture's worker field. */
	private static final SnowflakeLayout OTHER_REGION_BITS = layout(41, 3, 2, 17,
			PostgreSqlLeaseFixture.LAYOUT.epoch());

	/** The fixture's widths with an epoch a day later: its IDs repeat the fixture's. */
	private static final SnowflakeLayout LATER_EPOCH = layout(41, 2, 3, 17,
			PostgreSqlLeaseFixture.LAYOUT.epoch().plus(Duration.ofDays(1)));

	@Test
	void aSideBySideFormatTakesAnUnusedRegionOnlyWithTheSetting() {
		Table table = postgres.freshTable();
		table.store().claim(-1);
		List<Map<String, Object>> before = table.snapshot();
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(table, SIDE_BY_SIDE, 1, FormatCoexistence.NONE).claim(-1))
			.withMessageContaining("records format '" + PostgreSqlLeaseFixture.LAYOUT + "'")
			.withMessageContaining("which this instance could use in a region no instance has used yet");
		assertThat(table.snapshot()).isEqualTo(before);
		LeaseGrant grant = store(table, SIDE_BY_SIDE, 1, FormatCoexistence.SIDE_BY_SIDE).claim(-1);
		assertThat(regionRow(table, 1)).containsEntry("format", SIDE_BY_SIDE.toString())
			.containsEntry("lead_limit", PostgreSqlLeaseFixture.TIMING.leadLimit().toMillis());
		assertThat(meta(table)).as("the table's format stays")
			.containsEntry("format", PostgreSqlLeaseFixture.LAYOUT.toString());
		// the region keeps its format: another instance of it needs no setting, the
		// table's format is refused there
		JdbcWorkerLeaseStore sameFormat = store(table, SIDE_BY_SIDE, 1, FormatCoexistence.NONE);
		assertThat(sameFormat.claim(-1).workerCode()).isNotEqualTo(grant.workerCode());
		assertThat(store(table, SIDE_BY_SIDE, 1, FormatCoexistence.SIDE_BY_SIDE).renew(grant).status())
			.isEqualTo(LeaseRenewal.Status.RENEWED);
		List<Map<String, Object>> taken = table.snapshot();
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> table.builder(table.dataSource()).region(1).build().claim(-1))
			.withMessageContaining("region 1 of lease table")
			.withMessageContaining("records format '" + SIDE_BY_SIDE + "'")
			.withMessageContaining("a region keeps the format it was first used with");
		assertThat(table.snapshot()).isEqualTo(taken);
	}

	@Test
	void aSideBySideFormatNeverTakesARegionInUse() {
		Table table = postgres.freshTable();
		table.store().claim(-1);
		List<Map<String, Object>> before = table.snapshot();
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(table, SIDE_BY_SIDE, 0, FormatCoexistence.SIDE_BY_SIDE).claim(-1))
			.withMessageContaining("region 0 of lease table")
			.withMessageContaining("a region keeps the format it was first used with");
		assertThat(table.snapshot()).isEqualTo(before);
	}

	@Test
	void formatsWhoseIdsCouldMeetAreRefusedEvenSideBySide() {
		Table table = postgres.freshTable();
		table.store().claim(-1);
		List<Map<String, Object>> before = table.snapshot();
		for (SnowflakeLayout other : List.of(OTHER_REGION_BITS, LATER_EPOCH)) {
			assertThatExceptionOfType(StoreMismatchException.class)
				.isThrownBy(() -> store(table, other, 2, FormatCoexistence.SIDE_BY_SIDE).claim(-1))
				.withMessageContaining("here they differ")
				.withMessageContaining("so these IDs could meet whatever the region");
		}
		assertThat(table.snapshot()).isEqualTo(before);
	}

	/**
	 * Region rows outlive a deleted meta row, and IDs outlive both: the first grant after
	 * the loss must not record a format whose IDs meet the regions' IDs, nor a limit
	 * whose quarantine would not cover their ceilings.
	 */
	@Test
	void aLostMetaRowIsMadeAgainOnlyBesideRegionsWhoseFormatAndLimitAgree() {
		Table table = postgres.freshTable();
		table.store().claim(-1);
		postgres.admin().update("DELETE FROM " + table.qualified() + " WHERE region = -1 AND code = -1");
		List<Map<String, Object>> before = table.snapshot();
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(table, LATER_EPOCH, 2, FormatCoexistence.SIDE_BY_SIDE).claim(-1))
			.withMessageContaining("region 0 of lease table")
			.withMessageContaining("a lost meta row is made again only beside regions whose formats");
		assertThat(table.snapshot()).isEqualTo(before);
		JdbcWorkerLeaseStore longerLimit = table.builder(table.dataSource())
			.region(2)
			.timing(PostgreSqlLeaseFixture.TIMING
				.withLeadLimit(PostgreSqlLeaseFixture.TIMING.leadLimit().plus(Duration.ofSeconds(5))))
			.build();
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> longerLimit.claim(-1))
			.withMessageContaining("fleet lead limit " + PostgreSqlLeaseFixture.TIMING.leadLimit().toMillis() + " ms");
		assertThat(table.snapshot()).isEqualTo(before);
		// a side-by-side format may make it again, in a region of its own, and the
		// fleet's own format goes on in its region
		LeaseGrant sideBySide = store(table, SIDE_BY_SIDE, 2, FormatCoexistence.SIDE_BY_SIDE).claim(-1);
		assertThat(meta(table)).containsEntry("format", SIDE_BY_SIDE.toString());
		assertThat(sideBySide.floorMillis()).as("the loss floor: the quarantine past the database clock")
			.isGreaterThanOrEqualTo(
					sideBySide.storeTimeMillis() + PostgreSqlLeaseFixture.TIMING.quarantine().toMillis());
		assertThat(table.store().claim(-1).workerCode()).isNotNegative();
	}

	/**
	 * A region row from before regions recorded their format counts as the table's
	 * format, and the next grant of the region records it.
	 */
	@Test
	void aRegionRowWithoutItsFormatIsCompletedByTheNextGrant() {
		Table table = postgres.freshTable();
		JdbcWorkerLeaseStore store = table.store();
		LeaseGrant grant = store.claim(-1);
		postgres.admin()
			.update("UPDATE " + table.qualified() + " SET format = NULL, lead_limit = NULL, "
					+ "witness_xid = txid_current() WHERE region = 0 AND code = -1");
		assertThat(regionRow(table, 0)).containsEntry("format", null);
		List<Map<String, Object>> before = table.snapshot();
		assertThatExceptionOfType(StoreMismatchException.class)
			.isThrownBy(() -> store(table, SIDE_BY_SIDE, 0, FormatCoexistence.SIDE_BY_SIDE).claim(-1))
			.withMessageContaining("a region keeps the format it was first used with");
		assertThat(table.snapshot()).isEqualTo(before);
		assertThat(store.renew(grant).status()).isEqualTo(LeaseRenewal.Status.RENEWED);
		assertThat(regionRow(table, 0)).containsEntry("format", PostgreSqlLeaseFixture.LAYOUT.toString())
			.containsEntry("lead_limit", PostgreSqlLeaseFixture.TIMING.leadLimit().toMillis());
	}

	private static JdbcWorkerLeaseStore store(Table table, SnowflakeLayout layout, int region,
			FormatCoexistence coexistence) {
		return JdbcWorkerLeaseStore.builder(table.dataSource(), layout)
			.schema(table.schema())
			.region(region)
			.formatCoexistence(coexistence)
			.timing(PostgreSqlLeaseFixture.TIMING)
			.commandTimeout(PostgreSqlLeaseFixture.TIMING.requestLateness())
			.build();
	}

	private static Map<String, Object> regionRow(Table table, int region) {
		return postgres.admin()
			.queryForMap("SELECT format, lead_limit FROM " + table.qualified() + " WHERE region = ? AND code = -1",
					region);
	}

	private static Map<String, Object> meta(Table table) {
		return postgres.admin()
			.queryForMap("SELECT format, lead_limit FROM " + table.qualified() + " WHERE region = -1 AND code = -1");
	}

	private static SnowflakeLayout layout(int timestamp, int region, int worker, int sequence, Instant epoch) {
		return SnowflakeLayout.builder()
			.timestampBits(timestamp)
			.regionBits(region)
			.workerBits(worker)
			.sequenceBits(sequence)
			.tick(PostgreSqlLeaseFixture.LAYOUT.tick())
			.epoch(epoch)
			.build();
	}

}
