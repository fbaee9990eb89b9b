package dev.snowflakeid.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.snowflakeid.IdGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worker leases behind Redis Sentinel, with real processes: one primary, one replica and three sentinels
 * ({@code redis-server --sentinel}, quorum 2, down after 1 s). An application configured only with
 * {@code spring.data.redis.sentinel.*} and the default lease timings issues IDs continuously while the
 * primary changes twice: first by {@code SENTINEL FAILOVER}, then by kill -9 of the new primary. After each
 * change its lease connection (named by CLIENT SETNAME) is on the new primary, renewals run there, it
 * issues again, and no ID repeats. The longest time without IDs is printed for each failover.
 */
class RedisSentinelLeaseTests {

	private static final String MASTER = "leases";

	private static final Duration DOWN_AFTER = Duration.ofSeconds(1);

	private static final Duration DEADLINE = Duration.ofSeconds(30);

	private final List<RedisServerProcess> processes = new ArrayList<>();

	@AfterEach
	void stop() {
		this.processes.forEach(RedisServerProcess::close);
	}

	private RedisServerProcess track(RedisServerProcess process) {
		this.processes.add(process);
		return process;
	}

	@Test
	void leasesFollowThePrimaryThroughASentinelFailoverAndAKilledPrimary() {
		RedisServerProcess first = track(RedisServerProcess.start());
		RedisServerProcess second = track(RedisServerProcess.startReplicaOf(first));
		List<RedisServerProcess> sentinels = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			sentinels.add(track(RedisServerProcess.startSentinel(MASTER, first, DOWN_AFTER)));
		}
		awaitSentinelsAgree(sentinels, first, second);
		String nodes = sentinels.stream().map((sentinel) -> "127.0.0.1:" + sentinel.port()).collect(Collectors.joining(","));
		LeaseApplications.runner(true)
			.withPropertyValues("spring.data.redis.sentinel.master=" + MASTER, "spring.data.redis.sentinel.nodes=" + nodes)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				try (ContinuousIssuer issuer = ContinuousIssuer.start(context.getBean(IdGenerator.class), "sentinel")) {
					issuer.awaitMore(1_000, DEADLINE);
					assertThat(first.clientsNamed("snowflake-lease")).isOne();

					issuer.resetLongestGap();
					awaitSentinelsAgree(sentinels, first, second);
					RedisServerProcess.await("a sentinel starts a failover", DEADLINE, () -> {
						try {
							return "OK".equals(sentinels.get(0).call("SENTINEL", "FAILOVER", MASTER));
						}
						catch (RespClient.RespError ex) {
							// NOGOODSLAVE while the sentinel's view of the replica is being refreshed
							return false;
						}
					});
					awaitLeasesOn(second, sentinels, issuer);
					Duration planned = issuer.longestGap();

					awaitSentinelsAgree(sentinels, second, first);
					issuer.resetLongestGap();
					second.kill();
					awaitLeasesOn(first, sentinels, issuer);
					Duration killed = issuer.longestGap();

					System.out.printf("Sentinel (down-after %d ms, lease defaults): longest time without IDs %d ms "
							+ "across SENTINEL FAILOVER, %d ms across kill -9 of the primary; %d IDs, %d refusals%n",
							DOWN_AFTER.toMillis(), planned.toMillis(), killed.toMillis(), issuer.count(),
							issuer.refusals());
					assertThat(issuer.duplicates()).isZero();
					assertThat(planned).isLessThan(DEADLINE);
					assertThat(killed).isLessThan(DEADLINE);
				}
			});
	}

	/** Sentinels name {@code primary}, see {@code replica} in sync and know each other (for a quorum). */
	@SuppressWarnings("unchecked")
	private static void awaitSentinelsAgree(List<RedisServerProcess> sentinels, RedisServerProcess primary,
			RedisServerProcess replica) {
		RedisServerProcess.await("replica " + replica.port() + " is in sync with " + primary.port(), DEADLINE, () -> {
			String info = String.valueOf(replica.call("INFO", "replication"));
			return info.contains("master_port:" + primary.port()) && info.contains("master_link_status:up");
		});
		for (RedisServerProcess sentinel : sentinels) {
			RedisServerProcess.await("sentinel " + sentinel.port() + " knows the set-up", DEADLINE, () -> {
				List<Object> address = (List<Object>) sentinel.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER);
				List<Object> replicas = (List<Object>) sentinel.call("SENTINEL", "REPLICAS", MASTER);
				List<Object> others = (List<Object>) sentinel.call("SENTINEL", "SENTINELS", MASTER);
				return address.get(1).equals(Integer.toString(primary.port())) && others.size() == 2
						&& replicas.stream().map(String::valueOf).anyMatch((entry) -> entry.contains(
								Integer.toString(replica.port())) && !entry.contains("s_down")
								&& !entry.contains("disconnected"));
			});
		}
	}

	/** The sentinels name {@code primary}, the lease connection is on it, renews there and IDs flow again. */
	@SuppressWarnings("unchecked")
	private static void awaitLeasesOn(RedisServerProcess primary, List<RedisServerProcess> sentinels,
			ContinuousIssuer issuer) {
		RedisServerProcess.await("the sentinels promote " + primary.port(), DEADLINE,
				() -> sentinels.stream().allMatch((sentinel) -> ((List<Object>) sentinel.call("SENTINEL",
						"GET-MASTER-ADDR-BY-NAME", MASTER)).get(1).equals(Integer.toString(primary.port()))));
		RedisServerProcess.await("the lease connection is on " + primary.port(), DEADLINE,
				() -> primary.clientsNamed("snowflake-lease") == 1);
		long renewals = primary.scriptCalls();
		RedisServerProcess.await("leases are renewed on " + primary.port(), DEADLINE,
				() -> primary.scriptCalls() > renewals);
		issuer.awaitMore(1_000, DEADLINE);
	}

}
