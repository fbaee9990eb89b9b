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

import java.util.List;

import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.ContextClosedEvent;

/**
 * {@link SnowflakeWorkerLifecycle} for each named generator: no named generator's lease
 * is part of a checkpoint of the process either, and each one is given back while the
 * context is stopped. Same phase as the default generator's.
 */
final class NamedGeneratorsLifecycle implements SmartLifecycle, ApplicationListener<ContextClosedEvent> {

	private final List<SnowflakeWorkerLifecycle> lifecycles;

	NamedGeneratorsLifecycle(SnowflakeGenerators generators, ApplicationContext context) {
		this.lifecycles = generators.names()
			.stream()
			.map((name) -> new SnowflakeWorkerLifecycle(generators.worker(name), context))
			.toList();
	}

	@Override
	public void onApplicationEvent(ContextClosedEvent event) {
		this.lifecycles.forEach((lifecycle) -> lifecycle.onApplicationEvent(event));
	}

	@Override
	public void start() {
		this.lifecycles.forEach(SnowflakeWorkerLifecycle::start);
	}

	@Override
	public void stop() {
		this.lifecycles.forEach(SnowflakeWorkerLifecycle::stop);
	}

	@Override
	public boolean isRunning() {
		return this.lifecycles.stream().anyMatch(SnowflakeWorkerLifecycle::isRunning);
	}

	@Override
	public int getPhase() {
		return SnowflakeWorkerLifecycle.PHASE;
	}

	@Override
	public boolean isPauseable() {
		return false;
	}

}
