package dev.snowflakeid.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.testsupport.Polling;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worker leases on a Redis Cluster of three primaries with one replica each, and a second replica for the
 * primary of the region's slot (cluster-node-timeout 2 s), with real processes. An application configured
 * with {@code spring.data.redis.cluster.nodes}, one required replica and short lease timings issues IDs
 * continuously while the primary owning its region's slot changes twice: first by {@code CLUSTER FAILOVER}
 * on a replica, then by kill -9 of that new primary, whose replicas (the first primary among them) elect a
 * successor. After each change renewals run on the new primary, IDs flow again and no ID
 * repeats. The longest time without IDs is printed for each failover.
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
		this.nodes = new ArrayList<>(RedisServer.startCluster(3, 1));
		RedisServer first = ownerOfRegion(this.nodes.get(0));
		RedisServer second = this.nodes.stream()
			.filter((node) -> String.valueOf(node.call("INFO", "replication")).contains("master_port:" + first.port()))
			.findFirst()
			.orElseThrow();
		// A second replica for the region's primary: after the primary is killed, its successor still has one
		// replica, as snowflake.worker.redis.min-replicas=1 requires for grants.
		RedisServer spare = RedisServer.startClusterNode();
		this.nodes.add(spare);
		spare.call("CLUSTER", "MEET", "127.0.0.1", Integer.toString(first.port()));
		String firstId = String.valueOf(first.call("CLUSTER", "MYID"));
		Polling.await("the spare node knows the region's primary", DEADLINE)
			.until(() -> String.valueOf(spare.call("CLUSTER", "NODES")).contains(firstId));
		spare.call("CLUSTER", "REPLICATE", firstId);
		awaitInSync(second, first);
		awaitInSync(spare, first);
		String seeds = this.nodes.stream().map((node) -> "127.0.0.1:" + node.port()).collect(Collectors.joining(","));
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.cluster.nodes=" + seeds, "snowflake.worker.redis.namespace=" + NAMESPACE,
					"snowflake.worker.redis.min-replicas=1")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				try (ContinuousIssuer issuer = ContinuousIssuer.start(context.getBean(IdGenerator.class), "cluster")) {
					issuer.awaitMore(1_000, DEADLINE);
					assertThat(first.scriptCalls()).isPositive();

					issuer.resetLongestGap();
					second.call("CLUSTER", "FAILOVER");
					awaitLeasesOn(second, issuer);
					Duration planned = issuer.longestGap();

					awaitInSync(first, second);
					awaitInSync(spare, second);
					issuer.resetLongestGap();
					second.kill();
					RedisServer[] third = new RedisServer[1];
					Polling.await("a replica of " + second.port() + " takes over", DEADLINE).until(() -> {
						third[0] = ownerOfRegion(first);
						return third[0] != second && ownerOfRegion(spare) == third[0];
					});
					awaitLeasesOn(third[0], issuer);
					Duration killed = issuer.longestGap();

					System.out.printf("Cluster (cluster-node-timeout %d ms, %s): longest time without IDs "
							+ "%d ms across CLUSTER FAILOVER, %d ms across kill -9 of the primary; %d IDs, %d refusals%n",
							RedisServer.CLUSTER_NODE_TIMEOUT.toMillis(), LeaseApplications.SHORT_TIMINGS,
							planned.toMillis(), killed.toMillis(),
							issuer.count(), issuer.refusals());
					assertThat(issuer.duplicates()).isZero();
					assertThat(planned).isLessThan(DEADLINE);
					assertThat(killed).isLessThan(DEADLINE);
				}
			});
	}

	/** The primary that owns the slot of the region's keys, as {@code node} sees it. */
	@SuppressWarnings("unchecked")
	private RedisServer ownerOfRegion(RedisServer node) {
		long slot = (Long) node.call("CLUSTER", "KEYSLOT", "{" + NAMESPACE + ":0}");
		for (Object range : (List<Object>) node.call("CLUSTER", "SLOTS")) {
			List<Object> entry = (List<Object>) range;
			if ((Long) entry.get(0) <= slot && slot <= (Long) entry.get(1)) {
				long port = (Long) ((List<Object>) entry.get(2)).get(1);
				return this.nodes.stream().filter((each) -> each.port() == port).findFirst().orElseThrow();
			}
		}
		throw new IllegalStateException("no node owns slot " + slot);
	}

	private static void awaitInSync(RedisServer replica, RedisServer primary) {
		Polling.await("replica " + replica.port() + " is in sync with " + primary.port(), DEADLINE).until(() -> {
			String info = String.valueOf(replica.call("INFO", "replication"));
			return info.contains("master_port:" + primary.port()) && info.contains("master_link_status:up");
		});
	}

	/** {@code primary} owns the region's slot, lease scripts run there and IDs flow again. */
	private void awaitLeasesOn(RedisServer primary, ContinuousIssuer issuer) {
		Polling.await(primary.port() + " owns the region's slot", DEADLINE)
			.until(() -> ownerOfRegion(primary) == primary);
		long renewals = primary.scriptCalls();
		Polling.await("leases are renewed on " + primary.port(), DEADLINE)
			.until(() -> primary.scriptCalls() > renewals);
		issuer.awaitMore(1_000, DEADLINE);
	}

}
