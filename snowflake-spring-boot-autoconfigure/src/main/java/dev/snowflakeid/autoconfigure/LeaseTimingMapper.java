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

import java.time.Duration;
import java.util.function.Supplier;

import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseStore;

/**
 * The lease timing of {@code snowflake.worker.lease.*} and its rules: ceiling lead and
 * quarantine derived from the outage tolerance, renew interval and clock skew, plus what
 * the selected store adds ({@link StoreTiming}). Every rule that needs only the
 * properties is checked here, before any store connects, so that a wrong setting is
 * reported before an unreachable server.
 */
final class LeaseTimingMapper {

	private static final String STARTUP_WAIT_BUDGET = "snowflake.worker.lease.startup-wait-budget";

	private LeaseTimingMapper() {
	}

	/**
	 * The timing of {@code properties} over a store that adds {@code store}; the store's
	 * part is asked for after the store-independent intervals passed their rules.
	 */
	static LeaseTiming leaseTiming(SnowflakeProperties properties, Supplier<StoreTiming> store) {
		SnowflakeProperties.Lease lease = properties.getWorker().getLease();
		InvalidSnowflakeConfigurationException.checkMillis("snowflake.worker.lease.ttl", lease.getTtl(), false);
		if (lease.getStartupWaitBudget() != null) {
			InvalidSnowflakeConfigurationException.checkMillis(STARTUP_WAIT_BUDGET, lease.getStartupWaitBudget(), true);
		}
		InvalidSnowflakeConfigurationException.checkMillis("snowflake.worker.lease.renew-interval",
				lease.getRenewInterval(), false);
		InvalidSnowflakeConfigurationException.checkMillis("snowflake.worker.lease.outage-tolerance",
				lease.getOutageTolerance(), false);
		InvalidSnowflakeConfigurationException.checkMillis("snowflake.worker.lease.max-clock-skew",
				lease.getMaxClockSkew(), true);
		StoreTiming added = store.get();
		LeaseTiming own = new LeaseTiming(lease.getOutageTolerance(), lease.getRenewInterval(), lease.getMaxClockSkew(),
				added.failoverWindow(), added.requestLateness());
		if (!added.fleetLeadLimited()) {
			return own;
		}
		Duration limit = lease.getFleetLeadLimit();
		InvalidSnowflakeConfigurationException.checkMillis("snowflake.worker.lease.fleet-lead-limit", limit, false);
		if (own.lead().compareTo(limit) > 0) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.lease.fleet-lead-limit",
					"outage tolerance " + lease.getOutageTolerance() + " plus two renew intervals, the max clock "
							+ "skew and the command timeout give a lead of " + own.lead()
							+ ", beyond the fleet lead limit " + limit + ": after a loss of the lease data the "
							+ "first claim would start below ceilings this instance may still hold",
					"Set snowflake.worker.lease.fleet-lead-limit to " + own.lead() + " or more on every instance "
							+ "of the key space (its quarantine after a data loss grows with it), or lower "
							+ "snowflake.worker.lease.outage-tolerance.");
		}
		LeaseTiming timing = own.withLeadLimit(limit);
		Duration budget = lease.getStartupWaitBudget();
		if (budget != null) {
			Duration tick = properties.getLayout().getTick();
			Duration works = timing.firstStartWait(tick);
			InvalidSnowflakeConfigurationException.check(STARTUP_WAIT_BUDGET,
					() -> timing.requireStartupWaitBudget(budget, tick), "Set " + STARTUP_WAIT_BUDGET + " to "
							+ works.toSeconds() + "s or more, or leave it unset (it " + "then covers the quarantine).");
		}
		return timing;
	}

	/**
	 * The startup wait budget: the configured one, or one derived from {@code timing}
	 * that covers a first start on an empty store
	 * ({@link LeaseTiming#defaultStartupWaitBudget}).
	 */
	static Duration startupWaitBudget(SnowflakeProperties properties, LeaseTiming timing) {
		Duration configured = properties.getWorker().getLease().getStartupWaitBudget();
		return (configured != null) ? configured : timing.defaultStartupWaitBudget(properties.getLayout().getTick());
	}

	/**
	 * The rules of borrow-ahead, which also need the store: borrowed ticks are safe only
	 * below a ceiling that outlives a restart.
	 */
	static void checkBorrowAhead(SnowflakeProperties properties, LeaseTiming timing, WorkerLeaseStore store) {
		Duration ceilingLead = timing.ceilingLead();
		Duration borrowAhead = properties.getClock().getBorrowAhead();
		if (borrowAhead.isNegative()) {
			throw new InvalidSnowflakeConfigurationException("snowflake.clock.borrow-ahead",
					"borrow-ahead " + borrowAhead + " is negative",
					"Set snowflake.clock.borrow-ahead to 0 (off) or a positive duration.");
		}
		if (borrowAhead.isZero()) {
			return;
		}
		boolean persisted = !(store instanceof StaticWorkerLeaseStore staticStore) || staticStore.persistent();
		if (!persisted) {
			throw new InvalidSnowflakeConfigurationException("snowflake.clock.borrow-ahead",
					"borrow-ahead " + borrowAhead + " needs a persisted ceiling, but the static allocator has no "
							+ "state file: after a restart the borrowed ticks would be issued again",
					"Set snowflake.worker.state-file, use snowflake.worker.allocator=redis, or set "
							+ "snowflake.clock.borrow-ahead=0.");
		}
		if (borrowAhead.compareTo(ceilingLead) >= 0) {
			throw new InvalidSnowflakeConfigurationException("snowflake.clock.borrow-ahead",
					"borrow-ahead " + borrowAhead + " is not below the ceiling lead " + ceilingLead
							+ " (outage tolerance plus two renew intervals), so borrowing would run into the ceiling",
					"Set snowflake.clock.borrow-ahead below " + ceilingLead + ", or raise "
							+ "snowflake.worker.lease.outage-tolerance.");
		}
	}

}
