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
import java.util.Objects;

import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.SnowflakeWorker.WorkerStatus;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLease;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Reports whether this instance may issue IDs right now: {@code UP} while
 * {@link SnowflakeWorker#status()} says so, {@code DOWN} with a {@code reason} otherwise
 * (no lease, clock at the lease ceiling, clock behind the last issued tick beyond the
 * rollback budget, clock not yet past the floor, layout lifetime over, generator
 * stopped).
 *
 * <p>
 * Details: {@code allocator}, {@code domain} (the {@link UniquenessDomain#details()
 * uniqueness domain}, when known), {@code region}, and with a lease {@code workerCode},
 * {@code generation}, {@code leaseRemaining} (time until the clock reaches the lease
 * ceiling, or {@code unlimited} for a code that is not renewed), {@code ceiling}
 * (ISO-8601 instant after which no ID may be issued until a renewal raises it, or
 * {@code none}); always {@code epochRemaining}; and {@code borrowLead} (how far issued
 * ticks run ahead of the wall clock) when borrow-ahead is on. Durations are
 * human-readable: {@code 640ms}, {@code 8.912s}, {@code 69y 112d}. The check reads an
 * immutable lease snapshot and the clocks; it takes no lock and makes no network call.
 */
public final class SnowflakeHealthIndicator extends AbstractHealthIndicator {

	private final SnowflakeWorker worker;

	private final @Nullable UniquenessDomain domain;

	public SnowflakeHealthIndicator(SnowflakeWorker worker) {
		this(worker, null);
	}

	/**
	 * @param worker the generator and its lease keeper
	 * @param domain the uniqueness domain, or {@code null} when unknown (a user-supplied
	 * lease store)
	 */
	public SnowflakeHealthIndicator(SnowflakeWorker worker, @Nullable UniquenessDomain domain) {
		super("Snowflake health check failed");
		this.worker = Objects.requireNonNull(worker, "worker");
		this.domain = domain;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		WorkerStatus status = this.worker.status();
		SnowflakeIdGenerator generator = this.worker.generator();
		if (status.issuable()) {
			builder.up();
		}
		else {
			builder.down()
				.withDetail("reason", Objects.requireNonNull(status.reason(), "a worker that cannot issue says why"));
		}
		builder.withDetail("allocator", this.worker.keeper().store().name());
		UniquenessDomain domain = this.domain;
		if (domain != null) {
			builder.withDetail("domain", domain.details());
		}
		builder.withDetail("region", generator.region());
		WorkerLease lease = status.lease();
		if (lease != null) {
			builder.withDetail("workerCode", lease.workerCode());
			builder.withDetail("generation", lease.generation());
			builder.withDetail("leaseRemaining",
					lease.renewable() ? Durations.format(status.leaseRemainingMillis()) : "unlimited");
			builder.withDetail("ceiling", (lease.highestCeilingMillis() == Long.MAX_VALUE) ? "none"
					: Instant.ofEpochMilli(lease.highestCeilingMillis()).toString());
		}
		builder.withDetail("epochRemaining", Durations.format(status.epochRemainingMillis()));
		if (!generator.borrowAhead().isZero()) {
			builder.withDetail("borrowLead", Durations.format(status.leadMillis()));
		}
	}

}
