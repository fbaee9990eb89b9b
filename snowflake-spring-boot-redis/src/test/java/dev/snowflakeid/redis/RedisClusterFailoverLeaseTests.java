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
import java.util.stream.Collectors;

import dev.snowflakeid.IdGenerationException;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.lease.WorkerLease;
import dev.snowflakeid.lease.WorkerLeaseKeeper;
import dev.snowflakeid.testsupport.IssuingLoad;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import dev.snowflakeid.testsupport.RedisTopology;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worker leases on a Redis Cluster of three primaries with one replica each, and a second
 * replica for the primary of the region's slot (cluster-node-timeout 2 s), with real
 * processes. An application configured with {@code spring.data.redis.cluster.nodes}, one
 * required replica and short lease timings issues IDs continuously while the primary
 * owning its region's slot changes twice: first by {@code CLUSTER FAILOVER} on a replica,
 * then by kill -9 of that new primary, whose replicas (the first primary among them)
 * elect a successor. After each change renewals run on the new primary, IDs flow again
 * from a range it granted and no ID repeats. The longest time without IDs is printed for
 * each failover.
 */
@RealProcesses
class RedisClusterFailoverLeaseTests {

	private static final String NAMESPACE = "cluster-failover";

	private static final Duration DEADLINE = Duration.ofSeconds(30);

	private List<RedisServer> nodes = new ArrayList<>();

	@AfterEach
	void stop() {
		this.nodes.forEach(RedisServer::close);
	}

	@Test
	void leasesFollowTheSlotThroughAClusterFailoverAndAKilledPrimary() {
		this.nodes = new ArrayList<>(RedisTopology.startCluster(3, 1));
		RedisServer first = ownerOfRegion(this.nodes.get(0));
		RedisServer second = this.nodes.stream()
			.filter((node) -> String.valueOf(node.call("INFO", "replication")).contains("master_port:" + first.port()))
			.findFirst()
			.orElseThrow();
		// A second replica for the region's primary: after the primary is killed, its
		// successor still has one
		// replica, with which it is a majority of the three nodes that
		// snowflake.worker.redis.replicas=2 counts.
		RedisServer spare = RedisTopology.startClusterReplicaOf(first);
		this.nodes.add(spare);
		RedisTopology.awaitInSync(second, first);
		String seeds = this.nodes.stream().map((node) -> "127.0.0.1:" + node.port()).collect(Collectors.joining(","));
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.cluster.nodes=" + seeds,
					"snowflake.worker.redis.namespace=" + NAMESPACE, "snowflake.worker.redis.replicas=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				WorkerLeaseKeeper keeper = context.getBean(WorkerLeaseKeeper.class);
				try (IssuingLoad issuer = IssuingLoad.start("cluster", context.getBean(IdGenerator.class)::nextId,
						IdGenerationException.class)) {
					issuer.awaitMore(1_000, DEADLINE);
					assertThat(first.scriptCalls()).isPositive();

					issuer.resetLongestGaps();
					long failoverAt = System.currentTimeMillis();
					second.call("CLUSTER", "FAILOVER");
					awaitLeasesOn(second, keeper, failoverAt, issuer);
					Duration planned = issuer.longestGap();

					RedisTopology.awaitInSync(first, second);
					RedisTopology.awaitInSync(spare, second);
					issuer.resetLongestGaps();
					long killedAt = System.currentTimeMillis();
					second.kill();
					RedisServer[] third = new RedisServer[1];
					Polling.await("a replica of " + second.port() + " takes over", DEADLINE).until(() -> {
						third[0] = ownerOfRegion(first);
						return third[0] != second && ownerOfRegion(spare) == third[0];
					});
					awaitLeasesOn(third[0], keeper, killedAt, issuer);
					Duration killed = issuer.longestGap();

					System.out.printf("Cluster (cluster-node-timeout %d ms, %s): longest time without IDs "
							+ "%d ms across CLUSTER FAILOVER, %d ms across kill -9 of the primary; %d IDs, %d refusals%n",
							RedisTopology.CLUSTER_NODE_TIMEOUT.toMillis(), LeaseApplications.SHORT_TIMINGS,
							planned.toMillis(), killed.toMillis(), issuer.count(), issuer.refusals());
					assertThat(issuer.duplicates()).isZero();
					assertThat(planned).isLessThan(DEADLINE);
					assertThat(killed).isLessThan(DEADLINE);
				}
			});
	}

	/** The primary that owns the slot of the region's keys, as {@code node} sees it. */
	private RedisServer ownerOfRegion(RedisServer node) {
		int port = RedisTopology.slotOwnerPort(node, "{" + NAMESPACE + ":0}");
		return this.nodes.stream().filter((each) -> each.port() == port).findFirst().orElseThrow();
	}

	/**
	 * {@code primary} owns the region's slot, lease scripts run there, and IDs flow again
	 * from a range it granted: one whose floor lies after {@code faultAt} (a promotion
	 * changes the data's lineage, so the new primary's ranges start above the loss floor)
	 * and below the clock. Until then the worker may still issue from the range it held
	 * before the fault, and the time without IDs is still to come.
	 */
	private void awaitLeasesOn(RedisServer primary, WorkerLeaseKeeper keeper, long faultAt, IssuingLoad issuer) {
		Polling.await(primary.port() + " owns the region's slot", DEADLINE)
			.until(() -> ownerOfRegion(primary) == primary);
		long renewals = primary.scriptCalls();
		Polling.await("leases are renewed on " + primary.port(), DEADLINE)
			.until(() -> primary.scriptCalls() > renewals);
		Polling.await("IDs come from a range granted after the fault", DEADLINE).until(() -> {
			WorkerLease lease = keeper.currentLease();
			return lease != null && lease.floorMillis() > faultAt && lease.floorMillis() < System.currentTimeMillis();
		});
		issuer.awaitMore(1_000, DEADLINE);
	}

}
