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

import java.util.function.Function;
import java.util.function.LongSupplier;

import io.lettuce.core.ReadFrom;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Where the lease script and its {@code WAIT} run: one connection for both (see
 * {@link LeaseCommands}). On a Redis Cluster the node connection to the primary of the
 * region's slot ({@link ClusterSlotPrimary}), else the native connection of the store's
 * template ({@link TemplateConnection}).
 */
interface ScriptConnection {

	/** Runs {@code work} with the commands of one connection, held for the whole call. */
	<T> T execute(Function<LeaseCommands, T> work);

	/**
	 * The connection that the factory of {@code template} implies for a region whose keys
	 * lie in the slot of {@code slotKey}. Makes no connection.
	 * @param replicas replicas of each primary; with any, {@code CLIENT ID} must reach
	 * the primary too
	 * @param nanoTime monotonic nanoseconds, for the intervals a connection measures
	 * @throws IllegalArgumentException if the factory is not Lettuce's, or, with
	 * replicas, one that reads from elsewhere than the primary
	 */
	static ScriptConnection of(StringRedisTemplate template, String slotKey, int replicas, LongSupplier nanoTime) {
		if (!(template.getConnectionFactory() instanceof LettuceConnectionFactory lettuce)) {
			throw new IllegalArgumentException("the Redis lease store needs a LettuceConnectionFactory (it runs WAIT "
					+ "on the connection that ran its script), not " + template.getConnectionFactory());
		}
		if (replicas > 0 && !lettuce.isClusterAware()
				&& lettuce.getClientConfiguration()
					.getReadFrom()
					.filter((readFrom) -> readFrom.getClass() != ReadFrom.UPSTREAM.getClass())
					.isPresent()) {
			// Lettuce routes CLIENT ID as a read: it must reach the primary, as the
			// script and WAIT do
			throw new IllegalArgumentException("the Redis lease store with replicas needs a connection factory that "
					+ "reads from the primary (ReadFrom.UPSTREAM, as RedisLeaseConnections sets), not "
					+ lettuce.getClientConfiguration().getReadFrom().get());
		}
		return lettuce.isClusterAware() ? new ClusterSlotPrimary(lettuce, slotKey, nanoTime)
				: new TemplateConnection(template, lettuce.getClientConfiguration().getCommandTimeout().toMillis());
	}

}
