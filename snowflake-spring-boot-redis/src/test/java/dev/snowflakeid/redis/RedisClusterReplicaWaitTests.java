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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal.Status;
import dev.snowflakeid.lease.LeaseStoreUnavailableException;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseException.ClockSkewException;
import dev.snowflakeid.testsupport.IssuingLoad;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import dev.snowflakeid.testsupport.RedisTopology;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * {@code WAIT} on a Redis Cluster, with real processes: three primaries with a replica
 * each and a second replica for the primary that owns the region's slot
 * (cluster-node-timeout 2 s), configured as two replicas (so one acknowledgement makes a
 * majority). The store runs the lease script and {@code WAIT} on one connection to the
 * slot's primary:
 * <ul>
 * <li>with one replica paused, grants are used once the other acknowledged them; with
 * both paused (their lag still within the limit), the script grants and the grant is
 * refused because no replica acknowledges it; once they resume, grants work again;</li>
 * <li>a primary frozen past its failover resumes with a claim waiting in its socket, sent
 * by a client whose topology view still names it, for the worker's code at a time when a
 * grant from the old data would overlap the worker's range from the new primary: the
 * claim is refused (the printed reason says how), the worker issues on, and no ID repeats
 * or leaves its range.</li>
 * </ul>
 * A node that allows replica migration is refused by the startup check, and an
 * application started against the Cluster then fails with a failure analysis that names
 * the setting.
 */
@RealProcesses
class RedisClusterReplicaWaitTests {

	private static final String NAMESPACE = "cluster-wait";

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.defaults();

	private static final Duration DEADLINE = Duration.ofSeconds(30);

	private final List<AutoCloseable> resources = new ArrayList<>();

	private final List<RedisServer> nodes = new ArrayList<>();

	private RedisServer primary;

	private RedisServer replica;

	private RedisServer secondReplica;

	@BeforeEach
	void startCluster() {
		this.nodes.addAll(RedisTopology.startCluster(3, 1));
		this.primary = ownerOfRegion(this.nodes.get(0));
		this.replica = this.nodes.stream()
			.filter((node) -> String.valueOf(node.call("INFO", "replication"))
				.contains("master_port:" + this.primary.port()))
			.findFirst()
			.orElseThrow();
		// every other primary keeps its own replica, so none is orphaned and takes one of
		// these by migration
		this.secondReplica = RedisTopology.startClusterReplicaOf(this.primary);
		this.nodes.add(this.secondReplica);
		RedisTopology.awaitInSync(this.replica, this.primary);
		String primaryId = String.valueOf(this.primary.call("CLUSTER", "MYID"));
		// the other primaries vote in a failover only for replicas they know as such
		for (RedisServer node : this.nodes) {
			Polling.await(node.port() + " knows both replicas of " + this.primary.port(), DEADLINE)
				.until(() -> String.valueOf(node.call("CLUSTER", "NODES"))
					.lines()
					.map((line) -> line.split(" "))
					.filter((fields) -> fields[2].contains("slave") && fields[3].equals(primaryId))
					.count() == 2);
		}
	}

	@AfterEach
	void stop() throws Exception {
		for (int i = this.resources.size() - 1; i >= 0; i--) {
			this.resources.get(i).close();
		}
		this.nodes.forEach(RedisServer::close);
	}

	@Test
	void aGrantIsUsedOnceOneOfTwoReplicasAcknowledgedItAndRefusedWhileNoneCan() {
		// A lag limit of 5 s: paused replicas still count as online, so only WAIT can
		// refuse the grant. Calls
		// that nothing retries may run seconds late on a busy machine, hence the request
		// lateness of 5 s.
		Duration maxReplicaLag = Duration.ofSeconds(5);
		LeaseTiming timing = new LeaseTiming(Duration.ofSeconds(3), Duration.ofMillis(250), Duration.ofMillis(500),
				LeaseTiming.replicaFailoverWindow(2, maxReplicaLag), Duration.ofSeconds(5));
		RedisWorkerLeaseStore store = store(connect("wait-lease", Duration.ofSeconds(2)), timing, maxReplicaLag);
		LeaseGrant held = store.claim(-1);
		long scripts = this.primary.scriptCalls();

		this.secondReplica.suspend();
		try {
			// two replicas: the primary and one of them are a majority of the three nodes
			assertThat(store.claim(-1).workerCode()).isNotEqualTo(held.workerCode());
			this.replica.suspend();
			try {
				assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(() -> store.claim(-1))
					.withMessageContaining("granted, but only 0 of the 1 replicas required acknowledged")
					.withMessageContaining("the grant is not used");
				assertThatExceptionOfType(LeaseStoreUnavailableException.class).isThrownBy(() -> store.renew(held))
					.withMessageContaining("only 0 of the 1 replicas required acknowledged");
				// three lease scripts, lineage.lua after the one grant that was
				// acknowledged, and release.lua for
				// the claim that was not (the renewal that was not keeps its key)
				assertThat(this.primary.scriptCalls()).as("all ran on the slot's primary").isEqualTo(scripts + 5);
			}
			finally {
				this.replica.resume();
			}
		}
		finally {
			this.secondReplica.resume();
		}

		await().atMost(DEADLINE).ignoreExceptions().until(() -> store.renew(held).status() == Status.RENEWED);
	}

	@Test
	void aShardWithMoreReplicasThanCountedIsRefusedNamingItsPrimaryAndTheCount() {
		RedisLeaseServerCheck check = new RedisLeaseServerCheck(connect("count-check", Duration.ofSeconds(2)), null,
				"snowflake:{count}:0", 1, Duration.ofSeconds(5));
		assertThatExceptionOfType(UnsuitableRedisException.class).isThrownBy(check::verify)
			.withMessageContaining("(in a Redis Cluster) has 2 replicas attached, more than the 1 that "
					+ "snowflake.worker.redis.replicas counts")
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(UnsuitableRedisException.Reason.REPLICA_COUNT))
			.satisfies((ex) -> assertThat(ex.replicaCount().attached()).isEqualTo(2))
			.satisfies((ex) -> assertThat(ex.replicaCount().topology())
				.isEqualTo(UnsuitableRedisException.Topology.CLUSTER));
	}

	@Test
	void aClusterWhoseReplicasMayMigrateIsRefusedNamingTheNode() {
		RedisWorkerLeaseStore store = store(connect("wait-check", Duration.ofSeconds(2)),
				new LeaseTiming(Duration.ofSeconds(3), Duration.ofMillis(250), Duration.ofMillis(500),
						LeaseTiming.replicaFailoverWindow(2, Duration.ofSeconds(1)), Duration.ofSeconds(1)),
				Duration.ofSeconds(1));
		RedisServer other = this.nodes.stream().filter((node) -> node != this.primary).findFirst().orElseThrow();
		other.call("CONFIG", "SET", "cluster-allow-replica-migration", "yes");
		RedisLeaseServerCheck check = new RedisLeaseServerCheck(connect("wait-check", Duration.ofSeconds(2)), null,
				store.leaseKey(0), 2, Duration.ofSeconds(5));
		assertThatExceptionOfType(UnsuitableRedisException.class).isThrownBy(check::verify)
			.withMessageContaining(Integer.toString(other.port()))
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(UnsuitableRedisException.Reason.REPLICA_MIGRATION))
			.satisfies((ex) -> assertThat(ex.setting()).isEqualTo("cluster-allow-replica-migration"));
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.cluster.nodes=" + String.join(",", seeds()),
					"snowflake.worker.redis.namespace=" + NAMESPACE, "snowflake.worker.redis.replicas=2")
			.run((context) -> {
				FailureAnalysis analysis = LeaseApplications.analyze(context, UnsuitableRedisException.class);
				assertThat(analysis.getDescription()).startsWith("Worker leases cannot use this Redis Cluster: Redis ")
					.contains(":" + other.port() + " has cluster-allow-replica-migration yes")
					.contains("could both grant the same worker code");
				assertThat(analysis.getAction())
					.startsWith("Set cluster-allow-replica-migration no on every node of the lease Cluster");
			});
		other.call("CONFIG", "SET", "cluster-allow-replica-migration", "no");
		assertThat(check.verify()).isEmpty();
	}

	@Test
	void grantsOfAPrimaryResumedAfterItsFailoverAreNotUsed() {
		LeaseTiming timing = new LeaseTiming(Duration.ofSeconds(3), Duration.ofMillis(250), Duration.ofMillis(500),
				LeaseTiming.replicaFailoverWindow(2, Duration.ofSeconds(1)), Duration.ofSeconds(1));
		IdLedger ledger = new IdLedger(LAYOUT);
		LeaseWorker worker = track(
				LeaseWorker
					.builder("wait-worker",
							store(connect("wait-worker", RedisLeaseDefaults.COMMAND_TIMEOUT), timing,
									Duration.ofSeconds(1)),
							ledger)
					.startupWaitBudget(timing.quarantine().plusSeconds(10))
					.start());
		worker.awaitIssuing(timing.quarantine().plusSeconds(10));
		IssuingLoad issuer = track(IssuingLoad.start("wait-worker", worker::nextId, IdGenerationException.class));
		issuer.awaitMore(1_000, DEADLINE);
		// A second client that makes no request while the primary is frozen: its topology
		// view still names the
		// frozen primary when the primary resumes, as a client's view may.
		RedisWorkerLeaseStore late = store(connect("wait-late", Duration.ofSeconds(5)), timing, Duration.ofSeconds(1));
		// connects to the primary and loads the script there; a claim that ran too late
		// is simply tried again
		await().atMost(DEADLINE)
			.ignoreExceptionsInstanceOf(ClockSkewException.class)
			.until(() -> late.claim(-1) != null);
		List<Integer> lateClientPorts = this.primary.clientPortsNamed("wait-late");

		issuer.resetLongestGaps();
		long frozenAt = System.currentTimeMillis();
		this.primary.suspend();
		LeaseStoreUnavailableException refusal;
		try {
			RedisServer successor = awaitSuccessor();
			WorkerLease after = await().atMost(DEADLINE)
				.until(worker::lease, (lease) -> lease != null && lease.floorMillis() > frozenAt);
			issuer.awaitMore(1_000, DEADLINE);
			// Once Redis time plus the ceiling lead is a second above the floor of the
			// worker's range from the
			// successor, a grant of the worker's code made from the old data would
			// overlap that range.
			await().atMost(DEADLINE)
				.until(() -> System.currentTimeMillis() + timing.ceilingLead().toMillis() > after.floorMillis()
						+ 1_000);
			CompletableFuture<LeaseGrant> claim = CompletableFuture.supplyAsync(() -> late.claim(after.workerCode()));
			Polling.await("the late claim waits in the frozen primary's socket", DEADLINE)
				.until(() -> this.primary.unreadBytesFrom(lateClientPorts) > 0);
			this.primary.resume();
			refusal = (LeaseStoreUnavailableException) assertThatExceptionOfType(CompletionException.class)
				.isThrownBy(claim::join)
				.withCauseInstanceOf(LeaseStoreUnavailableException.class)
				.actual()
				.getCause();
			RedisTopology.awaitInSync(this.primary, successor);
		}
		finally {
			this.primary.resume();
		}
		issuer.awaitMore(1_000, DEADLINE);
		Duration longestGap = issuer.longestGap();
		issuer.close();
		System.out.printf(
				"Cluster primary frozen past its failover (cluster-node-timeout %d ms): longest time without "
						+ "IDs %d ms; the resumed primary's answer to a claim queued while it was frozen: %s%n",
				RedisTopology.CLUSTER_NODE_TIMEOUT.toMillis(), longestGap.toMillis(), refusal.getMessage());
		assertThat(issuer.duplicates()).isZero();
		ledger.assertConsistent();
	}

	/**
	 * Waits until the other nodes agree on a new primary for the region's slot, and
	 * answers it.
	 */
	private RedisServer awaitSuccessor() {
		RedisServer[] successor = new RedisServer[1];
		Polling.await("a replica of " + this.primary.port() + " takes over", DEADLINE).until(() -> {
			successor[0] = ownerOfRegion(this.replica);
			return successor[0] != this.primary && ownerOfRegion(this.secondReplica) == successor[0];
		});
		return successor[0];
	}

	private RedisServer ownerOfRegion(RedisServer node) {
		int port = RedisTopology.slotOwnerPort(node, "{" + NAMESPACE + ":0}");
		return this.nodes.stream().filter((each) -> each.port() == port).findFirst().orElseThrow();
	}

	private List<String> seeds() {
		return this.nodes.stream().map((node) -> "127.0.0.1:" + node.port()).toList();
	}

	private LettuceConnectionFactory connect(String clientName, Duration commandTimeout) {
		Consumer<LettuceClientConfigurationBuilder> named = (builder) -> builder.clientName(clientName);
		LettuceConnectionFactory connections = RedisLeaseConnections.cluster(new RedisClusterConfiguration(seeds()),
				commandTimeout, named);
		connections.afterPropertiesSet();
		track(connections::destroy);
		return connections;
	}

	private static RedisWorkerLeaseStore store(LettuceConnectionFactory connections, LeaseTiming timing,
			Duration maxReplicaLag) {
		return RedisWorkerLeaseStore.builder(connections, LAYOUT)
			.namespace(NAMESPACE)
			.ttl(Duration.ofSeconds(5))
			.timing(timing)
			.replicas(2)
			.maxReplicaLag(maxReplicaLag)
			.build();
	}

	private <T extends AutoCloseable> T track(T resource) {
		this.resources.add(resource);
		return resource;
	}

}
