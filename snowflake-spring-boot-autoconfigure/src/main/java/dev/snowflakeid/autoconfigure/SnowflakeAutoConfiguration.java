package dev.snowflakeid.autoconfigure;

import java.time.Duration;
import java.time.InstantSource;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.MonotonicClock;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.UniquenessDomain;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.lease.WorkerLeaseListener;
import dev.snowflakeid.lease.WorkerLeaseStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
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
@Import(SnowflakeAutoConfiguration.StaticAllocatorConfiguration.class)
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
		if (properties.getRegion() < 0 || properties.getRegion() >= built.maxRegions()) {
			throw new InvalidSnowflakeConfigurationException("snowflake.region",
					"region " + properties.getRegion() + " is outside 0.." + (built.maxRegions() - 1) + " ("
							+ built.regionBits() + " region bits)",
					"Set snowflake.region to a code below 2^snowflake.layout.region-bits; each region's instances "
							+ "must use their own code.");
		}
		return built;
	}

	@Bean
	@ConditionalOnMissingBean(IdGenerator.class)
	WorkerLeaseKeeper snowflakeLeaseKeeper(SnowflakeProperties properties, ObjectProvider<WorkerLeaseStore> stores,
			ObjectProvider<WorkerLeaseListener> listeners) {
		WorkerLeaseStore store = stores.getIfAvailable();
		if (store == null) {
			throw new InvalidSnowflakeConfigurationException("snowflake.worker.allocator",
					"the redis allocator is selected but no Redis connection is available for worker leases",
					"Add spring-boot-starter-data-redis and point spring.data.redis.* at your Redis, or set "
							+ "snowflake.worker.allocator=static with snowflake.worker.code (and "
							+ "snowflake.worker.state-file) for fixed deployment slots.");
		}
		validateTiming(properties, store);
		SnowflakeProperties.Lease lease = properties.getWorker().getLease();
		WorkerLeaseKeeper.Builder keeper = WorkerLeaseKeeper.builder(store)
			.renewInterval(lease.getRenewInterval())
			.startupWaitBudget(lease.getStartupWaitBudget())
			.maxClockSkew(lease.getMaxClockSkew());
		listeners.orderedStream().forEach(keeper::listener);
		return keeper.build();
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(IdGenerator.class)
	SnowflakeWorker snowflakeWorker(SnowflakeProperties properties, SnowflakeLayout layout, WorkerLeaseKeeper keeper) {
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder(layout)
			.region(properties.getRegion())
			.leaseSource(keeper)
			.rollbackWaitBudget(properties.getClock().getRollbackWaitBudget())
			.exhaustionWaitBudget(properties.getSequence().getExhaustionWaitBudget())
			.borrowAhead(properties.getClock().getBorrowAhead())
			.forwardJumpAlert(properties.getClock().getForwardJumpAlert())
			.build();
		return new SnowflakeWorker(generator, keeper, InstantSource.system(), MonotonicClock.system(),
				properties.getClock().getRollbackWaitBudget().toMillis())
			.start();
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

	static void validateTiming(SnowflakeProperties properties, WorkerLeaseStore store) {
		SnowflakeProperties.Lease lease = properties.getWorker().getLease();
		Duration ttl = lease.getTtl();
		Duration renew = lease.getRenewInterval();
		Duration localDeadline = ttl.minus(ttl.dividedBy(WorkerLeaseKeeper.DRIFT_MARGIN_DIVISOR));
		requirePositive("snowflake.worker.lease.ttl", ttl);
		requirePositive("snowflake.worker.lease.renew-interval", renew);
		requirePositive("snowflake.worker.lease.ceiling-lead", lease.getCeilingLead());
		if (renew.compareTo(localDeadline) >= 0) {
			throw timing("snowflake.worker.lease.renew-interval", "renew interval " + renew
					+ " is not shorter than the local lease deadline " + localDeadline + " (ttl " + ttl
					+ " less a tenth for clock drift)", "Make snowflake.worker.lease.renew-interval a fraction of "
							+ "snowflake.worker.lease.ttl, such as 1s for 10s.");
		}
		if (lease.getCeilingLead().compareTo(renew) <= 0) {
			throw timing("snowflake.worker.lease.ceiling-lead", "ceiling lead " + lease.getCeilingLead()
					+ " is not longer than the renew interval " + renew + ", so IDs would stop between renewals",
					"Set snowflake.worker.lease.ceiling-lead to a few renew intervals, such as 3s for 1s.");
		}
		Duration needed = lease.getCeilingLead().plus(lease.getMaxClockSkew());
		if (lease.getQuarantine().compareTo(needed) < 0) {
			throw timing("snowflake.worker.lease.quarantine", "quarantine " + lease.getQuarantine()
					+ " is shorter than the ceiling lead plus the maximum clock skew (" + needed
					+ "); after the lease store loses data a new owner could start below an old owner's ceiling",
					"Set snowflake.worker.lease.quarantine to at least snowflake.worker.lease.ceiling-lead + "
							+ "snowflake.worker.lease.max-clock-skew.");
		}
		Duration commandTimeout = properties.getWorker().getRedis().getCommandTimeout();
		if (properties.getWorker().getAllocator() == SnowflakeProperties.Allocator.REDIS
				&& commandTimeout.compareTo(renew) >= 0) {
			throw timing("snowflake.worker.redis.command-timeout", "lease command timeout " + commandTimeout
					+ " is not shorter than the renew interval " + renew,
					"Set snowflake.worker.redis.command-timeout well inside the renew interval, such as 300ms for 1s.");
		}
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
			if (borrowAhead.compareTo(lease.getCeilingLead()) >= 0) {
				throw new InvalidSnowflakeConfigurationException("snowflake.clock.borrow-ahead",
						"borrow-ahead " + borrowAhead + " is not below the ceiling lead " + lease.getCeilingLead()
								+ ", so borrowing would run into the ceiling between renewals",
						"Set snowflake.clock.borrow-ahead below snowflake.worker.lease.ceiling-lead.");
			}
		}
	}

	private static void requirePositive(String property, Duration value) {
		if (value == null || value.isNegative() || value.isZero()) {
			throw timing(property, property + " must be positive but is " + value, "Set " + property
					+ " to a positive duration.");
		}
	}

	private static InvalidSnowflakeConfigurationException timing(String property, String description, String action) {
		return new InvalidSnowflakeConfigurationException(property, description, action);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = "snowflake.worker.allocator", havingValue = "static")
	static class StaticAllocatorConfiguration {

		/**
		 * Claimed for this context from construction to close: the state file's lock, and the code within
		 * this JVM. The owner named to a second claimant is this context.
		 */
		@Bean
		@ConditionalOnMissingBean({ WorkerLeaseStore.class, IdGenerator.class })
		StaticWorkerLeaseStore staticWorkerLeaseStore(SnowflakeProperties properties, SnowflakeLayout layout,
				ApplicationContext context) {
			SnowflakeProperties.Worker worker = properties.getWorker();
			Integer code = worker.getCode();
			if (code == null) {
				throw new InvalidSnowflakeConfigurationException("snowflake.worker.code",
						"the static allocator is selected but no worker code is configured",
						"Set snowflake.worker.code to this instance's own code (for example its StatefulSet ordinal), "
								+ "below 2^snowflake.layout.worker-bits, or use snowflake.worker.allocator=redis.");
			}
			if (code < 0 || code >= layout.maxWorkers()) {
				throw new InvalidSnowflakeConfigurationException("snowflake.worker.code",
						"worker code " + code + " is outside 0.." + (layout.maxWorkers() - 1) + " ("
								+ layout.workerBits() + " worker bits)",
						"Set snowflake.worker.code below 2^snowflake.layout.worker-bits.");
			}
			return StaticWorkerLeaseStore.builder(code)
				.region(properties.getRegion())
				.stateFile(worker.getStateFile())
				.stateFileMustExist(worker.isStateFileMustExist())
				.ceilingLead(worker.getLease().getCeilingLead())
				.owner("application context '" + context.getId() + "'")
				.build();
		}

		@Bean
		@ConditionalOnBean(StaticWorkerLeaseStore.class)
		@ConditionalOnMissingBean
		UniquenessDomain snowflakeUniquenessDomain(StaticWorkerLeaseStore store) {
			return store.domain();
		}

	}

}
