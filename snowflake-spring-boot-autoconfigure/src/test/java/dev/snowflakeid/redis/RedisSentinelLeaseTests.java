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
 * Worker leases behind Redis Sentinel, with real processes: one primary, two replicas and three sentinels
 * ({@code redis-server --sentinel}, quorum 2, down after 1 s). An application configured only with
 * {@code spring.data.redis.sentinel.*}, one required replica and short lease timings issues IDs continuously while the
 * primary changes twice: first by kill -9 of the primary, then by {@code SENTINEL FAILOVER}. After each
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
	void leasesFollowThePrimaryThroughAKilledPrimaryAndASentinelFailover() {
		RedisServerProcess first = track(RedisServerProcess.start());
		List<RedisServerProcess> replicas = List.of(track(RedisServerProcess.startReplicaOf(first)),
				track(RedisServerProcess.startReplicaOf(first)));
		List<RedisServerProcess> sentinels = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			sentinels.add(track(RedisServerProcess.startSentinel(MASTER, first, DOWN_AFTER)));
		}
		awaitSentinelsAgree(sentinels, first, replicas);
		String nodes = sentinels.stream().map((sentinel) -> "127.0.0.1:" + sentinel.port()).collect(Collectors.joining(","));
		LeaseApplications.runner(false)
			.withPropertyValues("spring.data.redis.sentinel.master=" + MASTER, "spring.data.redis.sentinel.nodes=" + nodes,
					"snowflake.worker.redis.min-replicas=1")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				try (ContinuousIssuer issuer = ContinuousIssuer.start(context.getBean(IdGenerator.class), "sentinel")) {
					issuer.awaitMore(1_000, DEADLINE);
					assertThat(first.clientsNamed("snowflake-lease")).isOne();

					issuer.resetLongestGap();
					first.kill();
					RedisServerProcess second = awaitPromotion(sentinels, replicas);
					awaitLeasesOn(second, issuer);
					Duration killed = issuer.longestGap();

					RedisServerProcess third = replicas.get(1 - replicas.indexOf(second));
					awaitInSync(third, second);
					issuer.resetLongestGap();
					// The sentinel that led the first failover knows the reconfigured replica at once; the
					// others learn of it from the primary's INFO, every 10 s.
					RedisServerProcess.await("a sentinel starts a failover", DEADLINE,
							() -> sentinels.stream().anyMatch(RedisSentinelLeaseTests::startFailover));
					assertThat(awaitPromotion(sentinels, List.of(third))).isSameAs(third);
					awaitLeasesOn(third, issuer);
					Duration planned = issuer.longestGap();

					System.out.printf("Sentinel (down-after %d ms, %s): longest time without IDs %d ms "
							+ "across kill -9 of the primary, %d ms across SENTINEL FAILOVER; %d IDs, %d refusals%n",
							DOWN_AFTER.toMillis(), LeaseApplications.SHORT_TIMINGS, killed.toMillis(), planned.toMillis(),
							issuer.count(),
							issuer.refusals());
					assertThat(issuer.duplicates()).isZero();
					assertThat(killed).isLessThan(DEADLINE);
					assertThat(planned).isLessThan(DEADLINE);
				}
			});
	}

	private static boolean startFailover(RedisServerProcess sentinel) {
		try {
			return "OK".equals(sentinel.call("SENTINEL", "FAILOVER", MASTER));
		}
		catch (RespClient.RespError ex) {
			// NOGOODSLAVE from a sentinel that does not know the replica yet
			return false;
		}
	}

	private static void awaitInSync(RedisServerProcess replica, RedisServerProcess primary) {
		RedisServerProcess.await("replica " + replica.port() + " is in sync with " + primary.port(), DEADLINE, () -> {
			String info = String.valueOf(replica.call("INFO", "replication"));
			return info.contains("master_port:" + primary.port()) && info.contains("master_link_status:up");
		});
	}

	/** Waits until every sentinel names one of {@code candidates} as the primary, and returns it. */
	@SuppressWarnings("unchecked")
	private static RedisServerProcess awaitPromotion(List<RedisServerProcess> sentinels,
			List<RedisServerProcess> candidates) {
		RedisServerProcess[] promoted = new RedisServerProcess[1];
		RedisServerProcess.await("the sentinels promote one of " + candidates.stream().map(RedisServerProcess::port)
			.toList(), DEADLINE, () -> {
				List<String> named = sentinels.stream()
					.map((sentinel) -> String.valueOf(((List<Object>) sentinel.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME",
							MASTER)).get(1)))
					.distinct()
					.toList();
				promoted[0] = candidates.stream()
					.filter((candidate) -> named.equals(List.of(Integer.toString(candidate.port()))))
					.findFirst()
					.orElse(null);
				return promoted[0] != null;
			});
		return promoted[0];
	}

	/** Sentinels name {@code primary}, see {@code replicas} in sync and know each other (for a quorum). */
	@SuppressWarnings("unchecked")
	private static void awaitSentinelsAgree(List<RedisServerProcess> sentinels, RedisServerProcess primary,
			List<RedisServerProcess> replicas) {
		replicas.forEach((replica) -> awaitInSync(replica, primary));
		for (RedisServerProcess sentinel : sentinels) {
			RedisServerProcess.await("sentinel " + sentinel.port() + " knows the set-up", DEADLINE, () -> {
				List<Object> address = (List<Object>) sentinel.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER);
				String known = String.valueOf(sentinel.call("SENTINEL", "REPLICAS", MASTER));
				List<Object> others = (List<Object>) sentinel.call("SENTINEL", "SENTINELS", MASTER);
				return address.get(1).equals(Integer.toString(primary.port())) && others.size() == 2
						&& replicas.stream().allMatch((replica) -> known.contains(Integer.toString(replica.port())));
			});
		}
	}

	/** The lease connection is on {@code primary}, renews there, and IDs flow again. */
	private static void awaitLeasesOn(RedisServerProcess primary, ContinuousIssuer issuer) {
		RedisServerProcess.await("the lease connection is on " + primary.port(), DEADLINE,
				() -> primary.clientsNamed("snowflake-lease") == 1);
		long renewals = primary.scriptCalls();
		RedisServerProcess.await("leases are renewed on " + primary.port(), DEADLINE,
				() -> primary.scriptCalls() > renewals);
		issuer.awaitMore(1_000, DEADLINE);
	}

}
