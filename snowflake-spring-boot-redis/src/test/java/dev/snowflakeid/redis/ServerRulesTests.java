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

import java.util.List;
import java.util.Properties;
import java.util.Set;

import dev.snowflakeid.redis.UnsuitableRedisException.Reason;
import dev.snowflakeid.redis.UnsuitableRedisException.ReplicaCount;
import dev.snowflakeid.redis.UnsuitableRedisException.Topology;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisNode.NodeType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Each rule of the startup check judged on facts as a server reports them, without a
 * server; and each reason of a refusal explained by a failure analysis that names the
 * fix.
 */
class ServerRulesTests {

	private static final String SERVER = "on port 1";

	/**
	 * What the lease script reads the lineage from, checked as it reads it: hexadecimal
	 * digits.
	 */
	@Test
	void lineageFieldsTheLeaseScriptCannotReadAreRefusedNamingThem() {
		Properties info = new Properties();
		info.setProperty("run_id", "c0ffee42");
		ServerRules.requireHex(SERVER, info, "run_id");
		assertThatExceptionOfType(UnsuitableRedisException.class)
			.isThrownBy(() -> ServerRules.requireHex(SERVER, info, "master_replid"))
			.withMessage(
					"Redis on port 1 lacks INFO master_replid, which worker leases rely on (INFO does not show it)");
		info.setProperty("run_id", "<hidden>");
		assertThatExceptionOfType(UnsuitableRedisException.class)
			.isThrownBy(() -> ServerRules.requireHex(SERVER, info, "run_id"))
			.withMessageContaining("INFO shows '<hidden>', not hexadecimal digits")
			.satisfies((refusal) -> assertThat(refusal.reason()).isEqualTo(Reason.CAPABILITY))
			.satisfies((refusal) -> assertThat(refusal.setting()).isEqualTo("INFO run_id"));
	}

	@Test
	void versionsCompareNumericallyAndAnOldServerIsExplained() {
		assertThat(ServerRules.compareVersions("6.2.0", RedisLeaseServerCheck.MINIMUM_VERSION)).isZero();
		assertThat(ServerRules.compareVersions("6.0.20", "6.2.0")).isNegative();
		assertThat(ServerRules.compareVersions("7.0.15", "6.2.0")).isPositive();
		assertThat(ServerRules.compareVersions("10.0.0", "6.2.0")).isPositive();
		assertThat(ServerRules.compareVersions("6.2", "6.2.0")).isZero();
		assertThat(ServerRules.compareVersions("6.2.1-rc1", "6.2.0")).isPositive();
		Properties info = new Properties();
		info.setProperty("redis_version", "6.0.9");
		assertThatExceptionOfType(UnsuitableRedisException.class)
			.isThrownBy(() -> ServerRules.requireVersion(SERVER, info))
			.satisfies((refusal) -> assertThat(refusal.reason()).isEqualTo(Reason.VERSION))
			.satisfies((refusal) -> assertThat(refusal.observed()).isEqualTo("6.0.9"));
		info.setProperty("redis_version", "7.2.4");
		assertThatNoException().isThrownBy(() -> ServerRules.requireVersion(SERVER, info));
		FailureAnalysis analysis = LeaseApplications.analyze(UnsuitableRedisException.version("on port 6379", "6.0.9"));
		assertThat(analysis.getDescription()).contains("6.0.9").contains("PXAT");
		assertThat(analysis.getAction()).contains("6.2.0 or later");
	}

	@Test
	void aReplicaIsRefusedWhereThePrimaryIsRequiredOnly() {
		Properties replication = new Properties();
		replication.setProperty("role", "slave");
		assertThatExceptionOfType(UnsuitableRedisException.class)
			.isThrownBy(() -> ServerRules.requireRole(SERVER, replication, "master"))
			.satisfies((refusal) -> assertThat(refusal.reason()).isEqualTo(Reason.NOT_PRIMARY));
		assertThatNoException().isThrownBy(() -> ServerRules.requireRole(SERVER, replication, null));
	}

	/**
	 * A setting the user may not read ({@code null}) is the reader's warning, never a
	 * pass of the rule's own.
	 */
	@Test
	void settingsAreRefusedOnlyForTheUnsafeValues() {
		assertThatExceptionOfType(UnsuitableRedisException.class)
			.isThrownBy(() -> ServerRules.requireReadOnlyReplicas(SERVER, "NO"))
			.satisfies((refusal) -> assertThat(refusal.reason()).isEqualTo(Reason.REPLICA_WRITABLE));
		assertThatExceptionOfType(UnsuitableRedisException.class)
			.isThrownBy(() -> ServerRules.requireNoAllKeysEviction(SERVER, "allkeys-lfu"))
			.satisfies((refusal) -> assertThat(refusal.reason()).isEqualTo(Reason.EVICTION_POLICY));
		assertThatExceptionOfType(UnsuitableRedisException.class)
			.isThrownBy(() -> ServerRules.requireNoReplicaMigration(SERVER, "yes"))
			.satisfies((refusal) -> assertThat(refusal.reason()).isEqualTo(Reason.REPLICA_MIGRATION));
		for (String unread : new String[] { null, "yes" }) {
			ServerRules.requireReadOnlyReplicas(SERVER, unread);
		}
		for (String policy : new String[] { null, "noeviction", "volatile-lru" }) {
			ServerRules.requireNoAllKeysEviction(SERVER, policy);
		}
		ServerRules.requireNoReplicaMigration(SERVER, "no");
		assertThat(ServerRules.safeValue("replica-read-only")).isEqualTo("yes");
		assertThat(ServerRules.safeValue("cluster-allow-replica-migration")).isEqualTo("no");
		assertThat(ServerRules.safeValue("maxmemory-policy")).isEqualTo("noeviction or a volatile-* policy");
	}

	/**
	 * The largest shard counts, and its replicas that are marked failed count too: they
	 * may come back.
	 */
	@Test
	void aShardWithMoreReplicasThanCountedIsRefusedNamingItsPrimary() {
		RedisClusterNode primary = node("a", "10.0.0.1", 7000, null, false);
		List<RedisClusterNode> nodes = List.of(primary, node("b", "10.0.0.2", 7000, null, false),
				node("c", "10.0.0.3", 7000, "a", false), node("d", "10.0.0.4", 7000, "a", true),
				node("e", "10.0.0.5", 7000, "b", false));
		ServerRules.requireCountedShards(nodes, 2);
		assertThatExceptionOfType(UnsuitableRedisException.class)
			.isThrownBy(() -> ServerRules.requireCountedShards(nodes, 1))
			.satisfies((refusal) -> assertThat(refusal.server()).isEqualTo("10.0.0.1:7000"))
			.satisfies((refusal) -> assertThat(refusal.replicaCount())
				.isEqualTo(new ReplicaCount(2, 1, Topology.CLUSTER)));
	}

	private static RedisClusterNode node(String id, String host, int port, String primary, boolean failed) {
		RedisClusterNode.RedisClusterNodeBuilder node = RedisClusterNode.newRedisClusterNode()
			.withId(id)
			.listeningAt(host, port)
			.promotedAs((primary != null) ? NodeType.REPLICA : NodeType.MASTER)
			.replicaOf(primary);
		if (failed) {
			node.withFlags(Set.of(RedisClusterNode.Flag.FAIL));
		}
		return node.build();
	}

	/**
	 * Every reason has an analysis, the exhaustive switch's, that says what to change.
	 */
	@Test
	void everyReasonIsExplainedWithAnAction() {
		List<UnsuitableRedisException> refusals = List.of(UnsuitableRedisException.version(SERVER, "6.0.9"),
				UnsuitableRedisException.notPrimary(SERVER, "slave"), UnsuitableRedisException.replicaWritable(SERVER),
				UnsuitableRedisException.replicaMigration(SERVER),
				UnsuitableRedisException.replicaCount(SERVER, 2, 0, Topology.SENTINEL),
				UnsuitableRedisException.evictionPolicy(SERVER, "allkeys-lru"),
				UnsuitableRedisException.permission(SERVER, "leases", List.of("+hset"), "snowflake:{x:0}:lease:0"),
				UnsuitableRedisException.capability(SERVER, "WAIT", "unknown command"));
		assertThat(refusals).extracting(UnsuitableRedisException::reason).containsExactly(Reason.values());
		for (UnsuitableRedisException refusal : refusals) {
			FailureAnalysis analysis = LeaseApplications.analyze(new IllegalStateException("startup failed", refusal));
			assertThat(analysis.getDescription()).as(refusal.reason().name()).contains(refusal.getMessage());
			assertThat(analysis.getAction()).as(refusal.reason().name()).isNotBlank().doesNotContain("running");
		}
		assertThat(LeaseApplications.analyze(refusals.get(4)).getAction())
			.startsWith("Set snowflake.worker.redis.replicas=2 on every instance")
			.contains("SENTINEL REPLICAS <master>");
		assertThat(LeaseApplications.analyze(refusals.get(6)).getAction()).contains("ACL SETUSER leases +hset")
			.contains("~snowflake:*");
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(refusals.get(0)::replicaCount);
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(refusals.get(0)::missingPermissions);
	}

}
