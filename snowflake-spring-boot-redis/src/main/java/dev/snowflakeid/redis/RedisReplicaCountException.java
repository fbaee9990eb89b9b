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
package dev.snowflakeid.redis;

/**
 * A primary of the lease Redis has more replicas attached than {@code snowflake.worker.redis.replicas}
 * counts: grants need a majority of the counted nodes, and counted against too few nodes a majority could
 * form twice, so the lease script refuses every grant on such a primary. Found at startup, before the first
 * claim, with the count the server reported and the set-up it was read in.
 */
public final class RedisReplicaCountException extends UnsuitableRedisException {

	private static final long serialVersionUID = 1L;

	/** How the lease connection reaches its primary. */
	public enum SetUp {

		/** A primary found through sentinels. */
		SENTINEL("behind Sentinel"),

		/** The primaries of a Redis Cluster, one per shard. */
		CLUSTER("in a Redis Cluster"),

		/** A primary at a fixed address. */
		FIXED("at a fixed address");

		private final String description;

		SetUp(String description) {
			this.description = description;
		}

	}

	private final int attached;

	private final int configured;

	private final SetUp setUp;

	/**
	 * @param server the primary, as {@code host:port} or a description
	 * @param attached the replicas the primary reports ({@code connected_slaves}, or the replicas of its shard)
	 * @param configured {@code snowflake.worker.redis.replicas}
	 * @param setUp how the primary is reached, for the advice
	 */
	public RedisReplicaCountException(String server, int attached, int configured, SetUp setUp) {
		super(server, "connected_slaves", "Redis " + server + " (" + setUp.description + ") has " + attached
				+ " replica" + ((attached == 1) ? "" : "s") + " attached, more than the " + configured
				+ " that snowflake.worker.redis.replicas counts");
		this.attached = attached;
		this.configured = configured;
		this.setUp = setUp;
	}

	/** Replicas the primary reported. */
	public int attached() {
		return this.attached;
	}

	/** The configured count, {@code snowflake.worker.redis.replicas}. */
	public int configured() {
		return this.configured;
	}

	/** How the primary is reached. */
	public SetUp setUp() {
		return this.setUp;
	}

}
