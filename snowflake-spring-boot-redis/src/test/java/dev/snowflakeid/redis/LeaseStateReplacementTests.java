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
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.LeaseGrant;
import dev.snowflakeid.lease.LeaseTiming;
import dev.snowflakeid.testsupport.RealProcesses;
import dev.snowflakeid.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A region's state hash replaced by an older copy of itself, on the same server and so
 * with the same lineage, is a detected loss whatever command did it: the first claim
 * afterwards starts above every ceiling granted before the replacement. Each test grants
 * (a claim and renewals) in database 0, replaces the state with a command a real
 * {@code redis-server} runs, and claims again. Without the database index and the witness
 * the state records, each of these claims would start at the copy's marks, below ceilings
 * still in use.
 */
@RealProcesses
class LeaseStateReplacementTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.timestampBits(41)
		.regionBits(2)
		.workerBits(2)
		.sequenceBits(18)
		.build();

	private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(2), Duration.ofMillis(250),
			Duration.ofMillis(500), Duration.ZERO);

	private final RedisServer redis = RedisServer.start();

	private final List<LettuceConnectionFactory> factories = new ArrayList<>();

	private final List<RedisServer> others = new ArrayList<>();

	@AfterEach
	void stop() {
		this.factories.forEach(LettuceConnectionFactory::destroy);
		this.others.forEach(RedisServer::close);
		this.redis.close();
	}

	@Test
	void swapdbWithAnotherFleetsDatabaseIsALoss() {
		// Another fleet leases the same region in database 1, earlier: its marks lie
		// below this fleet's ceilings.
		grant(store(this.redis, 1));
		long ceiling = grant(store(this.redis, 0));
		this.redis.call("SWAPDB", "0", "1");
		assertNextClaimStartsAbove(ceiling);
	}

	@Test
	void copyFromAnotherDatabaseWithReplaceIsALoss() {
		grant(store(this.redis, 1));
		long ceiling = grant(store(this.redis, 0));
		this.redis.callInDatabase(1, "COPY", state(), state(), "DB", "0", "REPLACE");
		assertNextClaimStartsAbove(ceiling);
	}

	@Test
	void moveFromAnotherDatabaseIsALoss() {
		grant(store(this.redis, 1));
		long ceiling = grant(store(this.redis, 0));
		this.redis.call("DEL", state());
		this.redis.callInDatabase(1, "MOVE", state(), "0");
		assertThat(this.redis.call("EXISTS", state())).isEqualTo(1L);
		assertNextClaimStartsAbove(ceiling);
	}

	@Test
	void copyOfABackupWithReplaceIsALoss() {
		replaced((before) -> this.redis.call("COPY", state(), state() + "-backup"),
				(after) -> this.redis.call("COPY", state() + "-backup", state(), "REPLACE"));
	}

	@Test
	void renameOfABackupOntoTheStateIsALoss() {
		replaced((before) -> this.redis.call("COPY", state(), state() + "-backup"),
				(after) -> this.redis.call("RENAME", state() + "-backup", state()));
	}

	@Test
	void restoreOfADumpIsALoss() {
		StringRedisTemplate template = template(this.redis, 0);
		byte[][] dump = new byte[1][];
		replaced((before) -> dump[0] = template.dump(state()),
				(after) -> template.restore(state(), dump[0], 0, TimeUnit.MILLISECONDS, true));
	}

	@Test
	void migrateOfAStaleCopyWithReplaceIsALoss() {
		RedisServer other = RedisServer.start();
		this.others.add(other);
		StringRedisTemplate here = template(this.redis, 0);
		StringRedisTemplate there = template(other, 0);
		replaced((before) -> there.restore(state(), here.dump(state()), 0, TimeUnit.MILLISECONDS, true),
				(after) -> other.call("MIGRATE", "127.0.0.1", Integer.toString(this.redis.port()), state(), "0", "5000",
						"REPLACE"));
	}

	@Test
	void aLostWitnessBesideItsStateIsALoss() {
		long ceiling = grant(store(this.redis, 0));
		this.redis.call("DEL", witness());
		assertNextClaimStartsAbove(ceiling);
	}

	@Test
	void withoutAReplacementTheLossFloorIsNotRaisedAgain() {
		// The control: the first claim on an empty server is a loss; a later claim of
		// another code on untouched
		// data starts at that same loss floor, not at a new one.
		RedisWorkerLeaseStore store = store(this.redis, 0);
		LeaseGrant first = store.claim(3);
		store.renew(first);
		LeaseGrant next = store.claim(2);
		assertThat(first.floorMillis())
			.isGreaterThanOrEqualTo(first.storeTimeMillis() + TIMING.quarantine().toMillis());
		assertThat(next.floorMillis()).isEqualTo(first.floorMillis());
	}

	/**
	 * Grants in database 0, takes a copy, grants more, puts the copy back and claims
	 * again.
	 */
	private void replaced(Consumer<Void> takeCopy, Consumer<Void> putBack) {
		RedisWorkerLeaseStore store = store(this.redis, 0);
		grant(store);
		takeCopy.accept(null);
		long ceiling = grant(store);
		putBack.accept(null);
		assertNextClaimStartsAbove(ceiling);
	}

	private void assertNextClaimStartsAbove(long ceiling) {
		LeaseGrant next = store(this.redis, 0).claim(3);
		assertThat(next.floorMillis()).as("floor of the first claim after the replacement")
			.isGreaterThan(ceiling)
			.isGreaterThanOrEqualTo(next.storeTimeMillis() + TIMING.quarantine().toMillis());
	}

	// A claim of code 3 and three renewals: answers the highest ceiling granted.
	private static long grant(RedisWorkerLeaseStore store) {
		LeaseGrant grant = store.claim(3);
		long ceiling = grant.ceilingMillis();
		for (int i = 0; i < 3; i++) {
			ceiling = Math.max(ceiling, store.renew(grant).ceilingMillis());
		}
		store.release(grant, ceiling);
		return ceiling;
	}

	private RedisWorkerLeaseStore store(RedisServer server, int database) {
		return RedisWorkerLeaseStore.builder(template(server, database), LAYOUT)
			.region(1)
			.ttl(Duration.ofSeconds(5))
			.timing(TIMING)
			.build();
	}

	private StringRedisTemplate template(RedisServer server, int database) {
		RedisStandaloneConfiguration configuration = new RedisStandaloneConfiguration("127.0.0.1", server.port());
		configuration.setDatabase(database);
		LettuceConnectionFactory factory = RedisLeaseConnections.standalone(configuration);
		factory.afterPropertiesSet();
		this.factories.add(factory);
		return new StringRedisTemplate(factory);
	}

	private static String state() {
		return RegionKeys.of("snowflake", "default", 1).state();
	}

	private static String witness() {
		return RegionKeys.of("snowflake", "default", 1).witness();
	}

}
