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

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;

import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.WorkerLeaseException;

import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisAdvancedClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;

import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The Redis Cluster primary that owns one slot, reached on one connection, so that
 * {@code WAIT} runs on the connection that ran a lease script: {@code WAIT} counts the
 * replicas holding the writes of the connection it is sent on, and a Cluster client
 * routes neither it nor a script to a chosen connection.
 *
 * <p>
 * The primary is the master of the slot in the Lettuce client's topology view. Its
 * connection is the node connection that the cluster connection keeps per node id and
 * intent ({@code getConnection(nodeId)}, intent WRITE): one connection per primary,
 * reused by every call, apart from the host-and-port connections that routed commands
 * use. A node connection follows no redirect, so {@code MOVED}, {@code ASK},
 * {@code TRYAGAIN} and {@code CLUSTERDOWN} come back as errors and the caller's next
 * round tries again. Lettuce's adaptive topology refresh reacts to the redirects of
 * routed commands and to failed reconnects, neither of which a node connection or a
 * primary that stopped answering produces, so every failure here asks the client for a
 * topology refresh itself, at most once per
 * {@link RedisLeaseConnections#CLUSTER_REFRESH_RATE_LIMIT}.
 *
 * <p>
 * Replies are awaited for the factory's command timeout, as Spring Data's own commands
 * are.
 */
final class ClusterSlotPrimary implements ScriptConnection {

	private final LettuceConnectionFactory factory;

	private final int slot;

	private final long timeoutMillis;

	private final LongSupplier nanoTime;

	private final AtomicLong lastRefresh;

	/**
	 * The primary of the slot of {@code key}, reached through {@code factory}, a Cluster
	 * factory.
	 * @param nanoTime monotonic nanoseconds, which the rate limit of topology refreshes
	 * is measured on
	 */
	ClusterSlotPrimary(LettuceConnectionFactory factory, String key, LongSupplier nanoTime) {
		this.factory = factory;
		this.slot = SlotHash.getSlot(key);
		this.timeoutMillis = factory.getClientConfiguration().getCommandTimeout().toMillis();
		this.nanoTime = nanoTime;
		this.lastRefresh = new AtomicLong(
				nanoTime.getAsLong() - RedisLeaseConnections.CLUSTER_REFRESH_RATE_LIMIT.toNanos());
	}

	/**
	 * Runs {@code work} with the commands of the slot's primary, keeping the cluster
	 * connection open meanwhile. A failure other than a {@link WorkerLeaseException} that
	 * answers the request (all but {@link LeaseStoreUnavailableException}) triggers a
	 * topology refresh and propagates.
	 */
	@Override
	public <T> T execute(Function<LeaseCommands, T> work) {
		try (RedisClusterConnection connection = this.factory.getClusterConnection()) {
			return work.apply(new LeaseCommands(primary(connection).async(), this.timeoutMillis));
		}
		catch (LeaseStoreUnavailableException ex) {
			refreshTopology();
			throw ex;
		}
		catch (WorkerLeaseException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			refreshTopology();
			throw ex;
		}
	}

	@SuppressWarnings("unchecked")
	private StatefulRedisConnection<byte[], byte[]> primary(RedisClusterConnection connection) {
		if (!(connection.getNativeConnection() instanceof RedisAdvancedClusterAsyncCommands<?, ?> commands)) {
			throw new IllegalStateException("not a Lettuce Cluster connection: " + connection.getNativeConnection());
		}
		StatefulRedisClusterConnection<byte[], byte[]> cluster = (StatefulRedisClusterConnection<byte[], byte[]>) commands
			.getStatefulConnection();
		RedisClusterNode master = cluster.getPartitions().getMasterBySlot(this.slot);
		if (master == null) {
			throw new IllegalStateException("no primary serves slot " + this.slot + " in the client's topology view");
		}
		CompletableFuture<StatefulRedisConnection<byte[], byte[]>> node = cluster
			.getConnectionAsync(master.getNodeId());
		try {
			return node.get(this.timeoutMillis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while connecting to " + master.getUri(), ex);
		}
		catch (ExecutionException ex) {
			Throwable cause = Objects.requireNonNull(ex.getCause(), "a failed connection future has a cause");
			throw new IllegalStateException("cannot connect to primary " + master.getUri() + " of slot " + this.slot
					+ ": " + cause.getMessage(), cause);
		}
		catch (TimeoutException ex) {
			throw new IllegalStateException("no connection to primary " + master.getUri() + " of slot " + this.slot
					+ " within " + this.timeoutMillis + " ms", ex);
		}
	}

	private void refreshTopology() {
		long last = this.lastRefresh.get();
		long now = this.nanoTime.getAsLong();
		if (now - last < RedisLeaseConnections.CLUSTER_REFRESH_RATE_LIMIT.toNanos()
				|| !this.lastRefresh.compareAndSet(last, now)) {
			return;
		}
		try {
			if (this.factory.getNativeClient() instanceof RedisClusterClient client) {
				// the outcome shows in the next call: a failed refresh leaves the view as
				// it was
				client.refreshPartitionsAsync().exceptionally((ex) -> null);
			}
		}
		catch (RuntimeException ex) {
			// a client shutting down: the caller's own failure is the one to report
		}
	}

}
