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
package dev.snowflakeid.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * Several {@link RedisServer}s that know of each other: a primary's replicas, sentinels
 * that watch it, and Redis Cluster nodes or a whole Cluster. Each method returns once the
 * topology stands (replicas in sync, every Cluster node at {@code cluster_state:ok}); the
 * servers are the caller's to close.
 */
public final class RedisTopology {

	/**
	 * Node timeout of {@link #startClusterNode()}: how long a primary may be unreachable
	 * before failover.
	 */
	public static final Duration CLUSTER_NODE_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration JOIN_DEADLINE = Duration.ofSeconds(15);

	private static final Duration SYNC_DEADLINE = Duration.ofSeconds(30);

	private RedisTopology() {
	}

	/**
	 * A replica of {@code primary}, without persistence; returns once its link to the
	 * primary is up.
	 */
	public static RedisServer startReplicaOf(RedisServer primary) {
		RedisServer replica = RedisServer.start(false, "--replicaof", "127.0.0.1", Integer.toString(primary.port()));
		await("replica " + replica.port() + " is in sync with " + primary.port()).atMost(JOIN_DEADLINE)
			.until(() -> replica.info("replication").contains("master_link_status:up"));
		return replica;
	}

	/**
	 * A sentinel ({@code redis-server --sentinel}) monitoring {@code primary} as
	 * {@code master} with a quorum of 2, declaring it down after {@code downAfter}
	 * without a valid reply.
	 */
	public static RedisServer startSentinel(String master, RedisServer primary, Duration downAfter) {
		return RedisServer.builder()
			.sentinel("sentinel monitor " + master + " 127.0.0.1 " + primary.port() + " 2\n"
					+ "sentinel down-after-milliseconds " + master + " " + downAfter.toMillis() + "\n"
					+ "sentinel failover-timeout " + master + " 10000\n" + "sentinel parallel-syncs " + master + " 1\n")
			.start();
	}

	/**
	 * A cluster-enabled node; its bus port (port + 10000) is free as well. Replica
	 * migration is off, as worker leases require.
	 */
	public static RedisServer startClusterNode() {
		return RedisServer.builder()
			.args("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout",
					Long.toString(CLUSTER_NODE_TIMEOUT.toMillis()), "--cluster-allow-replica-migration", "no")
			.clusterNode()
			.start();
	}

	/**
	 * A Redis Cluster of {@code primaries} primaries with {@code replicasEach} replicas
	 * each, created with {@code redis-cli --cluster create}; returns once every node
	 * reports {@code cluster_state:ok}.
	 */
	public static List<RedisServer> startCluster(int primaries, int replicasEach) {
		List<RedisServer> nodes = new ArrayList<>();
		try {
			for (int i = 0; i < primaries * (1 + replicasEach); i++) {
				nodes.add(startClusterNode());
			}
			List<String> command = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
			nodes.forEach((node) -> command.add("127.0.0.1:" + node.port()));
			command.addAll(List.of("--cluster-replicas", Integer.toString(replicasEach), "--cluster-yes"));
			Process create = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(create.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!create.waitFor(60, TimeUnit.SECONDS) || create.exitValue() != 0) {
				throw new IllegalStateException("redis-cli --cluster create failed: " + output);
			}
			for (RedisServer node : nodes) {
				await("node " + node.port() + " sees the cluster ok").atMost(SYNC_DEADLINE)
					.until(() -> String.valueOf(node.call("CLUSTER", "INFO")).contains("cluster_state:ok"));
			}
			return nodes;
		}
		catch (IOException ex) {
			nodes.forEach(RedisServer::close);
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			nodes.forEach(RedisServer::close);
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (RuntimeException ex) {
			nodes.forEach(RedisServer::close);
			throw ex;
		}
	}

	/**
	 * A new Cluster node that joins the cluster of {@code primary} as its replica;
	 * returns once the replica is in sync with it.
	 */
	public static RedisServer startClusterReplicaOf(RedisServer primary) {
		RedisServer replica = startClusterNode();
		try {
			replica.call("CLUSTER", "MEET", "127.0.0.1", Integer.toString(primary.port()));
			String primaryId = String.valueOf(primary.call("CLUSTER", "MYID"));
			await("node " + replica.port() + " knows " + primary.port()).atMost(JOIN_DEADLINE)
				.until(() -> String.valueOf(replica.call("CLUSTER", "NODES")).contains(primaryId));
			replica.call("CLUSTER", "REPLICATE", primaryId);
			awaitInSync(replica, primary);
			return replica;
		}
		catch (RuntimeException ex) {
			replica.close();
			throw ex;
		}
	}

	/** Waits until {@code replica} replicates {@code primary} with its link up. */
	public static void awaitInSync(RedisServer replica, RedisServer primary) {
		await("replica " + replica.port() + " is in sync with " + primary.port()).atMost(SYNC_DEADLINE).until(() -> {
			String replication = replica.info("replication");
			return replication.contains("master_port:" + primary.port())
					&& replication.contains("master_link_status:up");
		});
	}

	/**
	 * Waits until {@code count} replicas acknowledge {@code primary}'s writes. A replica
	 * listed as {@code state=online} with {@code lag=0} right after its full sync may not
	 * receive the replication stream until its first {@code REPLCONF ACK}, up to a second
	 * later; a {@code WAIT} for a {@code PUBLISH} (which is replicated but writes no key)
	 * shows when it does.
	 */
	public static void awaitReplicasAcknowledging(RedisServer primary, int count) {
		await("port " + primary.port() + " has " + count + " replicas acknowledging").atMost(SYNC_DEADLINE)
			.until(() -> {
				primary.call("PUBLISH", "snowflake-test-probe", "");
				return (Long) primary.call("WAIT", Integer.toString(count), "100") >= count;
			});
	}

	/**
	 * Port of the primary that serves the slot of {@code key}, as Cluster node
	 * {@code node} sees it.
	 */
	@SuppressWarnings("unchecked")
	public static int slotOwnerPort(RedisServer node, String key) {
		long slot = (Long) node.call("CLUSTER", "KEYSLOT", key);
		for (Object range : (List<Object>) node.call("CLUSTER", "SLOTS")) {
			List<Object> entry = (List<Object>) range;
			if ((Long) entry.get(0) <= slot && slot <= (Long) entry.get(1)) {
				return ((Long) ((List<Object>) entry.get(2)).get(1)).intValue();
			}
		}
		throw new IllegalStateException("no node serves slot " + slot + " as " + node.port() + " sees it");
	}

}
