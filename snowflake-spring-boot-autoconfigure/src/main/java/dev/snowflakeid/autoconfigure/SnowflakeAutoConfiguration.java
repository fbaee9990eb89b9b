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
import java.time.InstantSource;
import java.util.List;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeWorker.SharedWorkers;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.autoconfigure.SnowflakeProperties.Allocator;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseListener;
import dev.snowflakeid.lease.WorkerLeaseStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Auto-configuration of the {@link IdGenerator}: the layout, the lease keeper over the configured
 * allocator's {@link WorkerLeaseStore}, and the generator, started during context refresh (the lease is
 * claimed and its floor passed before the bean is handed out) and closed on shutdown (the generator stops
 * before the code is released).
 *
 * <p>Everything is validated before the first ID: the layout and its lifetime, the region and static
 * code ranges, the lease timing relations and where borrow-ahead is allowed. Each failure names the
 * property to change.
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "snowflake.enabled", matchIfMissing = true)
@EnableConfigurationProperties(SnowflakeProperties.class)
@Import({ SnowflakeAutoConfiguration.SelectedAllocatorConfiguration.class,
		SnowflakeAutoConfiguration.StaticAllocatorConfiguration.class })
public final class SnowflakeAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SnowflakeLayout snowflakeLayout(SnowflakeProperties properties) {
		SnowflakeProperties.Layout layout = properties.getLayout();
		SnowflakeLayout built = SnowflakeLayout.builder()
			.timestampBits(layout.getTimestampBits())
			.regionBits(layout.getRegionBits())
			.workerBits(layout.getWorkerBits())
			.sequenceBits(layout.getSequenceBits())
			.tick(layout.getTick())
			.epoch(properties.getEpoch())
			.build();
		built.requireLifetime(layout.getRequiredLifetime(), InstantSource.system());
		InvalidSnowflakeConfigurationException.check("snowflake.region", () -> built.requireRegion(properties.getRegion()),
				"Set snowflake.region to a code below 2^snowflake.layout.region-bits; each region's instances "
						+ "must use their own code.");
		return built;
	}

	/**
	 * The generator and its lease keeper, started (or, where the process is checkpointed on refresh, started by
	 * {@link SnowflakeWorkerLifecycle}). On a static code ({@code snowflake.worker.allocator=static})
	 * every application context of this JVM with the same settings shares one generator, which the last of
	 * them to close stops; a context with other settings on the same code and region is refused.
	 */
	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(IdGenerator.class)
	SnowflakeWorker snowflakeWorker(SnowflakeProperties properties, SnowflakeLayout layout, WorkerLeaseStore store,
			ObjectProvider<WorkerLeaseListener> listeners, ApplicationContext context) {
		validateTiming(properties, store);
		SnowflakeProperties.Lease lease = properties.getWorker().getLease();
		SnowflakeProperties.Clock clock = properties.getClock();
		if (store instanceof StaticWorkerLeaseStore staticStore && staticStore.shared()) {
			SharedWorkers.Builder shared = SharedWorkers.builder(staticStore, layout)
				.renewInterval(lease.getRenewInterval())
				.startupWaitBudget(startupWaitBudget(properties))
				.rollbackWaitBudget(clock.getRollbackWaitBudget())
				.exhaustionWaitBudget(properties.getSequence().getExhaustionWaitBudget())
				.borrowAhead(clock.getBorrowAhead())
				.forwardJumpAlert(clock.getForwardJumpAlert())
				.owner(owner(context));
			listeners.orderedStream().forEach(shared::listener);
			return shared.join();
		}
		WorkerLeaseKeeper.Builder keeper = WorkerLeaseKeeper.builder(store)
			.tick(layout.tick())
			.renewInterval(lease.getRenewInterval())
			.startupWaitBudget(startupWaitBudget(properties));
		listeners.orderedStream().forEach(keeper::listener);
		WorkerLeaseKeeper built = keeper.build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(layout)
			.region(properties.getRegion())
			.leaseSource(built)
			.rollbackWaitBudget(clock.getRollbackWaitBudget())
			.exhaustionWaitBudget(properties.getSequence().getExhaustionWaitBudget())
			.borrowAhead(clock.getBorrowAhead())
			.forwardJumpAlert(clock.getForwardJumpAlert())
			.build();
		SnowflakeWorker worker = new SnowflakeWorker(generator, built, InstantSource.system());
		return SnowflakeWorkerLifecycle.claimsAtStart() ? worker : worker.start();
	}

	/** Gives the lease back while the context is stopped, and before a checkpoint of the process. */
	@Bean
	@ConditionalOnMissingBean(IdGenerator.class)
	SnowflakeWorkerLifecycle snowflakeWorkerLifecycle(SnowflakeWorker worker, ApplicationContext context) {
		return new SnowflakeWorkerLifecycle(worker, context);
	}

	/** The worker's keeper; closed by the worker, which may be shared with other contexts. */
	@Bean(destroyMethod = "")
	@ConditionalOnMissingBean(IdGenerator.class)
	WorkerLeaseKeeper snowflakeLeaseKeeper(SnowflakeWorker worker) {
		return worker.keeper();
	}

	/** How a context is named to another that is refused its worker code. */
	static String owner(ApplicationContext context) {
		return "application context '" + context.getId() + "'";
	}

	@Bean
	@ConditionalOnMissingBean(IdGenerator.class)
	SnowflakeIdGenerator idGenerator(SnowflakeWorker worker) {
		return worker.generator();
	}

	@Bean
	@ConditionalOnMissingBean
	SnowflakeLeaseLogger snowflakeLeaseLogger(SnowflakeProperties properties, ObjectProvider<UniquenessDomain> domain) {
		return new SnowflakeLeaseLogger(properties.getRegion(), domain.getIfAvailable());
	}

	@Bean
	@ConditionalOnMissingBean
	SnowflakeReadinessListener snowflakeReadinessListener(ObjectProvider<SnowflakeWorker> worker,
			ApplicationEventPublisher events) {
		return new SnowflakeReadinessListener(worker, events);
	}

	/**
	 * The lease timing of these properties: ceiling lead and quarantine derived from the outage tolerance,
	 * renew interval, clock skew and (for the Redis allocator) the replica failover window. Every lease
	 * timing rule that needs only the properties is checked here, so that an allocator asks for the timing
	 * before it connects anywhere and a wrong setting is reported before an unreachable server.
	 */
	public static LeaseTiming leaseTiming(SnowflakeProperties properties) {
		SnowflakeProperties.Lease lease = properties.getWorker().getLease();
		SnowflakeProperties.Redis redis = properties.getWorker().getRedis();
		Duration ttl = lease.getTtl();
		Duration renew = lease.getRenewInterval();
		requireMillis("snowflake.worker.lease.ttl", ttl, false);
		if (lease.getStartupWaitBudget() != null) {
			requireMillis(STARTUP_WAIT_BUDGET, lease.getStartupWaitBudget(), true);
		}
		requireMillis("snowflake.worker.lease.renew-interval", renew, false);
		requireMillis("snowflake.worker.lease.outage-tolerance", lease.getOutageTolerance(), false);
		requireMillis("snowflake.worker.lease.max-clock-skew", lease.getMaxClockSkew(), true);
		Duration window = Duration.ZERO;
		Duration lateness = Duration.ZERO;
		if (redis.getMinReplicas() != null) {
			throw timing("snowflake.worker.redis.min-replicas", "min-replicas " + redis.getMinReplicas()
					+ " is no longer read: grants need a majority of the replicas snowflake.worker.redis.replicas "
					+ "counts, and a minimum set below half of them let two primaries grant at once",
					"Remove snowflake.worker.redis.min-replicas and set snowflake.worker.redis.replicas to the "
							+ "number of replicas each primary has, chained replicas included.");
		}
		if (properties.getWorker().getAllocator() == SnowflakeProperties.Allocator.REDIS) {
			Duration commandTimeout = redis.getCommandTimeout();
			requireMillis("snowflake.worker.redis.command-timeout", commandTimeout, false);
			requireMillis("snowflake.worker.redis.connect-timeout", redis.getConnectTimeout(), false);
			if (commandTimeout.compareTo(renew) >= 0) {
				throw timing("snowflake.worker.redis.command-timeout", "lease command timeout " + commandTimeout
						+ " is not shorter than the renew interval " + renew,
						"Set snowflake.worker.redis.command-timeout well inside the renew interval, such as 300ms for 1s.");
			}
			if (renew.plus(commandTimeout).compareTo(ttl) >= 0) {
				throw timing("snowflake.worker.lease.renew-interval", "renew interval " + renew + " plus the command "
						+ "timeout " + commandTimeout + " is not shorter than the lease ttl " + ttl
						+ ", so the lease would expire in Redis between two renewals",
						"Make snowflake.worker.lease.renew-interval a fraction of snowflake.worker.lease.ttl, such as 1s "
								+ "for 10s.");
			}
			lateness = commandTimeout;
			int replicas = InvalidSnowflakeConfigurationException.check("snowflake.worker.redis.replicas",
					() -> LeaseTiming.requireReplicas(redis.getReplicas()),
					"Set snowflake.worker.redis.replicas to 0 for a primary without replicas, "
							+ "or to the number of replicas each primary has.");
			Duration lag = InvalidSnowflakeConfigurationException.check("snowflake.worker.redis.max-replica-lag",
					() -> LeaseTiming.requireMaxReplicaLag(redis.getMaxReplicaLag()),
					"Set snowflake.worker.redis.max-replica-lag to whole seconds, at least 1s (the default).");
			window = LeaseTiming.replicaFailoverWindow(replicas, lag);
		}
		LeaseTiming own = new LeaseTiming(lease.getOutageTolerance(), lease.getRenewInterval(),
				lease.getMaxClockSkew(), window, lateness);
		if (properties.getWorker().getAllocator() != SnowflakeProperties.Allocator.REDIS) {
			return own;
		}
		Duration limit = lease.getFleetLeadLimit();
		requireMillis("snowflake.worker.lease.fleet-lead-limit", limit, false);
		if (own.lead().compareTo(limit) > 0) {
			throw timing("snowflake.worker.lease.fleet-lead-limit", "outage tolerance " + lease.getOutageTolerance()
					+ " plus two renew intervals, the max clock skew and the command timeout give a lead of "
					+ own.lead() + ", beyond the fleet lead limit " + limit + ": after a loss of the lease data the "
					+ "first claim would start below ceilings this instance may still hold",
					"Set snowflake.worker.lease.fleet-lead-limit to " + own.lead() + " or more on every instance "
							+ "of the key space (its quarantine after a data loss grows with it), or lower "
							+ "snowflake.worker.lease.outage-tolerance.");
		}
		LeaseTiming timing = own.withLeadLimit(limit);
		if (lease.getStartupWaitBudget() != null) {
			Duration tick = properties.getLayout().getTick();
			Duration works = timing.firstStartWait(tick);
			InvalidSnowflakeConfigurationException.check(STARTUP_WAIT_BUDGET,
					() -> timing.requireStartupWaitBudget(lease.getStartupWaitBudget(), tick),
					"Set " + STARTUP_WAIT_BUDGET + " to " + works.toSeconds() + "s or more, or leave it unset (it "
							+ "then covers the quarantine).");
		}
		return timing;
	}

	/**
	 * The startup wait budget of these properties: the configured one, or one derived from their lease
	 * timing that covers a first start on an empty Redis ({@link LeaseTiming#defaultStartupWaitBudget}).
	 */
	public static Duration startupWaitBudget(SnowflakeProperties properties) {
		LeaseTiming timing = leaseTiming(properties);
		Duration configured = properties.getWorker().getLease().getStartupWaitBudget();
		return (configured != null) ? configured : timing.defaultStartupWaitBudget(properties.getLayout().getTick());
	}

	/**
	 * The lease timing rules, and those of borrow-ahead, which also need the store: borrowed ticks are
	 * safe only below a ceiling that outlives a restart.
	 */
	static void validateTiming(SnowflakeProperties properties, WorkerLeaseStore store) {
		Duration ceilingLead = leaseTiming(properties).ceilingLead();
		Duration borrowAhead = properties.getClock().getBorrowAhead();
		if (borrowAhead.isNegative()) {
			throw timing("snowflake.clock.borrow-ahead", "borrow-ahead " + borrowAhead + " is negative",
					"Set snowflake.clock.borrow-ahead to 0 (off) or a positive duration.");
		}
		if (!borrowAhead.isZero()) {
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

	private static final String STARTUP_WAIT_BUDGET = "snowflake.worker.lease.startup-wait-budget";

	/** The core's rule of lease intervals, failing with the property to change. */
	private static void requireMillis(String property, Duration value, boolean zeroAllowed) {
		InvalidSnowflakeConfigurationException.check(property,
				() -> zeroAllowed ? LeaseTiming.requireNonNegativeMillis(property, value)
						: LeaseTiming.requirePositiveMillis(property, value),
				"Set " + property + " to " + (zeroAllowed ? "zero or a positive" : "a positive")
						+ " duration in whole milliseconds.");
	}

	private static InvalidSnowflakeConfigurationException timing(String property, String description, String action) {
		return new InvalidSnowflakeConfigurationException(property, description, action);
	}

	/**
	 * The lease store of the allocator that {@code snowflake.worker.allocator} selects, chosen when the
	 * application starts: every allocator on the classpath is a bean, whichever the property names, so an
	 * AOT-processed application follows the property it is started with. A lease store of the application's
	 * own replaces the selection.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBean({ WorkerLeaseStore.class, IdGenerator.class })
	static class SelectedAllocatorConfiguration {

		@Bean
		WorkerLeaseStore snowflakeWorkerLeaseStore(SnowflakeProperties properties,
				ObjectProvider<WorkerCodeAllocator> allocators) {
			return selected(properties, allocators).leaseStore();
		}

		@Bean
		@ConditionalOnMissingBean
		UniquenessDomain snowflakeUniquenessDomain(SnowflakeProperties properties,
				ObjectProvider<WorkerCodeAllocator> allocators, WorkerLeaseStore store) {
			return selected(properties, allocators).domain(store);
		}

		/**
		 * The allocator {@code snowflake.worker.allocator} names; when it is not set, one that claims the
		 * default in this application (the in-memory allocator in a test slice), otherwise redis.
		 */
		static WorkerCodeAllocator selected(SnowflakeProperties properties,
				ObjectProvider<WorkerCodeAllocator> allocators) {
			SnowflakeProperties.Worker worker = properties.getWorker();
			List<WorkerCodeAllocator> candidates = allocators.orderedStream().toList();
			if (!worker.allocatorSet()) {
				for (WorkerCodeAllocator candidate : candidates) {
					if (candidate.isDefault()) {
						return candidate;
					}
				}
			}
			Allocator kind = worker.getAllocator();
			for (WorkerCodeAllocator candidate : candidates) {
				if (candidate.kind() == kind && candidate.isAvailable()) {
					return candidate;
				}
			}
			throw MissingLeaseStore.exception(kind);
		}

	}

	/** {@code snowflake.worker.allocator=static}, selected or not. */
	@Configuration(proxyBeanMethods = false)
	static class StaticAllocatorConfiguration {

		/** The owner named to a second claimant of the code is this context. */
		@Bean
		@ConditionalOnMissingBean
		StaticWorkerCodeAllocator staticWorkerCodeAllocator(SnowflakeProperties properties, SnowflakeLayout layout,
				ApplicationContext context) {
			return new StaticWorkerCodeAllocator(properties, layout, owner(context));
		}

	}

}
