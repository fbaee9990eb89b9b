package dev.snowflakeid.autoconfigure;

import java.time.Duration;
import java.time.InstantSource;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.MonotonicClock;
import dev.snowflakeid.SnowflakeIdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.lease.LeaseTiming;
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
			throw MissingLeaseStore.exception(properties.getWorker().getAllocator());
		}
		validateTiming(properties, store);
		SnowflakeProperties.Lease lease = properties.getWorker().getLease();
		WorkerLeaseKeeper.Builder keeper = WorkerLeaseKeeper.builder(store)
			.renewInterval(lease.getRenewInterval())
			.startupWaitBudget(lease.getStartupWaitBudget());
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

	/**
	 * The lease timing of these properties: ceiling lead and quarantine derived from the outage tolerance,
	 * renew interval, clock skew and (for the Redis allocator) the replica failover window.
	 */
	public static LeaseTiming leaseTiming(SnowflakeProperties properties) {
		SnowflakeProperties.Lease lease = properties.getWorker().getLease();
		SnowflakeProperties.Redis redis = properties.getWorker().getRedis();
		requireMillis("snowflake.worker.lease.renew-interval", lease.getRenewInterval(), false);
		requireMillis("snowflake.worker.lease.outage-tolerance", lease.getOutageTolerance(), false);
		requireMillis("snowflake.worker.lease.max-clock-skew", lease.getMaxClockSkew(), true);
		Duration window = Duration.ZERO;
		Duration lateness = Duration.ZERO;
		if (properties.getWorker().getAllocator() == SnowflakeProperties.Allocator.REDIS) {
			requireMillis("snowflake.worker.redis.command-timeout", redis.getCommandTimeout(), false);
			lateness = redis.getCommandTimeout();
			if (redis.getMinReplicas() < 0) {
				throw timing("snowflake.worker.redis.min-replicas", "min-replicas " + redis.getMinReplicas()
						+ " is negative", "Set snowflake.worker.redis.min-replicas to 0 for a primary without replicas, "
								+ "or to the number of replicas that must acknowledge.");
			}
			Duration lag = redis.getMaxReplicaLag();
			if (lag == null || lag.isNegative() || lag.toNanos() % 1_000_000_000 != 0) {
				throw timing("snowflake.worker.redis.max-replica-lag", "max-replica-lag " + lag
						+ " is not a whole, non-negative number of seconds (Redis reports replica lag in seconds)",
						"Set snowflake.worker.redis.max-replica-lag to whole seconds, such as 1s.");
			}
			window = LeaseTiming.replicaFailoverWindow(redis.getMinReplicas(), lag);
		}
		return new LeaseTiming(lease.getOutageTolerance(), lease.getRenewInterval(), lease.getMaxClockSkew(), window,
				lateness);
	}

	static void validateTiming(SnowflakeProperties properties, WorkerLeaseStore store) {
		SnowflakeProperties.Lease lease = properties.getWorker().getLease();
		SnowflakeProperties.Redis redis = properties.getWorker().getRedis();
		boolean redisAllocator = properties.getWorker().getAllocator() == SnowflakeProperties.Allocator.REDIS;
		Duration ttl = lease.getTtl();
		Duration renew = lease.getRenewInterval();
		Duration commandTimeout = redis.getCommandTimeout();
		requireMillis("snowflake.worker.lease.ttl", ttl, false);
		requireMillis("snowflake.worker.lease.startup-wait-budget", lease.getStartupWaitBudget(), true);
		Duration ceilingLead = leaseTiming(properties).ceilingLead();
		if (redisAllocator) {
			requireMillis("snowflake.worker.redis.command-timeout", commandTimeout, false);
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
			if (borrowAhead.compareTo(ceilingLead) >= 0) {
				throw new InvalidSnowflakeConfigurationException("snowflake.clock.borrow-ahead",
						"borrow-ahead " + borrowAhead + " is not below the ceiling lead " + ceilingLead
								+ " (outage tolerance plus two renew intervals), so borrowing would run into the ceiling",
						"Set snowflake.clock.borrow-ahead below snowflake.worker.lease.outage-tolerance.");
			}
		}
	}

	private static void requireMillis(String property, Duration value, boolean zeroAllowed) {
		if (value == null || value.isNegative() || (!zeroAllowed && value.isZero())) {
			throw timing(property, property + " must be " + (zeroAllowed ? "zero or positive" : "positive") + " but is "
					+ value, "Set " + property + " to a " + (zeroAllowed ? "non-negative" : "positive") + " duration.");
		}
		if (value.toNanos() % 1_000_000 != 0) {
			throw timing(property, property + " must be a whole number of milliseconds but is " + value,
					"Set " + property + " in whole milliseconds.");
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
				.ceilingLead(leaseTiming(properties).ceilingLead())
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
