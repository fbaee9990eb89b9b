package dev.snowflakeid.redis;

import java.util.List;

import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worker leases on a fixed primary with a replica ({@code spring.data.redis.masterreplica.nodes}), listed
 * replica first: every lease command goes to the primary, none to the replica, whatever read-from the
 * application's own client uses.
 */
@RealProcesses
class RedisMasterReplicaLeaseTests {

	@Test
	void leaseCommandsGoToThePrimaryWhicheverNodeIsListedFirst() {
		try (RedisServer primary = RedisServer.start();
				RedisServer replica = RedisServer.startReplicaOf(primary)) {
			LeaseApplications.runner(false)
				.withPropertyValues("spring.data.redis.masterreplica.nodes=127.0.0.1:" + replica.port() + ",127.0.0.1:"
						+ primary.port(), "spring.data.redis.lettuce.read-from=replica", "snowflake.worker.redis.replicas=1")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					assertThat(context.getBean(IdGenerator.class).nextId()).isPositive();
					assertThat((List<?>) primary.call("KEYS", "snowflake:*:lease:*")).hasSize(1);
					assertThat(primary.scriptCalls()).isPositive();
					assertThat(replica.scriptCalls()).isZero();
				});
		}
	}

}
