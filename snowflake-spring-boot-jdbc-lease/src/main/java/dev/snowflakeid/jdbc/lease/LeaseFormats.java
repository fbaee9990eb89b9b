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

import java.util.List;
import java.util.Objects;

import dev.snowflakeid.lease.SideBySideFormats;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Claim 12 for one grant: which format and fleet lead limit the table and the region
 * record, and whether this instance's may issue there. The meta row records the table's
 * format; every region row records the format and limit of its region (a region row
 * written before regions recorded them holds neither, and its region counts as the
 * table's format). An instance issues in a region only in the region's format, and takes
 * an unused region only in the table's format or, with
 * {@link FormatCoexistence#SIDE_BY_SIDE}, a format whose timestamp bits, region bits,
 * tick and epoch equal the table's. A lost meta row is made again only beside region rows
 * whose formats this instance's may run beside, and whose limit is this instance's:
 * region rows outlive a deleted meta row, and IDs outlive both. Every refusal happens
 * before the grant writes anything.
 */
final class LeaseFormats {

	private final PostgreSqlLeaseDialect dialect;

	private final LeaseSettings settings;

	LeaseFormats(PostgreSqlLeaseDialect dialect, LeaseSettings settings) {
		this.dialect = dialect;
		this.settings = settings;
	}

	/**
	 * Checks this instance's format and limit against the table's and the region's.
	 * @param meta the locked meta row, or {@code null} where it was missing or records no
	 * format (a new or lost meta row)
	 * @param regionRow the locked region row of this instance's region, if any
	 * @return the format the meta row records after this grant
	 * @throws StoreMismatchException if this instance may not issue here
	 */
	String check(JdbcTemplate jdbc, @Nullable LeaseRow meta, @Nullable LeaseRow regionRow) {
		String format = this.settings.format();
		String regionFormat = (regionRow != null) ? regionRow.format() : null;
		boolean regionRecords = regionFormat != null;
		if (regionRow != null && regionFormat != null && (!format.equals(regionFormat)
				|| !Objects.equals(regionRow.leadLimit(), this.settings.leadLimitMillis()))) {
			throw refused("region " + this.settings.region() + " of ", regionFormat, regionRow.leadLimit(),
					"a region keeps the format it was first used with");
		}
		if (meta == null) {
			for (LeaseRow other : jdbc.query(this.dialect.regionFormats(), LeaseRow::read)) {
				String otherFormat = Objects.requireNonNull(other.format());
				if (!Objects.equals(other.leadLimit(), this.settings.leadLimitMillis())
						|| !SideBySideFormats.mayShareKeySpace(otherFormat, format)) {
					throw refused("region " + other.region() + " of ", otherFormat, other.leadLimit(),
							"a lost meta row is made again only beside regions whose formats have this one's "
									+ "timestamp bits, region bits, tick and epoch, and this limit");
				}
			}
			return format;
		}
		String recorded = Objects.requireNonNull(meta.format());
		boolean sameFixedBits = SideBySideFormats.mayShareKeySpace(recorded, format);
		// a region that records this format already ran beside the table's; an unused
		// one (no region row) is taken beside it only with the setting
		boolean allowed = format.equals(recorded) || regionRecords && sameFixedBits
				|| regionRow == null && sameFixedBits && this.settings.coexistence() == FormatCoexistence.SIDE_BY_SIDE;
		if (!allowed || !Objects.equals(meta.leadLimit(), this.settings.leadLimitMillis())) {
			throw refused("", recorded, meta.leadLimit(),
					(regionRow != null)
							? "a region keeps the format it was first used with; " + sideBySideRule(recorded)
							: sideBySideRule(recorded));
		}
		return recorded;
	}

	private String sideBySideRule(String recorded) {
		String rule = "another format runs only in a region no instance has used, and only with "
				+ "snowflake.worker.jdbc.format-coexistence=side-by-side where timestamp bits, region bits, tick and "
				+ "epoch are equal (the timestamp and the region then lie in the same bits of every ID)";
		if (!SideBySideFormats.mayShareKeySpace(recorded, this.settings.format())) {
			return rule + ": here they differ ('" + SideBySideFormats.sharedPart(recorded) + "' against '"
					+ SideBySideFormats.sharedPart(this.settings.format())
					+ "'), so these IDs could meet whatever the region";
		}
		return (this.settings.coexistence() == FormatCoexistence.SIDE_BY_SIDE) ? rule
				: rule + ", which this instance could use in a region no instance has used yet";
	}

	private StoreMismatchException refused(String where, @Nullable String format, @Nullable Long limit, String rule) {
		return new StoreMismatchException(where + "lease table " + this.settings.table() + " records format '" + format
				+ "' and fleet lead limit " + limit + " ms, but this instance uses '" + this.settings.format()
				+ "' and " + this.settings.leadLimitMillis() + " ms. IDs of two formats can be equal, and the "
				+ "quarantine after a loss covers every instance's ceilings only if they share the limit: " + rule
				+ "; the database wrote nothing", LeaseGrants.STORE);
	}

	/**
	 * Whether the region row holds no format: written before region rows recorded one.
	 */
	static boolean needsRecord(List<LeaseRow> regionRows) {
		return !regionRows.isEmpty() && regionRows.get(0).code() == -1 && regionRows.get(0).format() == null;
	}

}
