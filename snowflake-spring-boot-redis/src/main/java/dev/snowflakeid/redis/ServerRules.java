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

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

import dev.snowflakeid.redis.UnsuitableRedisException.Topology;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisClusterNode;

/**
 * The rules a lease Redis must pass, each judged on facts the server reported, each
 * refusal an {@link UnsuitableRedisException} naming the server and the setting. No rule
 * reads from a server or is ever relaxed: a fact that could not be read is the reader's
 * to report.
 */
final class ServerRules {

	/**
	 * How the lease script reads the lineage: hexadecimal {@code run_id} and
	 * {@code master_replid}.
	 */
	private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]+");

	private ServerRules() {
	}

	/**
	 * {@link RedisLeaseServerCheck#MINIMUM_VERSION} or later, for {@code SET ... PXAT}.
	 */
	static void requireVersion(String server, Properties info) {
		String version = info.getProperty("redis_version", "");
		if (compareVersions(version, RedisLeaseServerCheck.MINIMUM_VERSION) < 0) {
			throw UnsuitableRedisException.version(server, version);
		}
	}

	/**
	 * The lease script reads the data's lineage from this field, as hexadecimal digits.
	 */
	static void requireHex(String server, Properties info, String field) {
		String value = info.getProperty(field);
		if (value == null || !HEX.matcher(value.trim()).matches()) {
			throw UnsuitableRedisException.capability(server, "INFO " + field,
					(value == null) ? "INFO does not show it" : "INFO shows '" + value + "', not hexadecimal digits");
		}
	}

	/**
	 * The role {@code INFO replication} shows, where one is required ({@code null}: any).
	 */
	static void requireRole(String server, Properties replication, @Nullable String requiredRole) {
		String role = replication.getProperty("role", "");
		if (requiredRole != null && !requiredRole.equals(role)) {
			throw UnsuitableRedisException.notPrimary(server, role);
		}
	}

	/** {@code replica-read-only}, unless it could not be read ({@code null}). */
	static void requireReadOnlyReplicas(String server, @Nullable String readOnly) {
		if ("no".equalsIgnoreCase(readOnly)) {
			throw UnsuitableRedisException.replicaWritable(server);
		}
	}

	/** {@code maxmemory-policy}, unless it could not be read ({@code null}). */
	static void requireNoAllKeysEviction(String server, @Nullable String policy) {
		if (policy != null && policy.toLowerCase(Locale.ROOT).startsWith("allkeys-")) {
			throw UnsuitableRedisException.evictionPolicy(server, policy);
		}
	}

	/**
	 * {@code cluster-allow-replica-migration} of a Cluster node, unless it could not be
	 * read ({@code null}).
	 */
	static void requireNoReplicaMigration(String server, @Nullable String migration) {
		if ("yes".equalsIgnoreCase(migration)) {
			throw UnsuitableRedisException.replicaMigration(server);
		}
	}

	/**
	 * A primary with at most the counted replicas attached; the lease script would refuse
	 * every grant else.
	 */
	static void requireCountedReplicas(String server, int attached, int configured, Topology topology) {
		if (attached > configured) {
			throw UnsuitableRedisException.replicaCount(server, attached, configured, topology);
		}
	}

	/**
	 * Every shard of a Cluster with at most the counted replicas. Every replica counts,
	 * failed ones included: a replica that is down may come back.
	 */
	static void requireCountedShards(Iterable<RedisClusterNode> nodes, int configured) {
		Map<String, Integer> shards = new HashMap<>();
		for (RedisClusterNode node : nodes) {
			if (node.isReplica() && node.getMasterId() != null) {
				shards.merge(node.getMasterId(), 1, Integer::sum);
			}
		}
		for (RedisClusterNode primary : nodes) {
			requireCountedReplicas(primary.getHost() + ":" + primary.getPort(), shards.getOrDefault(primary.getId(), 0),
					configured, Topology.CLUSTER);
		}
	}

	/**
	 * The value of a setting that keeps leases safe, for a warning that it could not be
	 * read.
	 */
	static String safeValue(String setting) {
		return switch (setting) {
			case "replica-read-only" -> "yes";
			case "cluster-allow-replica-migration" -> "no";
			default -> "noeviction or a volatile-* policy";
		};
	}

	/** Compares dotted versions numerically; missing or non-numeric parts count as 0. */
	static int compareVersions(String left, String right) {
		String[] a = left.split("\\.");
		String[] b = right.split("\\.");
		for (int i = 0; i < Math.max(a.length, b.length); i++) {
			int difference = Integer.compare(number(a, i), number(b, i));
			if (difference != 0) {
				return difference;
			}
		}
		return 0;
	}

	private static int number(String[] parts, int index) {
		if (index >= parts.length) {
			return 0;
		}
		try {
			return Integer.parseInt(parts[index].replaceAll("[^0-9].*$", ""));
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

}
