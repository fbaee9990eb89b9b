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
package dev.snowflakeid.actuate;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import dev.snowflakeid.IdFormats.Form;
import dev.snowflakeid.DecodedId;
import dev.snowflakeid.SnowflakeIdGenerator.GeneratorStatistics;
import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.SnowflakeWorker.WorkerStatus;
import dev.snowflakeid.actuate.LeaseEventCounters.ClaimResult;
import dev.snowflakeid.actuate.LeaseEventCounters.RenewalResult;
import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.publicid.InvalidPublicIdException;
import dev.snowflakeid.publicid.PublicIds;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * The {@code snowflake} endpoint: the layout, the lease and the counters of this
 * instance's generator, and a decoder for IDs.
 *
 * <p>
 * JSON conventions: every ID is a string of decimal digits (JavaScript numbers cannot
 * hold 64-bit values), instants are ISO-8601 strings, counts and codes are numbers,
 * durations are numbers of milliseconds in fields ending in {@code Millis} or ISO-8601
 * durations ({@code tick}, {@code borrowAhead}). A floor or ceiling that does not apply
 * (a fixed worker code) is {@code null} here, and Actuator's JSON leaves such a field
 * out, as it leaves out every {@code null} one.
 */
@Endpoint(id = "snowflake")
public final class SnowflakeEndpoint {

	private static final int ECHO_LIMIT = 40;

	private final SnowflakeWorker worker;

	private final @Nullable LeaseEventCounters leaseEvents;

	private final @Nullable PublicIds publicIds;

	private final @Nullable UniquenessDomain domain;

	private final Form form;

	/**
	 * @param worker the generator and its lease keeper
	 * @param leaseEvents lease renewal and loss counts, or {@code null} to leave them out
	 */
	public SnowflakeEndpoint(SnowflakeWorker worker, @Nullable LeaseEventCounters leaseEvents) {
		this(worker, leaseEvents, null, null);
	}

	/**
	 * @param worker the generator and its lease keeper
	 * @param leaseEvents lease renewal and loss counts, or {@code null} to leave them out
	 * @param publicIds the public-ID key ring, or {@code null} without one
	 * @param domain the uniqueness domain, or {@code null} when unknown (a user-supplied
	 * lease store)
	 */
	public SnowflakeEndpoint(SnowflakeWorker worker, @Nullable LeaseEventCounters leaseEvents,
			@Nullable PublicIds publicIds, @Nullable UniquenessDomain domain) {
		this(worker, leaseEvents, publicIds, domain, Form.DECIMAL);
	}

	/**
	 * @param worker the generator and its lease keeper
	 * @param leaseEvents lease renewal and loss counts, or {@code null} to leave them out
	 * @param publicIds the public-ID key ring, or {@code null} without one
	 * @param domain the uniqueness domain, or {@code null} when unknown
	 * @param form string form in which {@link #decode} takes IDs
	 * ({@code snowflake.format.string}); a padded form never starts with a lowercase
	 * letter, so public IDs stay apart
	 */
	public SnowflakeEndpoint(SnowflakeWorker worker, @Nullable LeaseEventCounters leaseEvents,
			@Nullable PublicIds publicIds, @Nullable UniquenessDomain domain, Form form) {
		this.worker = Objects.requireNonNull(worker, "worker");
		this.leaseEvents = leaseEvents;
		this.publicIds = publicIds;
		this.domain = domain;
		this.form = Objects.requireNonNull(form, "form");
	}

	@ReadOperation
	public SnowflakeDescriptor snowflake() {
		SnowflakeIdGenerator generator = this.worker.generator();
		SnowflakeLayout layout = generator.layout();
		WorkerStatus status = this.worker.status();
		WorkerLease lease = status.lease();
		LayoutDescriptor layoutDescriptor = new LayoutDescriptor(layout.timestampBits(), layout.regionBits(),
				layout.workerBits(), layout.sequenceBits(), layout.tick().toString(), layout.epoch().toString(),
				layout.lifetimeEnd().toString(), layout.maxIdsPerTick(), layout.maxWorkers(), layout.maxRegions());
		LeaseDescriptor leaseDescriptor = (lease != null) ? new LeaseDescriptor(
				(lease.floorMillis() == Long.MIN_VALUE) ? null : Instant.ofEpochMilli(lease.floorMillis()).toString(),
				(lease.highestCeilingMillis() == Long.MAX_VALUE) ? null
						: Instant.ofEpochMilli(lease.highestCeilingMillis()).toString(),
				lease.renewable(), lease.renewable() ? status.leaseRemainingMillis() : null,
				(status.ceilingRemainingMillis() >= 0) ? status.ceilingRemainingMillis() : null) : null;
		return new SnowflakeDescriptor(generator.region(), this.worker.keeper().store().name(),
				(this.domain != null) ? this.domain.details() : null, (lease != null) ? lease.workerCode() : null,
				(lease != null) ? lease.generation() : null, status.issuable(), status.reason(), layoutDescriptor,
				leaseDescriptor, status.epochRemainingMillis(), generator.borrowAhead().toString(), status.leadMillis(),
				counters(generator));
	}

	/**
	 * Splits an ID into its fields. With a public-ID key ring, also takes a public ID,
	 * and shows the public form of the ID: this endpoint is for operators, the only place
	 * that links the two.
	 * @param id the ID in the configured string form (decimal digits by default), from 0
	 * to {@value Long#MAX_VALUE}, or a public ID
	 * @throws InvalidEndpointRequestException if {@code id} is blank, is not in the
	 * configured form (a sign, spaces, separators, a wrong width or character), or
	 * exceeds {@link Long#MAX_VALUE}; or, starting with a key identifier, is not a public
	 * ID under the key ring
	 */
	@ReadOperation
	public DecodedIdDescriptor decode(@Selector String id) {
		PublicIds publicIds = this.publicIds;
		long value = (publicIds != null && id != null && !id.isEmpty() && PublicIds.isKeyId(id.charAt(0)))
				? parsePublic(publicIds, id) : parse(id);
		DecodedId decoded = this.worker.generator().decode(value);
		String publicId = (publicIds != null && value > 0) ? publicIds.encode(value) : null;
		return new DecodedIdDescriptor(Long.toString(decoded.id()), decoded.timestamp().toString(), decoded.region(),
				decoded.worker(), decoded.sequence(), publicId);
	}

	private static long parsePublic(PublicIds publicIds, String id) {
		try {
			return publicIds.decode(id);
		}
		catch (InvalidPublicIdException ex) {
			throw invalid("'" + echo(id) + "' is " + ex.getMessage() + " (" + publicIds + ")");
		}
	}

	private long parse(String id) {
		try {
			return this.form.parse(id);
		}
		catch (IllegalArgumentException ex) {
			String shown = (id == null) ? "" : echo(id);
			throw invalid("ID '" + shown + "' is not a Snowflake ID: " + ex.getMessage() + "; give it as "
					+ this.form.description() + ", such as /actuator/snowflake/" + this.form.format(123456789));
		}
	}

	private static String echo(String id) {
		return (id.length() <= ECHO_LIMIT) ? id : id.substring(0, ECHO_LIMIT) + "...";
	}

	private static InvalidEndpointRequestException invalid(String reason) {
		return new InvalidEndpointRequestException(reason, reason);
	}

	private CountersDescriptor counters(SnowflakeIdGenerator generator) {
		GeneratorStatistics statistics = generator.statistics();
		Map<String, Long> refused = new LinkedHashMap<>();
		for (Reason reason : Reason.values()) {
			refused.put(StatisticKeys.of(reason), statistics.refusals(reason));
		}
		Map<String, WaitDescriptor> waits = new LinkedHashMap<>();
		for (Reason reason : StatisticKeys.WAIT_REASONS) {
			waits.put(StatisticKeys.of(reason),
					new WaitDescriptor(statistics.waits(reason), statistics.waitedNanos(reason) / 1_000_000.0));
		}
		long lastTick = statistics.lastIssuedTick();
		@Nullable String lastIssued = (lastTick == 0) ? null
				: Instant.ofEpochMilli(generator.layout().tickStartMillis(lastTick)).toString();
		Map<String, Long> renewals = null;
		Map<String, Long> losses = null;
		Map<String, Long> claims = null;
		if (this.leaseEvents != null) {
			renewals = new LinkedHashMap<>();
			for (RenewalResult result : RenewalResult.values()) {
				renewals.put(StatisticKeys.of(result), this.leaseEvents.renewals(result));
			}
			losses = new LinkedHashMap<>();
			for (LossReason reason : LossReason.values()) {
				losses.put(StatisticKeys.of(reason), this.leaseEvents.losses(reason));
			}
			claims = new LinkedHashMap<>();
			for (ClaimResult result : ClaimResult.values()) {
				claims.put(StatisticKeys.of(result), this.leaseEvents.claims(result));
			}
		}
		return new CountersDescriptor(statistics.idsIssued(), refused, statistics.sequenceExhaustions(),
				statistics.clockRollbacks(), statistics.largestClockRollbackMillis(), statistics.forwardJumps(),
				statistics.largestForwardJumpMillis(), statistics.borrowedTicks(), waits, lastIssued, renewals, losses,
				claims);
	}

	/**
	 * What the read operation returns.
	 *
	 * @param region region code
	 * @param allocator worker-code allocator, {@code redis} or {@code static}
	 * @param domain the instances this one's IDs are unique among (see
	 * {@link UniquenessDomain#details()}), or {@code null} when unknown
	 * @param workerCode worker code held, or {@code null} without a lease
	 * @param generation fencing generation of the lease, or {@code null} without a lease
	 * @param issuable whether IDs can be issued now
	 * @param reason why not, or {@code null}
	 * @param layout bit layout, tick and epoch
	 * @param lease lease bounds, or {@code null} without a lease
	 * @param epochRemainingMillis time until the layout's last tick ends
	 * @param borrowAhead borrow-ahead window, ISO-8601; {@code PT0S} when off
	 * @param leadMillis how far the last issued tick lies ahead of the wall clock
	 * @param counters running counts
	 */
	public record SnowflakeDescriptor(int region, String allocator, @Nullable Map<String, Object> domain,
			@Nullable Integer workerCode, @Nullable Long generation, boolean issuable, @Nullable String reason,
			LayoutDescriptor layout, @Nullable LeaseDescriptor lease, long epochRemainingMillis, String borrowAhead,
			long leadMillis, CountersDescriptor counters) implements OperationResponseBody {
	}

	/**
	 * Bit layout of the IDs.
	 *
	 * @param timestampBits bits of the timestamp field
	 * @param regionBits bits of the region field
	 * @param workerBits bits of the worker field
	 * @param sequenceBits bits of the sequence field
	 * @param tick timestamp unit, ISO-8601
	 * @param epoch instant of tick 0, ISO-8601
	 * @param lifetimeEnd first instant the timestamp field cannot represent, ISO-8601
	 * @param maxIdsPerTick IDs one worker can issue per tick
	 * @param maxWorkers worker codes per region
	 * @param maxRegions region codes
	 */
	public record LayoutDescriptor(int timestampBits, int regionBits, int workerBits, int sequenceBits, String tick,
			String epoch, String lifetimeEnd, long maxIdsPerTick, int maxWorkers, int maxRegions) {
	}

	/**
	 * Bounds of the lease in force.
	 *
	 * @param floor instant every issued tick starts after, ISO-8601, or {@code null} for
	 * none
	 * @param ceiling last instant an issued tick may reach until a renewal raises it,
	 * ISO-8601, or {@code null} for none
	 * @param expiring whether the lease must be renewed to move its ceiling on
	 * @param remainingMillis time until the clock reaches the ceiling, or {@code null}
	 * when the lease is not renewed
	 * @param ceilingRemainingMillis time until the wall clock reaches the ceiling, or
	 * {@code null} without one
	 */
	public record LeaseDescriptor(@Nullable String floor, @Nullable String ceiling, boolean expiring,
			@Nullable Long remainingMillis, @Nullable Long ceilingRemainingMillis) {
	}

	/**
	 * Running counts since startup.
	 *
	 * @param idsIssued IDs returned to callers
	 * @param refused refused calls by reason
	 * @param sequenceExhausted ticks whose whole sequence range was used
	 * @param clockRollbacks backward steps of the wall clock
	 * @param largestClockRollbackMillis largest backward step
	 * @param forwardJumps forward jumps above the alert threshold
	 * @param largestForwardJumpMillis largest forward jump
	 * @param borrowedTicks ticks entered ahead of the wall clock (borrow-ahead)
	 * @param waits waits for the clock by cause
	 * @param lastIssued start of the tick of the last issued ID, ISO-8601, or
	 * {@code null} before the first
	 * @param leaseRenewals renewal rounds by result, or {@code null} when not counted
	 * @param leaseLosses lost leases by reason, or {@code null} when not counted
	 * @param leaseClaims claims after a loss by result, or {@code null} when not counted
	 */
	public record CountersDescriptor(long idsIssued, Map<String, Long> refused, long sequenceExhausted,
			long clockRollbacks, long largestClockRollbackMillis, long forwardJumps, long largestForwardJumpMillis,
			long borrowedTicks, Map<String, WaitDescriptor> waits, @Nullable String lastIssued,
			@Nullable Map<String, Long> leaseRenewals, @Nullable Map<String, Long> leaseLosses,
			@Nullable Map<String, Long> leaseClaims) {
	}

	/**
	 * Waits of one cause.
	 *
	 * @param count waits that ended with the clock reaching the needed tick
	 * @param totalMillis time spent in them
	 */
	public record WaitDescriptor(long count, double totalMillis) {
	}

	/**
	 * Fields of one ID.
	 *
	 * @param id the ID, decimal digits
	 * @param timestamp start of the tick encoded in the ID, ISO-8601
	 * @param region region code
	 * @param worker worker code within the region
	 * @param sequence position within the tick
	 * @param publicId public form under the active key, or {@code null} without a key
	 * ring and for 0 (which has none); Actuator's JSON leaves the field out then
	 */
	public record DecodedIdDescriptor(String id, String timestamp, int region, int worker, int sequence,
			@Nullable String publicId) implements OperationResponseBody {
	}

}
