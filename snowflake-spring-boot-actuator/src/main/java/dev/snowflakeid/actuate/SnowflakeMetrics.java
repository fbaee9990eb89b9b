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

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.snowflakeid.SnowflakeIdGenerator.GeneratorStatistics;
import dev.snowflakeid.IdGenerationException.Reason;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.autoconfigure.SnowflakeGenerators;
import dev.snowflakeid.SnowflakeWorker.WorkerStatus;
import dev.snowflakeid.actuate.LeaseEventCounters.ClaimResult;
import dev.snowflakeid.actuate.LeaseEventCounters.RenewalResult;
import dev.snowflakeid.lease.LeaseEvent.LossReason;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseStore;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.jspecify.annotations.Nullable;

/**
 * The {@code snowflake.*} meters of one generator, all tagged {@code region} and
 * {@code generator} (its name, {@code default} for the generator of {@code snowflake.*}).
 * Each one reads a count or a snapshot the generator and the lease keeper already keep,
 * when the registry is scraped; nothing is recorded per ID.
 *
 * <ul>
 * <li>{@code snowflake.ids.issued}: IDs returned to callers.
 * <li>{@code snowflake.ids.refused} (tag {@code reason}: {@code clock_moved_backwards},
 * {@code sequence_exhausted}, {@code lease_unavailable}, {@code epoch_exhausted}): calls
 * that threw instead of issuing; a refused batch counts once.
 * <li>{@code snowflake.sequence.exhausted}: ticks whose whole sequence range was used.
 * <li>{@code snowflake.clock.rollback}: backward steps of the wall clock;
 * {@code snowflake.clock.rollback.max}: the largest one.
 * <li>{@code snowflake.clock.forward.jumps}: forward jumps above
 * {@code snowflake.clock.forward-jump-alert}; {@code snowflake.clock.forward.jumps.max}:
 * the largest one.
 * <li>{@code snowflake.wait} (tag {@code reason}: {@code clock_moved_backwards},
 * {@code sequence_exhausted}): count and total time of the waits for the clock that ended
 * in an ID.
 * <li>{@code snowflake.lease.renewals} (tag {@code result}: {@code renewed},
 * {@code failed}, {@code rejected}), {@code snowflake.lease.losses} (tag {@code reason}:
 * {@code expired}, {@code fenced}), {@code snowflake.lease.claims} (claims after a lost
 * lease, tag {@code result}: {@code reacquired}, {@code failed}; the claim at startup is
 * not counted): lease events, when a {@link LeaseEventCounters} is registered with the
 * keeper.
 * <li>{@code snowflake.lease.remaining}: time until this instance must stop issuing
 * unless a renewal succeeds: time until the clock reaches the lease ceiling; 0 without a
 * lease; NaN for a fixed code that never expires.
 * <li>{@code snowflake.issuable}: 1 while this instance can issue IDs, 0 while it refuses
 * them; the condition behind the {@code snowflake} health indicator and readiness, so
 * that an alert needs no health probe.
 * <li>{@code snowflake.worker.codes.available}: worker codes of the region nobody holds,
 * for allocators that can tell (Redis); read from the store at most once per
 * {@link #AVAILABLE_CODES_REFRESH}, NaN while the store cannot answer. Not registered for
 * the static allocator.
 * <li>{@code snowflake.epoch.remaining}: time until the layout's last tick ends.
 * <li>With borrow-ahead on: {@code snowflake.clock.borrowed}, how far the last issued
 * tick lies ahead of the wall clock, and {@code snowflake.clock.borrowed.ticks}, ticks
 * entered ahead of it.
 * </ul>
 */
public final class SnowflakeMetrics implements MeterBinder {

	/** Shortest time between two reads of the free worker codes from the lease store. */
	public static final Duration AVAILABLE_CODES_REFRESH = Duration.ofSeconds(10);

	private final SnowflakeWorker worker;

	private final @Nullable LeaseEventCounters leaseEvents;

	private final @Nullable AvailableCodes availableCodes;

	private final String name;

	/**
	 * Meters of the default generator, tagged {@code generator=default}.
	 * @param worker the generator and its lease keeper
	 * @param leaseEvents lease event counts, or {@code null} to leave the
	 * {@code snowflake.lease.*} counters out
	 */
	public SnowflakeMetrics(SnowflakeWorker worker, @Nullable LeaseEventCounters leaseEvents) {
		this(worker, leaseEvents, SnowflakeGenerators.DEFAULT);
	}

	/**
	 * Meters of the generator named {@code name}.
	 * @param worker the generator and its lease keeper
	 * @param leaseEvents lease event counts, or {@code null} to leave the
	 * {@code snowflake.lease.*} counters out
	 * @param name the generator's name, its {@code generator} tag
	 */
	public SnowflakeMetrics(SnowflakeWorker worker, @Nullable LeaseEventCounters leaseEvents, String name) {
		this(worker, leaseEvents, name, AVAILABLE_CODES_REFRESH);
	}

	SnowflakeMetrics(SnowflakeWorker worker, @Nullable LeaseEventCounters leaseEvents, Duration availableCodesRefresh) {
		this(worker, leaseEvents, SnowflakeGenerators.DEFAULT, availableCodesRefresh);
	}

	private SnowflakeMetrics(SnowflakeWorker worker, @Nullable LeaseEventCounters leaseEvents, String name,
			Duration availableCodesRefresh) {
		this.worker = Objects.requireNonNull(worker, "worker");
		this.leaseEvents = leaseEvents;
		this.name = Objects.requireNonNull(name, "name");
		WorkerLeaseStore store = worker.keeper().store();
		this.availableCodes = (store instanceof StaticWorkerLeaseStore) ? null
				: new AvailableCodes(store, availableCodesRefresh);
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		SnowflakeIdGenerator generator = this.worker.generator();
		GeneratorStatistics statistics = generator.statistics();
		Tags tags = Tags.of("region", Integer.toString(generator.region()), "generator", this.name);
		FunctionCounter.builder("snowflake.ids.issued", statistics, GeneratorStatistics::idsIssued)
			.description("IDs returned to callers")
			.tags(tags)
			.register(registry);
		for (Reason reason : Reason.values()) {
			FunctionCounter.builder("snowflake.ids.refused", statistics, (s) -> s.refusals(reason))
				.description("Calls refused instead of issuing an ID that might not be unique")
				.tags(tags)
				.tag("reason", StatisticKeys.of(reason))
				.register(registry);
		}
		FunctionCounter.builder("snowflake.sequence.exhausted", statistics, GeneratorStatistics::sequenceExhaustions)
			.description("Ticks whose whole sequence range was used")
			.tags(tags)
			.register(registry);
		FunctionCounter.builder("snowflake.clock.rollback", statistics, GeneratorStatistics::clockRollbacks)
			.description("Backward steps of the wall clock")
			.tags(tags)
			.register(registry);
		TimeGauge
			.builder("snowflake.clock.rollback.max", statistics, TimeUnit.MILLISECONDS,
					GeneratorStatistics::largestClockRollbackMillis)
			.description("Largest backward step of the wall clock")
			.tags(tags)
			.register(registry);
		FunctionCounter.builder("snowflake.clock.forward.jumps", statistics, GeneratorStatistics::forwardJumps)
			.description("Forward jumps of the wall clock above the alert threshold")
			.tags(tags)
			.register(registry);
		TimeGauge
			.builder("snowflake.clock.forward.jumps.max", statistics, TimeUnit.MILLISECONDS,
					GeneratorStatistics::largestForwardJumpMillis)
			.description("Largest forward jump of the wall clock")
			.tags(tags)
			.register(registry);
		for (Reason reason : StatisticKeys.WAIT_REASONS) {
			FunctionTimer
				.builder("snowflake.wait", statistics, (s) -> s.waits(reason), (s) -> s.waitedNanos(reason),
						TimeUnit.NANOSECONDS)
				.description("Waits for the clock that ended in an ID")
				.tags(tags)
				.tag("reason", StatisticKeys.of(reason))
				.register(registry);
		}
		LeaseEventCounters leaseEvents = this.leaseEvents;
		if (leaseEvents != null) {
			bindLeaseEvents(registry, tags, leaseEvents);
		}
		TimeGauge
			.builder("snowflake.lease.remaining", this.worker, TimeUnit.MILLISECONDS, SnowflakeMetrics::leaseRemaining)
			.description("Time until IDs stop unless a lease renewal succeeds")
			.tags(tags)
			.register(registry);
		Gauge.builder("snowflake.issuable", this.worker, (w) -> w.status().issuable() ? 1 : 0)
			.description("1 while this instance can issue IDs (health UP), 0 while it refuses them")
			.tags(tags)
			.register(registry);
		TimeGauge
			.builder("snowflake.epoch.remaining", this.worker, TimeUnit.MILLISECONDS,
					(w) -> w.status().epochRemainingMillis())
			.description("Time until the layout's last tick ends")
			.tags(tags)
			.register(registry);
		AvailableCodes availableCodes = this.availableCodes;
		if (availableCodes != null) {
			Gauge.builder("snowflake.worker.codes.available", availableCodes, AvailableCodes::value)
				.description("Worker codes of the region nobody holds")
				.tags(tags)
				.strongReference(true)
				.register(registry);
		}
		if (!generator.borrowAhead().isZero()) {
			TimeGauge
				.builder("snowflake.clock.borrowed", generator, TimeUnit.MILLISECONDS, SnowflakeIdGenerator::leadMillis)
				.description("How far the last issued tick lies ahead of the wall clock")
				.tags(tags)
				.register(registry);
			FunctionCounter.builder("snowflake.clock.borrowed.ticks", statistics, GeneratorStatistics::borrowedTicks)
				.description("Ticks entered ahead of the wall clock")
				.tags(tags)
				.register(registry);
		}
	}

	private static void bindLeaseEvents(MeterRegistry registry, Tags tags, LeaseEventCounters leaseEvents) {
		for (RenewalResult result : RenewalResult.values()) {
			FunctionCounter.builder("snowflake.lease.renewals", leaseEvents, (c) -> c.renewals(result))
				.description("Worker lease renewal rounds")
				.tags(tags)
				.tag("result", StatisticKeys.of(result))
				.register(registry);
		}
		for (LossReason reason : LossReason.values()) {
			FunctionCounter.builder("snowflake.lease.losses", leaseEvents, (c) -> c.losses(reason))
				.description("Worker leases lost")
				.tags(tags)
				.tag("reason", StatisticKeys.of(reason))
				.register(registry);
		}
		for (ClaimResult result : ClaimResult.values()) {
			FunctionCounter.builder("snowflake.lease.claims", leaseEvents, (c) -> c.claims(result))
				.description("Worker code claims after a lost lease")
				.tags(tags)
				.tag("result", StatisticKeys.of(result))
				.register(registry);
		}
	}

	private static double leaseRemaining(SnowflakeWorker worker) {
		WorkerStatus status = worker.status();
		if (status.lease() == null) {
			return 0;
		}
		long deadline = status.leaseRemainingMillis();
		long ceiling = status.ceilingRemainingMillis();
		if (deadline < 0 && ceiling < 0) {
			return Double.NaN;
		}
		if (deadline < 0 || ceiling < 0) {
			return Math.max(deadline, ceiling);
		}
		return Math.min(deadline, ceiling);
	}

	/**
	 * Free worker codes, read from the store on the scraping thread at most once per
	 * refresh interval so that scrapes never add load to the lease store, and never on
	 * the ID path.
	 */
	static final class AvailableCodes {

		private final WorkerLeaseStore store;

		private final long refreshNanos;

		private final AtomicBoolean reading = new AtomicBoolean();

		private volatile double value = Double.NaN;

		private volatile long readAt;

		private volatile boolean read;

		AvailableCodes(WorkerLeaseStore store, Duration refresh) {
			this.store = store;
			this.refreshNanos = refresh.toNanos();
		}

		double value() {
			long now = System.nanoTime();
			if ((!this.read || now - this.readAt >= this.refreshNanos) && this.reading.compareAndSet(false, true)) {
				try {
					long free = this.store.availableCodes();
					this.value = (free >= 0) ? free : Double.NaN;
				}
				catch (RuntimeException ex) {
					this.value = Double.NaN;
				}
				finally {
					this.readAt = now;
					this.read = true;
					this.reading.set(false);
				}
			}
			return this.value;
		}

	}

}
