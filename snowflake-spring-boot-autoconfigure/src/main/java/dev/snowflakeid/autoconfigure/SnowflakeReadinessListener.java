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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.snowflakeid.SnowflakeWorker;
import dev.snowflakeid.SnowflakeWorker.WorkerStatus;
import dev.snowflakeid.lease.LeaseEvent;
import dev.snowflakeid.lease.WorkerLeaseListener;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;

/**
 * Publishes {@link ReadinessState#REFUSING_TRAFFIC} when the generator, or one of the
 * named generators, cannot issue IDs (no lease, clock at the lease ceiling or behind,
 * epoch over), and {@link ReadinessState#ACCEPTING_TRAFFIC} when it recovers from a
 * refusal it published. Evaluated on every lease event and, since a generator can stop
 * issuing without any event (its clock reaches a ceiling no renewal raised), every
 * {@link #EVALUATION_PERIOD} on a daemon thread of its own. It never declares readiness
 * on its own: the application does that when it is ready. Nothing is evaluated before the
 * context is running, so no lease thread reaches into the bean factory while it is still
 * creating beans.
 */
public final class SnowflakeReadinessListener implements WorkerLeaseListener, SmartLifecycle {

	/** How often readiness is evaluated besides lease events. */
	public static final Duration EVALUATION_PERIOD = Duration.ofSeconds(1);

	private static final System.Logger logger = System.getLogger(SnowflakeReadinessListener.class.getName());

	private final ObjectProvider<SnowflakeWorker> worker;

	private final ObjectProvider<SnowflakeGenerators> generators;

	private final ApplicationEventPublisher events;

	private volatile boolean refusing;

	private volatile @Nullable ScheduledExecutorService timer;

	SnowflakeReadinessListener(ObjectProvider<SnowflakeWorker> worker, ObjectProvider<SnowflakeGenerators> generators,
			ApplicationEventPublisher events) {
		this.worker = worker;
		this.generators = generators;
		this.events = events;
	}

	@Override
	public void onLeaseEvent(LeaseEvent event) {
		if (isRunning()) {
			evaluate();
		}
	}

	private void evaluate() {
		try {
			SnowflakeWorker current = this.worker.getIfAvailable();
			if (current == null) {
				return;
			}
			WorkerStatus status = current.status();
			String generator = SnowflakeGenerators.DEFAULT;
			SnowflakeGenerators named = this.generators.getIfAvailable();
			if (status.issuable() && named != null) {
				for (String name : named.names()) {
					WorkerStatus own = named.worker(name).status();
					if (!own.issuable()) {
						status = own;
						generator = name;
						break;
					}
				}
			}
			if (!status.issuable() && !this.refusing) {
				this.refusing = true;
				logger.log(System.Logger.Level.WARNING,
						"Snowflake IDs cannot be issued by generator ''{0}'': {1}; refusing traffic", generator,
						status.reason());
				AvailabilityChangeEvent.publish(this.events, this, ReadinessState.REFUSING_TRAFFIC);
			}
			else if (status.issuable() && this.refusing) {
				this.refusing = false;
				logger.log(System.Logger.Level.INFO, "Snowflake IDs can be issued again; accepting traffic");
				AvailabilityChangeEvent.publish(this.events, this, ReadinessState.ACCEPTING_TRAFFIC);
			}
		}
		catch (RuntimeException ex) {
			logger.log(System.Logger.Level.WARNING, "Snowflake readiness could not be evaluated", ex);
		}
	}

	/** Whether this listener last published a refusal. */
	public boolean refusing() {
		return this.refusing;
	}

	@Override
	public void start() {
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "snowflake-readiness");
			thread.setDaemon(true);
			return thread;
		});
		long period = EVALUATION_PERIOD.toMillis();
		executor.scheduleWithFixedDelay(this::evaluate, period, period, TimeUnit.MILLISECONDS);
		this.timer = executor;
	}

	@Override
	public void stop() {
		ScheduledExecutorService executor = this.timer;
		this.timer = null;
		if (executor != null) {
			executor.shutdownNow();
		}
	}

	@Override
	public boolean isRunning() {
		return this.timer != null;
	}

}
