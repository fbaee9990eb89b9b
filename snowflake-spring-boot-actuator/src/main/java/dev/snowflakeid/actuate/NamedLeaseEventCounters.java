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

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

/**
 * {@link LeaseEventCounters} of each named generator ({@code snowflake.generators.*}),
 * registered with its lease keeper when the generator is made, for its meters and its
 * endpoint entry.
 */
public final class NamedLeaseEventCounters {

	private final Map<String, LeaseEventCounters> counters = new ConcurrentHashMap<>();

	/**
	 * The counters of {@code generator}, made on first use: its lease keeper's listener.
	 */
	public LeaseEventCounters listener(String generator) {
		return this.counters.computeIfAbsent(generator, (name) -> new LeaseEventCounters());
	}

	/** The counters of {@code generator}, or {@code null} when it has none. */
	public @Nullable LeaseEventCounters counters(String generator) {
		return this.counters.get(generator);
	}

}
