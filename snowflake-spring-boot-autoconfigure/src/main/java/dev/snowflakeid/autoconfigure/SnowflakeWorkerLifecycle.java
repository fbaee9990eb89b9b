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

import dev.snowflakeid.SnowflakeWorker;

import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.support.DefaultLifecycleProcessor;
import org.springframework.core.SpringProperties;

/**
 * Holds the worker's lease only while the application context runs, so that no lease is
 * part of a checkpoint of the process (CRaC): a process image restored twice would
 * otherwise issue under one lease twice. Spring stops every lifecycle bean before a
 * checkpoint and starts them again after the restore; stopping suspends the worker (the
 * generator pauses, the code is given back with its last used millisecond) and starting
 * resumes it (a new claim, IDs above every earlier one). With
 * {@code -Dspring.context.checkpoint=onRefresh} (or
 * {@code spring.context.exit=onRefresh}, a training run) the checkpoint comes before any
 * lifecycle bean starts, so the worker claims nothing while beans are created and makes
 * its first claim here ({@link #claimsAtStart()}).
 *
 * <p>
 * Started first and stopped last (phase {@value #PHASE}): the web server and message
 * listeners stop before the code is given back, and start after it is held. When the
 * context closes, stopping does nothing: the worker releases the code when it is
 * destroyed, after the beans that depend on it, as before. Not pauseable: a test context
 * cache that pauses an idle context leaves its lease alone. A worker shared by several
 * contexts (a static code) is left alone: its code is configured, so every copy of the
 * process has it anyway.
 */
final class SnowflakeWorkerLifecycle implements SmartLifecycle, ApplicationListener<ContextClosedEvent> {

	/**
	 * Lower than every phase Spring Boot uses, so the lease outlives the components that
	 * issue IDs.
	 */
	static final int PHASE = Integer.MIN_VALUE + 1_000;

	private final SnowflakeWorker worker;

	private final ApplicationContext context;

	private volatile boolean running;

	// Set when this context closes: its beans are destroyed next, and the worker, closed
	// among them, releases
	// the code then, so that beans destroyed before it (a @PreDestroy that flushes a
	// buffer) still get IDs.
	private volatile boolean closing;

	SnowflakeWorkerLifecycle(SnowflakeWorker worker, ApplicationContext context) {
		this.worker = worker;
		this.context = context;
	}

	@Override
	public void onApplicationEvent(ContextClosedEvent event) {
		if (event.getApplicationContext() == this.context) {
			this.closing = true;
		}
	}

	/**
	 * Whether a checkpoint or exit on refresh is configured, which comes after the beans
	 * are created and before they start: then the worker claims its code only when
	 * started.
	 */
	static boolean claimsAtStart() {
		return isOnRefresh(DefaultLifecycleProcessor.CHECKPOINT_PROPERTY_NAME)
				|| isOnRefresh(DefaultLifecycleProcessor.EXIT_PROPERTY_NAME);
	}

	private static boolean isOnRefresh(String property) {
		return DefaultLifecycleProcessor.ON_REFRESH_VALUE.equalsIgnoreCase(SpringProperties.getProperty(property));
	}

	@Override
	public void start() {
		if (!this.worker.isShared()) {
			this.worker.resume();
		}
		this.running = true;
	}

	/**
	 * Suspends the worker, unless the context is closing: then closing the worker
	 * releases the code.
	 */
	@Override
	public void stop() {
		if (!this.worker.isShared() && !this.closing) {
			this.worker.suspend();
		}
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	@Override
	public boolean isPauseable() {
		return false;
	}

}
