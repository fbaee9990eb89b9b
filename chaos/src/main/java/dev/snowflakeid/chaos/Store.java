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
package dev.snowflakeid.chaos;

import java.util.ArrayList;
import java.util.List;

/**
 * The lease store the campaign's workers lease their codes from: one server per region,
 * its faults, and the arguments that point a worker at its region's server.
 */
enum Store {

	/** {@code redis-server} processes, the starter's default store. */
	REDIS(FaultKind.Target.REDIS, "redis"),

	/**
	 * PostgreSQL servers, leased from with {@code snowflake.worker.allocator=jdbc}; each
	 * creates its lease table at the first start of a worker.
	 */
	JDBC(FaultKind.Target.POSTGRES, "postgres");

	private final FaultKind.Target serverTarget;

	private final String serverPrefix;

	Store(FaultKind.Target serverTarget, String serverPrefix) {
		this.serverTarget = serverTarget;
		this.serverPrefix = serverPrefix;
	}

	/**
	 * The fault kinds of a campaign against this store, in declaration order: every
	 * worker fault and the faults of its servers. Redis's list is the whole list of
	 * earlier campaigns, so that a seed gives the schedule it always gave.
	 */
	List<FaultKind> kinds() {
		List<FaultKind> kinds = new ArrayList<>();
		for (FaultKind kind : FaultKind.values()) {
			if (kind.target() == FaultKind.Target.WORKER || kind.target() == this.serverTarget) {
				kinds.add(kind);
			}
		}
		return List.copyOf(kinds);
	}

	/** The name of a region's server, the target of its faults ({@code postgres1}). */
	String serverName(int region) {
		return this.serverPrefix + region;
	}

	/** Whether a fault hit the slot: a fault of its own, or of its region's server. */
	boolean affects(Incident incident, Checker.SlotStats slot) {
		return incident.target().equals(slot.name()) || incident.target().equals(serverName(slot.region()));
	}

	/** Arguments of a worker JVM that reaches its region's server at {@code port}. */
	List<String> workerArguments(int port) {
		return switch (this) {
			case REDIS -> List.of("--spring.data.redis.host=127.0.0.1", "--spring.data.redis.port=" + port);
			case JDBC -> List.of("--snowflake.worker.allocator=jdbc",
					"--snowflake.worker.jdbc.url=jdbc:postgresql://127.0.0.1:" + port + "/postgres",
					"--snowflake.worker.jdbc.username=postgres", "--snowflake.worker.jdbc.initialize-schema=always");
		};
	}

	static Store named(String name) {
		for (Store store : values()) {
			if (store.name().equalsIgnoreCase(name)) {
				return store;
			}
		}
		throw new IllegalArgumentException("--store must be redis or jdbc, not " + name);
	}

}
