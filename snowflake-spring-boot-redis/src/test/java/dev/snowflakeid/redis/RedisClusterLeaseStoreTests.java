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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseRenewal;
import dev.snowflakeid.lease.LeaseRenewal.Status;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.lease.WorkerLeaseException.StoreMismatchException;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import dev.snowflakeid.testsupport.RedisTopology;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The lease store on a Redis Cluster of three primaries started by the test: every script
 * touches only keys of one hash tag, so claim, renew and release run on the primary
 * owning the region's slot, with no CROSSSLOT or MOVED error, whichever primary that is.
 */
@RealProcesses
class RedisClusterLeaseStoreTests {

	private static final List<RedisServer> nodes = new ArrayList<>();

	private static LettuceConnectionFactory connections;

	/**
	 * One (namespace, region) per primary, mapped to the port of the primary that owns
	 * its slot.
	 */
	/** One namespace per primary, whose region-0 keys that primary owns. */
	private static final Map<String, RedisServer> namespacesByOwner = new LinkedHashMap<>();

	@BeforeAll
	static void startCluster() {
		nodes.addAll(RedisTopology.startCluster(3, 0));
		for (int namespace = 0; namespacesByOwner.size() < nodes.size() && namespace < 100; namespace++) {
			String tag = "cluster-" + namespace + ":0";
			RedisServer owner = ownerOf((Long) nodes.get(0).call("CLUSTER", "KEYSLOT", "{" + tag + "}"));
			if (!namespacesByOwner.containsValue(owner)) {
				namespacesByOwner.put("cluster-" + namespace, owner);
			}
		}
		assertThat(namespacesByOwner.values()).as("one namespace per primary").hasSize(3).doesNotHaveDuplicates();
		List<String> seeds = nodes.stream().map((node) -> "127.0.0.1:" + node.port()).toList();
		connections = RedisLeaseConnections.cluster(new RedisClusterConfiguration(seeds), Duration.ofSeconds(1));
		connections.afterPropertiesSet();
	}

	@SuppressWarnings("unchecked")
	private static RedisServer ownerOf(long slot) {
		for (Object range : (List<Object>) nodes.get(0).call("CLUSTER", "SLOTS")) {
			List<Object> entry = (List<Object>) range;
			if ((Long) entry.get(0) <= slot && slot <= (Long) entry.get(1)) {
				long port = (Long) ((List<Object>) entry.get(2)).get(1);
				return nodes.stream().filter((node) -> node.port() == port).findFirst().orElseThrow();
			}
		}
		throw new IllegalStateException("no node owns slot " + slot);
	}

	@AfterAll
	static void stopCluster() {
		if (connections != null) {
			connections.destroy();
		}
		nodes.forEach(RedisServer::close);
	}

	private static RedisWorkerLeaseStore store(String namespace, SnowflakeLayout layout) {
		return store(namespace, layout, Duration.ofSeconds(1));
	}

	// The request lateness the two-clocks check allows: store-level calls that nothing
	// retries (the first
	// after SCRIPT FLUSH goes EVALSHA, NOSCRIPT, then EVAL) may run seconds late on a
	// busy machine.
	private static RedisWorkerLeaseStore store(String namespace, SnowflakeLayout layout, Duration lateness) {
		// a key prefix per namespace: the tests share one Cluster, and a region of a key
		// space has one namespace
		return RedisWorkerLeaseStore.builder(connections, layout)
			.keyPrefix("t-" + namespace)
			.namespace(namespace)
			.ttl(Duration.ofSeconds(5))
			.timing(new LeaseTiming(Duration.ofMillis(200), Duration.ofMillis(50), Duration.ofMillis(50), Duration.ZERO,
					lateness))
			.commandTimeout(Duration.ofSeconds(5))
			.build();
	}

	@Test
	void everyPrimaryServesTheWholeLeaseLifecycleOfTheRegionsItOwns() {
		namespacesByOwner.forEach((namespace, owner) -> {
			RedisWorkerLeaseStore store = store(namespace, SnowflakeLayout.defaults(), Duration.ofSeconds(30));
			LeaseGrant grant = store.claim(-1);
			assertThat(owner.call("GET", store.settings().keys().lease(grant.workerCode()))).isEqualTo(grant.token());
			assertThat(owner.call("HGET", store.settings().keys().state(), "m:" + grant.workerCode()))
				.isEqualTo(Long.toString(grant.ceilingMillis()));
			LeaseRenewal renewal = store.renew(grant);
			assertThat(renewal.status()).isEqualTo(Status.RENEWED);
			assertThat(renewal.ceilingMillis()).isGreaterThanOrEqualTo(grant.ceilingMillis());
			assertThat(store.availableCodes()).isEqualTo(255);
			store.release(grant, grant.ceilingMillis() + 1_000);
			assertThat(owner.call("EXISTS", store.settings().keys().lease(grant.workerCode()))).isEqualTo(0L);
			LeaseGrant next = store.claim(grant.workerCode());
			assertThat(next.generation()).isEqualTo(grant.generation() + 1);
			assertThat(next.floorMillis()).isGreaterThanOrEqualTo(renewal.ceilingMillis());
		});
	}

	/**
	 * The format record lies in another slot than a region's keys, so the lease script
	 * cannot compare it. A region whose state was lost together with the record can be
	 * taken by another namespace, whose start makes the record again; the first
	 * namespace's next grant detects the loss and is used only after the record was
	 * compared again, which refuses it: two namespaces never issue in one region.
	 */
	@Test
	void afterARegionLostWithTheFormatRecordTheRecordIsComparedAgainBeforeAGrantIsUsed() {
		RedisWorkerLeaseStore first = sharedPrefixStore("a");
		LeaseGrant held = first.claim(-1);
		delete(first.settings().keys().state());
		delete(first.settings().keys().format());
		RedisWorkerLeaseStore second = sharedPrefixStore("b");
		second.claim(-1);
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> first.renew(held))
			.withMessageContaining("belongs to namespace 'b'");
		long free = first.availableCodes();
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> first.claim(-1))
			.withMessageContaining("belongs to namespace 'b'");
		assertThat(first.availableCodes()).as("the refused claim was given back").isEqualTo(free);
	}

	private static RedisWorkerLeaseStore sharedPrefixStore(String namespace) {
		return RedisWorkerLeaseStore.builder(connections, SnowflakeLayout.defaults())
			.keyPrefix("t-lost")
			.namespace(namespace)
			.ttl(Duration.ofSeconds(5))
			.timing(new LeaseTiming(Duration.ofMillis(200), Duration.ofMillis(50), Duration.ofMillis(50), Duration.ZERO,
					Duration.ofSeconds(30)))
			.commandTimeout(Duration.ofSeconds(5))
			.build();
	}

	private static void delete(String key) {
		ownerOf((Long) nodes.get(0).call("CLUSTER", "KEYSLOT", key)).call("DEL", key);
	}

	@Test
	void fencingAndExpiryRepliesWorkOnEveryPrimary() {
		namespacesByOwner.forEach((namespace, owner) -> {
			RedisWorkerLeaseStore store = store(namespace + "-fence", SnowflakeLayout.defaults());
			LeaseGrant stale = store.claim(-1);
			int code = stale.workerCode();
			ownerOf((Long) owner.call("CLUSTER", "KEYSLOT", store.settings().keys().lease(code))).call("DEL",
					store.settings().keys().lease(code));
			assertThat(store.renew(stale).status()).isEqualTo(Status.EXPIRED);
			LeaseGrant successor = store.claim(code);
			assertThat(successor.workerCode()).isEqualTo(code);
			assertThat(successor.floorMillis()).isGreaterThanOrEqualTo(stale.ceilingMillis());
			assertThat(store.renew(stale).status()).isEqualTo(Status.FENCED);
			assertThat(store.renew(successor).status()).isEqualTo(Status.RENEWED);
		});
	}

	@Test
	void aWorkerIssuesRenewsAndReleasesOnEveryPrimary() {
		IdLedger ledger = new IdLedger(SnowflakeLayout.defaults());
		namespacesByOwner.forEach((namespace, owner) -> {
			RedisWorkerLeaseStore store = store(namespace + "-worker", SnowflakeLayout.defaults());
			LeaseWorker worker = LeaseWorker.builder(namespace, store, ledger).build();
			try {
				worker.start();
				worker.awaitIssuing(Duration.ofSeconds(5));
				worker.awaitRenewals(2, Duration.ofSeconds(5));
				worker.issue(1_000);
			}
			finally {
				worker.close();
			}
			int code = worker.events().get(0).lease().workerCode();
			assertThat(owner.call("EXISTS", store.settings().keys().lease(code))).isEqualTo(0L);
		});
		ledger.assertConsistent();
	}

	@Test
	void metaCheckAndScriptFlushOnACluster() {
		String namespace = namespacesByOwner.keySet().iterator().next() + "-meta";
		RedisWorkerLeaseStore store = store(namespace, SnowflakeLayout.defaults(), Duration.ofSeconds(30));
		LeaseGrant grant = store.claim(-1);
		RedisWorkerLeaseStore other = store(namespace,
				SnowflakeLayout.builder().timestampBits(40).workerBits(9).build(), Duration.ofSeconds(30));
		assertThatExceptionOfType(StoreMismatchException.class).isThrownBy(() -> other.claim(-1));
		for (RedisServer node : nodes) {
			node.call("SCRIPT", "FLUSH");
		}
		assertThat(store.renew(grant).status()).isEqualTo(Status.RENEWED);
		store.release(grant, Long.MIN_VALUE);
	}

}
